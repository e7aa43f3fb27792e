import { useSignal } from '@preact/signals';
import { useLocation } from 'preact-iso';
import { changePassword, listSessions, signOutEverywhere, updateName } from '../api/account.ts';
import { addPasskey, listPasskeys, removePasskey } from '../api/passkeys.ts';
import { formatDateTime, t } from '../i18n/index.ts';
import { paths } from '../paths.ts';
import { endSession, session } from '../state/session.ts';
import { announce, announceAcrossMove, announceError } from '../state/status.ts';
import { runChange } from '../ui/change.ts';
import { Field, Form, NewPasswordField, SubmitButton, useSubmit } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { useResource } from '../ui/resource.ts';

function NameForm() {
  const current = session.value;
  const name = useSignal(current?.user.name ?? '');
  const submission = useSubmit(async () => {
    const user = await updateName(name.value);
    if (session.value) session.value = { ...session.value, user: { ...session.value.user, ...user } };
    announce(t('nameSaved'));
  });
  return (
    <section aria-labelledby="profile-heading">
      <h2 id="profile-heading">{t('profile')}</h2>
      <p>{t('signedInAs', { email: current?.user.email ?? '' })}</p>
      <Form submission={submission} label={t('profile')}>
        <Field
          id="profile-name"
          name="name"
          label={t('yourName')}
          value={name}
          errors={submission.errors.value}
          autocomplete="name"
          required
        />
        <SubmitButton submission={submission}>{t('save')}</SubmitButton>
      </Form>
    </section>
  );
}

function PasswordForm() {
  const current = useSignal('');
  const next = useSignal('');
  const submission = useSubmit(async () => {
    await changePassword({ current_password: current.value, new_password: next.value });
    current.value = '';
    next.value = '';
    announce(t('passwordChanged'));
  });
  return (
    <section aria-labelledby="password-heading">
      <h2 id="password-heading">{t('password')}</h2>
      <Form submission={submission} label={t('changePassword')}>
        <Field
          id="current-password"
          name="current_password"
          label={t('currentPassword')}
          type="password"
          value={current}
          errors={submission.errors.value}
          autocomplete="current-password"
          required
        />
        <NewPasswordField id="new-password" name="new_password" value={next} errors={submission.errors.value} />
        <SubmitButton submission={submission}>{t('changePassword')}</SubmitButton>
      </Form>
    </section>
  );
}

function Passkeys() {
  const passkeys = useResource(listPasskeys, []);
  const name = useSignal('');
  const submission = useSubmit(async () => {
    const added = await addPasskey(name.value);
    name.value = '';
    announce(t('passkeyAdded', { name: added.name }));
    await passkeys.reload();
  });
  return (
    <section aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">{t('passkeys')}</h2>
      <p>{t('passkeysIntro')}</p>
      {passkeys.error.value ? <p class="field-error">{passkeys.error.value}</p> : null}
      {passkeys.data.value?.length === 0 ? <p>{t('passkeysNone')}</p> : null}
      {passkeys.data.value?.length ? (
        <ul class="cards" aria-label={t('yourPasskeys')}>
          {passkeys.data.value.map((passkey) => (
            <li key={passkey.id}>
              <span>{passkey.name}</span>
              <span class="meta">{t('addedOn', { when: formatDateTime(passkey.created_at) })}</span>
              <button
                type="button"
                class="danger"
                aria-label={t('removePasskeyNamed', { name: passkey.name })}
                onClick={() =>
                  runChange(
                    () => removePasskey(passkey.id),
                    t('passkeyRemoved', { name: passkey.name }),
                    passkeys.reload,
                  )
                }
              >
                {t('remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Form submission={submission} label={t('addPasskey')}>
        <Field
          id="passkey-name"
          name="name"
          label={t('passkeyName')}
          value={name}
          errors={submission.errors.value}
          hint={t('passkeyNameHint')}
          required
        />
        <SubmitButton submission={submission}>{t('addPasskey')}</SubmitButton>
      </Form>
    </section>
  );
}

function Sessions() {
  const { route } = useLocation();
  const sessions = useResource(listSessions, []);
  return (
    <section aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">{t('sessions')}</h2>
      {sessions.error.value ? <p class="field-error">{sessions.error.value}</p> : null}
      {sessions.data.value?.length ? (
        <ul class="cards" aria-label={t('yourSessions')}>
          {sessions.data.value.map((signedIn) => (
            <li key={signedIn.id}>
              <span>
                {signedIn.user_agent ?? t('unknownBrowser')}
                {signedIn.current ? <strong> {t('thisBrowser')}</strong> : null}
              </span>
              <span class="meta">{t('lastSeen', { when: formatDateTime(signedIn.last_seen_at) })}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <button
        type="button"
        class="danger"
        onClick={async () => {
          if (!confirm(t('signOutEverywhereConfirm'))) return;
          try {
            await signOutEverywhere();
            endSession();
            announceAcrossMove(t('signedOutEverywhere'));
            route(paths.signIn);
          } catch (error) {
            announceError(error);
          }
        }}
      >
        {t('signOutEverywhere')}
      </button>
    </section>
  );
}

/** The signed-in person's own account: name, password, passkeys, where they are signed in. */
export function AccountPage() {
  return (
    <Page title={t('accountTitle')}>
      <NameForm />
      <PasswordForm />
      <Passkeys />
      <Sessions />
    </Page>
  );
}
