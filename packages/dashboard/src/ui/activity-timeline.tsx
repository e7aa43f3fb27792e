import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { type ChangeEvent, type HistoryFilter, readHistory } from '../api/events.ts';
import { listMembers, type Member } from '../api/members.ts';
import { formatDateTime, type MessageKey, t } from '../i18n/index.ts';
import { paths } from '../paths.ts';
import { announceError, errorText } from '../state/status.ts';
import { useResource } from './resource.ts';

// The change feed as a timeline, newest first: who made each change, when, and what changed field by field. The
// Activity screen shows the whole project's; a store's page shows its own (`location`).

const SETTING_KINDS: Record<string, MessageKey> = {
  location_type: 'kindLocationType',
  marker: 'kindMarker',
  filter: 'kindFilter',
  field: 'kindField',
  call_to_action: 'kindCallToAction',
};

const LOCATION_EVENTS: Record<string, MessageKey> = {
  'location.created': 'eventLocationCreated',
  'location.updated': 'eventLocationUpdated',
  'location.deleted': 'eventLocationDeleted',
  'geocoding.failed': 'eventGeocodingFailed',
};

const SETTING_ACTIONS: Record<string, MessageKey> = {
  created: 'eventSettingCreated',
  updated: 'eventSettingUpdated',
  deleted: 'eventSettingDeleted',
};

/** The longest a changed value is shown; an hours table or a list is cut there. */
const VALUE_LENGTH = 160;

/** The address of the Activity screen with these filters (in the URL, so a reload, Back and a shared link keep them). */
export function activityPath(projectId: string, filter: HistoryFilter): string {
  const query = new URLSearchParams();
  if (filter.location) query.set('location', filter.location);
  if (filter.actor) query.set('actor', filter.actor);
  const search = query.toString();
  return `${paths.project(projectId, 'activity')}${search ? `?${search}` : ''}`;
}

/** Who made a change, in words: a member by name, a token, the import, the geocoding queue. */
export function actorName(actor: ChangeEvent['actor'], members: readonly Member[]): string {
  switch (actor.type) {
    case 'user':
      return members.find((member) => member.user_id === actor.id)?.name ?? t('actorFormerMember', { id: actor.id });
    case 'token':
      return t('actorToken', { id: actor.id });
    case 'legacy_token':
      return t('actorLegacyToken');
    case 'cli':
      return t('actorCli', { id: actor.id });
    case 'import':
      return t('actorImport', { id: actor.id });
    case 'system':
      return t('actorSystem');
  }
}

function nameIn(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const name = (value as { name?: unknown }).name;
  return typeof name === 'string' && name !== '' ? name : undefined;
}

/** The store an event is about, by name (its last name, for a deletion). */
function storeName(event: ChangeEvent): string {
  return nameIn(event.data.location) ?? t('unnamed');
}

/** What an event did, in words ("changed the store Riverside"). */
function eventSummary(event: ChangeEvent): string {
  const locationKey = LOCATION_EVENTS[event.type];
  if (locationKey) return t(locationKey, { name: storeName(event) });
  if (event.type === 'import.completed') return t('eventImportCompleted');
  if (event.type === 'branding.updated') return t('eventBrandingUpdated');
  const [kind = '', action = ''] = event.type.split('.');
  const actionKey = SETTING_ACTIONS[action];
  if (actionKey) {
    return t(actionKey, {
      kind: t(SETTING_KINDS[kind] ?? 'kindOther'),
      name: nameIn(event.data.setting) ?? t('unnamed'),
    });
  }
  return t('eventOther', { type: event.type });
}

/** A changed value as text: empty, a word or number as it is, anything larger as (cut) JSON. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return t('changeEmpty');
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > VALUE_LENGTH ? `${text.slice(0, VALUE_LENGTH - 1)}…` : text;
}

function Changes({ changes }: { changes: NonNullable<ChangeEvent['changes']> }) {
  const keys = Object.keys(changes);
  if (keys.length === 0) return null;
  return (
    <dl class="changes">
      {keys.map((key) => (
        <div key={key}>
          <dt>
            <code>{key}</code>
          </dt>
          <dd>{t('changeFromTo', { old: valueText(changes[key]?.old), new: valueText(changes[key]?.new) })}</dd>
        </div>
      ))}
    </dl>
  );
}

function TimelineItem({
  event,
  projectId,
  actor,
  members,
  showStoreLinks,
}: {
  event: ChangeEvent;
  projectId: string;
  /** The person filter on, kept by the link to this store's changes. */
  actor: string | undefined;
  members: readonly Member[];
  showStoreLinks: boolean;
}) {
  const location = event.location_id;
  return (
    <li>
      <p class="timeline-line">
        <strong>{actorName(event.actor, members)}</strong> {eventSummary(event)}
      </p>
      <p class="meta">
        <time dateTime={event.occurred_at}>{formatDateTime(event.occurred_at)}</time>
        {showStoreLinks && location ? (
          <>
            {' · '}
            {event.type === 'location.deleted' ? null : (
              <>
                <a href={paths.project(projectId, `stores/${location}`)}>
                  {t('activityOpenStore', { name: storeName(event) })}
                </a>
                {' · '}
              </>
            )}
            <a
              href={activityPath(projectId, { location, actor })}
              aria-label={t('activityOnlyStoreNamed', { name: storeName(event) })}
            >
              {t('activityOnlyThisStore')}
            </a>
          </>
        ) : null}
      </p>
      {event.changes ? <Changes changes={event.changes} /> : null}
    </li>
  );
}

/**
 * The project's changes, newest first, as a list named `label`; only one store's with `location`, only one person's
 * (or token's) with `actor`. "Show older changes" pages back through everything kept.
 */
export function ActivityTimeline({
  projectId,
  location,
  actor,
  label = t('activityTimeline'),
}: {
  projectId: string;
  location?: string | undefined;
  actor?: string | undefined;
  label?: string;
}) {
  const members = useResource(() => listMembers(projectId), [projectId]);
  const events = useSignal<ChangeEvent[] | undefined>(undefined);
  const olderFrom = useSignal<string | undefined>(undefined);
  const failure = useSignal<string | undefined>(undefined);
  const loading = useSignal(false);
  const filter: HistoryFilter = { location, actor };

  const load = async (before: string | undefined) => {
    loading.value = true;
    try {
      const page = await readHistory(projectId, filter, before);
      events.value = before === undefined ? page.data : [...(events.value ?? []), ...page.data];
      olderFrom.value = page.meta.has_more ? (page.meta.next_before ?? undefined) : undefined;
      failure.value = undefined;
    } catch (error) {
      if (before === undefined) failure.value = errorText(error);
      else announceError(error);
    } finally {
      loading.value = false;
    }
  };
  useEffect(() => {
    events.value = undefined;
    void load(undefined);
  }, [projectId, location, actor]);

  if (failure.value) return <p class="field-error">{failure.value}</p>;
  if (!events.value) return <p>{t('loading')}</p>;
  if (events.value.length === 0) return <p>{t('activityNone')}</p>;
  return (
    <>
      <ol class="timeline" aria-label={label}>
        {events.value.map((event) => (
          <TimelineItem
            key={event.id}
            event={event}
            projectId={projectId}
            actor={actor}
            members={members.data.value ?? []}
            showStoreLinks={location === undefined}
          />
        ))}
      </ol>
      {olderFrom.value ? (
        <button type="button" disabled={loading.value} onClick={() => load(olderFrom.value)}>
          {t('activityOlder')}
        </button>
      ) : null}
    </>
  );
}
