import { t } from '../i18n/index.ts';
import { paths } from '../paths.ts';
import { Page } from '../ui/page.tsx';

export function NotFoundPage() {
  return (
    <Page title={t('notFoundTitle')}>
      <p>
        <a href={paths.home}>{t('backHome')}</a>
      </p>
    </Page>
  );
}
