import { pageKey, readStoreStatus } from '../../api/stores.ts';
import { formatDateTime, t } from '../../i18n/index.ts';
import { useResource } from '../../ui/resource.ts';

/** What a visitor of the store finder sees of the store now: open or closed, today's hours, its own page. */
export function VisitorView({
  projectId,
  locationId,
  version,
  showsPageLink,
}: {
  projectId: string;
  locationId: string;
  /** Changes after each save, so the view reads the store again. */
  version: string;
  /** Whether the person may read the project's publishable keys (the page's address holds one). */
  showsPageLink: boolean;
}) {
  const store = useResource(() => readStoreStatus(projectId, locationId), [projectId, locationId, version]);
  const key = useResource(
    () => (showsPageLink ? pageKey(projectId) : Promise.resolve(undefined)),
    [projectId, showsPageLink],
  );
  const location = store.data.value;
  if (store.error.value) return <p class="field-error">{store.error.value}</p>;
  if (!location) return <p class="meta">{t('loading')}</p>;
  const status = location.status;
  const openText =
    status?.open_now === true
      ? t('visitorOpen')
      : status?.open_now === false
        ? t('visitorClosed')
        : t('visitorUnknown');
  return (
    <div class="visitor-view">
      {location.visible ? null : <p class="notice">{t('visitorHidden')}</p>}
      <dl class="facts">
        <dt>{t('visitorNow')}</dt>
        <dd>{openText}</dd>
        <dt>{t('visitorToday')}</dt>
        <dd>{status?.today ?? '—'}</dd>
        <dt>{t('visitorNextChange')}</dt>
        <dd>{formatDateTime(status?.next_change)}</dd>
        {status?.special ? (
          <>
            <dt>{t('visitorSpecial')}</dt>
            <dd>{status.special.label ?? t('visitorSpecialUnnamed')}</dd>
          </>
        ) : null}
      </dl>
      {key.data.value && location.visible ? (
        <p>
          <a href={`/finder/${encodeURIComponent(key.data.value)}/${encodeURIComponent(location.slug)}`}>
            {t('visitorPage')}
          </a>
        </p>
      ) : showsPageLink ? (
        <p class="meta">{t('visitorNoPage')}</p>
      ) : null}
    </div>
  );
}
