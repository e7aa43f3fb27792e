import { LocatorApiError } from '@locator/client';
import { useSignal } from '@preact/signals';
import { useLocation } from 'preact-iso';
import { setUp } from '../api/session.ts';
import { t } from '../i18n/index.ts';
import { paths } from '../paths.ts';
import { homePath, needsSetup, startSession } from '../state/session.ts';
import { announceAcrossMove } from '../state/status.ts';
import { EmailField, Field, Form, NewPasswordField, SubmitButton, useSubmit } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';

/** The first run of a new server: its first user, the owner, with their project. */
export function FirstRunPage() {
  const { route } = useLocation();
  const name = useSignal('');
  const email = useSignal('');
  const password = useSignal('');
  const taken = useSignal(false);
  const submission = useSubmit(async () => {
    try {
      const session = await setUp({ name: name.value, email: email.value, password: password.value });
      needsSetup.value = false;
      await startSession(session);
      announceAcrossMove(t('setupDone'));
      route(homePath());
    } catch (error) {
      if (error instanceof LocatorApiError && error.status === 409) {
        needsSetup.value = false;
        taken.value = true;
        return;
      }
      throw error;
    }
  });
  return (
    <Page title={t('setupTitle')}>
      {taken.value ? (
        <p class="notice">
          {t('setupTaken')} <a href={paths.signIn}>{t('signIn')}</a>
        </p>
      ) : (
        <>
          <p>{t('setupIntro')}</p>
          <Form submission={submission}>
            <Field
              id="name"
              label={t('yourName')}
              value={name}
              errors={submission.errors.value}
              autocomplete="name"
              required
            />
            <EmailField value={email} errors={submission.errors.value} />
            <NewPasswordField label={t('password')} value={password} errors={submission.errors.value} />
            <SubmitButton submission={submission}>{t('setupSubmit')}</SubmitButton>
          </Form>
        </>
      )}
    </Page>
  );
}
