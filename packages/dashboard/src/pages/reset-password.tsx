import { useSignal } from '@preact/signals';
import { useLocation } from 'preact-iso';
import { requestPasswordReset, resetPassword } from '../api/password-reset.ts';
import { t } from '../i18n/index.ts';
import { linkToken, paths } from '../paths.ts';
import { announce, announceAcrossMove } from '../state/status.ts';
import { EmailField, Form, NewPasswordField, SubmitButton, useSubmit } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';

function RequestLink() {
  const email = useSignal('');
  const sent = useSignal(false);
  const submission = useSubmit(async () => {
    await requestPasswordReset(email.value);
    sent.value = true;
    announce(t('resetLinkSent'));
  });
  return (
    <Page title={t('resetTitle')}>
      {sent.value ? (
        <p class="notice">{t('resetLinkSent')}</p>
      ) : (
        <>
          <p>{t('resetIntro')}</p>
          <Form submission={submission}>
            <EmailField value={email} errors={submission.errors.value} />
            <SubmitButton submission={submission}>{t('resetSend')}</SubmitButton>
          </Form>
        </>
      )}
      <p>
        <a href={paths.signIn}>{t('backToSignIn')}</a>
      </p>
    </Page>
  );
}

function SetPassword({ token }: { token: string }) {
  const { route } = useLocation();
  const password = useSignal('');
  const submission = useSubmit(async () => {
    await resetPassword({ token, password: password.value });
    announceAcrossMove(t('resetDone'));
    route(paths.signIn);
  });
  return (
    <Page title={t('resetSetTitle')}>
      <Form submission={submission}>
        <NewPasswordField value={password} errors={submission.errors.value} />
        <SubmitButton submission={submission}>{t('resetSet')}</SubmitButton>
      </Form>
    </Page>
  );
}

/** A forgotten password: ask for a link, or (opened from the link) set a new password. */
export function ResetPasswordPage() {
  const { query } = useLocation();
  const token = linkToken(query);
  return token ? <SetPassword token={token} /> : <RequestLink />;
}
