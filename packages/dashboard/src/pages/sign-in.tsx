import { LocatorApiError } from '@locator/client';
import { useSignal } from '@preact/signals';
import { useLocation } from 'preact-iso';
import { signInWithPasskey } from '../api/passkeys.ts';
import { signIn } from '../api/session.ts';
import { t } from '../i18n/index.ts';
import { paths } from '../paths.ts';
import { homePath, startSession } from '../state/session.ts';
import { announceAcrossMove, announceError, announceProblem, clearStatus } from '../state/status.ts';
import { EmailField, Field, Form, SubmitButton, useSubmit } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';

/** A sign-in refused: the server says no more than that it did not work, whichever part was wrong. */
function refused(error: unknown): void {
  if (error instanceof LocatorApiError && error.status === 401) announceProblem(t('signInFailed'));
  else announceError(error);
}

const passkeysWork = () => typeof globalThis.PublicKeyCredential === 'function';

/**
 * Sign in with e-mail and password, or a passkey. Shown at /dashboard/sign-in and in place of any screen opened
 * without a session, which then shows once signed in (the address stays).
 */
export function SignInPage() {
  const { path, query, route } = useLocation();
  const email = useSignal('');
  const password = useSignal('');
  const passkeyPending = useSignal(false);
  const done = async (session: Parameters<typeof startSession>[0]) => {
    await startSession(session);
    announceAcrossMove(t('signedIn', { name: session.user.name }));
    // Back to where the person came from (an invitation's link), never to another site.
    if (path === paths.signIn) route(query.next?.startsWith(`${paths.home}/`) ? query.next : homePath());
  };
  const submission = useSubmit(async () => {
    try {
      await done(await signIn({ email: email.value, password: password.value }));
    } catch (error) {
      refused(error);
    }
  });
  return (
    <Page title={t('signInTitle')}>
      <Form submission={submission}>
        <EmailField autocomplete="username webauthn" value={email} errors={submission.errors.value} />
        <Field
          id="password"
          label={t('password')}
          type="password"
          value={password}
          errors={submission.errors.value}
          autocomplete="current-password"
          required
        />
        <SubmitButton submission={submission}>{t('signIn')}</SubmitButton>
      </Form>
      {passkeysWork() ? (
        <p>
          <button
            type="button"
            disabled={passkeyPending.value}
            onClick={async () => {
              passkeyPending.value = true;
              clearStatus();
              try {
                await done(await signInWithPasskey());
              } catch (error) {
                refused(error);
              } finally {
                passkeyPending.value = false;
              }
            }}
          >
            {t('signInWithPasskey')}
          </button>
        </p>
      ) : null}
      <p>
        <a href={paths.resetPassword}>{t('forgotPassword')}</a>
      </p>
      <p>
        <a href={paths.setup}>{t('setupLink')}</a>
      </p>
    </Page>
  );
}
