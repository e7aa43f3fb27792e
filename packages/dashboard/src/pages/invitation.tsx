import { useSignal } from '@preact/signals';
import { useLocation } from 'preact-iso';
import { acceptInvitation } from '../api/invitations.ts';
import { t } from '../i18n/index.ts';
import { linkToken, paths } from '../paths.ts';
import { refreshProjects, session, startSession } from '../state/session.ts';
import { announceAcrossMove } from '../state/status.ts';
import { Field, Form, NewPasswordField, SubmitButton, useSubmit } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';

/** This address with its fragment, where the link's token may be. */
const here = () => `${location.pathname}${location.search}${location.hash}`;

/**
 * An invitation's link: a signed-in person joins with one button; someone new makes their user (name and password)
 * and is signed in; someone with a user who is signed out signs in first and comes back to the link.
 */
export function InvitationPage() {
  const { query, route } = useLocation();
  const token = linkToken(query);
  const name = useSignal('');
  const password = useSignal('');
  const signedIn = Boolean(session.value);
  const submission = useSubmit(async () => {
    const joined = await acceptInvitation(signedIn ? { token } : { token, name: name.value, password: password.value });
    if (joined.session) await startSession(joined.session);
    else await refreshProjects();
    announceAcrossMove(t('invitationAccepted'));
    route(paths.project(joined.project_id));
  });
  if (!token)
    return (
      <Page title={t('invitationTitle')}>
        <p class="notice">{t('invitationNoToken')}</p>
      </Page>
    );
  return (
    <Page title={t('invitationTitle')}>
      {signedIn ? (
        <Form submission={submission}>
          <p>{t('invitationJoinAs', { name: session.value?.user.name ?? '' })}</p>
          <SubmitButton submission={submission}>{t('invitationJoin')}</SubmitButton>
        </Form>
      ) : (
        <>
          <h2>{t('invitationNewTitle')}</h2>
          <Form submission={submission}>
            <Field
              id="name"
              label={t('yourName')}
              value={name}
              errors={submission.errors.value}
              autocomplete="name"
              required
            />
            <NewPasswordField label={t('password')} value={password} errors={submission.errors.value} />
            <SubmitButton submission={submission}>{t('invitationCreate')}</SubmitButton>
          </Form>
          <h2>{t('invitationHaveUser')}</h2>
          <p>
            <a href={`${paths.signIn}?next=${encodeURIComponent(here())}`}>{t('invitationSignInFirst')}</a>
          </p>
        </>
      )}
    </Page>
  );
}
