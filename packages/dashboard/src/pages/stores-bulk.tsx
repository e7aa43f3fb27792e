import { useSignal } from '@preact/signals';
import { bulkLocations, type LocationBulk, listCatalog } from '../api/locations.ts';
import { type MessageKey, t } from '../i18n/index.ts';
import { announce, announceError, clearStatus, fieldErrorsOf } from '../state/status.ts';
import { useResource } from '../ui/resource.ts';

// The bulk actions of the Stores screen: one change to the stores selected, or to every store the filters match,
// sent as one request (one transaction on the server). Offered to editors and up only.

type Action = LocationBulk['change']['action'];

/** A message with a count that has a form of its own for one (`bulkHidden`, `bulkHiddenOne`). */
type Counted = { [K in MessageKey]: `${K}One` extends MessageKey ? K : never }[MessageKey];

/** The message of `count` things, in its form for one when there is one thing. */
export const counted = (key: Counted, count: number): string =>
  t(count === 1 ? (`${key}One` as MessageKey) : key, { count });

const ACTIONS: readonly { action: Action; label: MessageKey; done: Counted }[] = [
  { action: 'show', label: 'bulkShow', done: 'bulkShown' },
  { action: 'hide', label: 'bulkHide', done: 'bulkHidden' },
  { action: 'add_filter', label: 'bulkAddFilter', done: 'bulkFilterAdded' },
  { action: 'remove_filter', label: 'bulkRemoveFilter', done: 'bulkFilterRemoved' },
  { action: 'set_type', label: 'bulkSetType', done: 'bulkTypeSet' },
  { action: 'set_hours', label: 'bulkSetHours', done: 'bulkHoursSet' },
  { action: 'delete', label: 'bulkDelete', done: 'bulkDeleted' },
];

const DAYS = [
  ['mon', 'dayMon'],
  ['tue', 'dayTue'],
  ['wed', 'dayWed'],
  ['thu', 'dayThu'],
  ['fri', 'dayFri'],
  ['sat', 'daySat'],
  ['sun', 'daySun'],
] as const satisfies readonly (readonly [string, MessageKey])[];
type Day = (typeof DAYS)[number][0];

const TEMPLATE: Record<Day, string> = {
  mon: '09:00-17:00',
  tue: '09:00-17:00',
  wed: '09:00-17:00',
  thu: '09:00-17:00',
  fri: '09:00-17:00',
  sat: '10:00-14:00',
  sun: 'closed',
};

/** What the action works on: the stores picked by ID, or every match of the filters (`where`). */
export type BulkTarget = { ids: string[] } | { where: NonNullable<LocationBulk['where']> };

function FieldErrors({ id, messages }: { id: string; messages: string[] | undefined }) {
  return messages?.length ? (
    <p id={id} class="field-error">
      {messages.join(' ')}
    </p>
  ) : null;
}

export function BulkActions({
  projectId,
  target,
  count,
  onDone,
}: {
  projectId: string;
  target: BulkTarget;
  /** How many stores the target holds, as the screen knows it (the answer tells the count done). */
  count: number;
  onDone: () => Promise<void>;
}) {
  const action = useSignal<Action>('hide');
  const filter = useSignal('');
  const type = useSignal('');
  const hours = useSignal<Record<Day, string>>({ ...TEMPLATE });
  const pending = useSignal(false);
  const errors = useSignal<Record<string, string[]>>({});
  const catalog = useResource(() => listCatalog(projectId), [projectId]);
  const filters = catalog.data.value?.filters ?? [];
  const types = catalog.data.value?.types ?? [];
  const chosenFilter = filter.value || filters[0]?.name || '';

  function changeOf(): LocationBulk['change'] {
    switch (action.value) {
      case 'add_filter':
      case 'remove_filter':
        return { action: action.value, filter: chosenFilter };
      case 'set_type':
        return { action: 'set_type', location_type: type.value === '' ? null : type.value };
      case 'set_hours':
        return { action: 'set_hours', hours: { ...hours.value } };
      default:
        return { action: action.value };
    }
  }

  async function apply(event: Event) {
    event.preventDefault();
    if (pending.value) return;
    if (action.value === 'delete' && !confirm(counted('bulkDeleteConfirm', count))) return;
    pending.value = true;
    errors.value = {};
    clearStatus();
    try {
      const result = await bulkLocations(projectId, { ...target, change: changeOf() });
      const done = ACTIONS.find((entry) => entry.action === result.action)?.done ?? 'bulkDone';
      announce(counted(done, result.count));
      await onDone();
    } catch (error) {
      errors.value = fieldErrorsOf(error);
      announceError(error);
    } finally {
      pending.value = false;
    }
  }

  const problem = (field: string) => errors.value[field];
  const described = (field: string, id: string) => (problem(field)?.length ? id : undefined);
  return (
    <form class="bulk" aria-label={t('bulkTitle')} aria-busy={pending.value} onSubmit={apply}>
      <div class="field">
        <label for="bulk-action">{t('bulkAction')}</label>
        <select
          id="bulk-action"
          value={action.value}
          onChange={(event) => {
            action.value = event.currentTarget.value as Action;
            errors.value = {};
          }}
        >
          {ACTIONS.map((entry) => (
            <option key={entry.action} value={entry.action}>
              {t(entry.label)}
            </option>
          ))}
        </select>
      </div>
      {action.value === 'add_filter' || action.value === 'remove_filter' ? (
        <div class="field">
          <label for="bulk-filter">{t('bulkFilter')}</label>
          {filters.length === 0 ? (
            <p class="hint">{t('bulkNoFilters')}</p>
          ) : (
            <select
              id="bulk-filter"
              value={chosenFilter}
              aria-invalid={problem('change.filter') ? 'true' : undefined}
              aria-describedby={described('change.filter', 'bulk-filter-error')}
              onChange={(event) => {
                filter.value = event.currentTarget.value;
              }}
            >
              {filters.map((entry) => (
                <option key={entry.id} value={entry.name}>
                  {entry.name}
                </option>
              ))}
            </select>
          )}
          <FieldErrors id="bulk-filter-error" messages={problem('change.filter')} />
        </div>
      ) : null}
      {action.value === 'set_type' ? (
        <div class="field">
          <label for="bulk-type">{t('bulkType')}</label>
          <select
            id="bulk-type"
            value={type.value}
            aria-invalid={problem('change.location_type') ? 'true' : undefined}
            aria-describedby={described('change.location_type', 'bulk-type-error')}
            onChange={(event) => {
              type.value = event.currentTarget.value;
            }}
          >
            <option value="">{t('bulkNoType')}</option>
            {types.map((entry) => (
              <option key={entry.id} value={entry.name}>
                {entry.name}
              </option>
            ))}
          </select>
          <FieldErrors id="bulk-type-error" messages={problem('change.location_type')} />
        </div>
      ) : null}
      {action.value === 'set_hours' ? (
        <fieldset class="field hours-template">
          <legend>{t('bulkHours')}</legend>
          <p id="bulk-hours-hint" class="hint">
            {t('bulkHoursHint')}
          </p>
          {DAYS.map(([day, label]) => {
            const field = `change.hours.${day}`;
            return (
              <div class="day" key={day}>
                <label for={`bulk-hours-${day}`}>{t(label)}</label>
                <input
                  id={`bulk-hours-${day}`}
                  type="text"
                  value={hours.value[day]}
                  aria-invalid={problem(field) ? 'true' : undefined}
                  aria-describedby={['bulk-hours-hint', described(field, `bulk-hours-${day}-error`)]
                    .filter(Boolean)
                    .join(' ')}
                  onInput={(event) => {
                    hours.value = { ...hours.value, [day]: event.currentTarget.value };
                  }}
                />
                <FieldErrors id={`bulk-hours-${day}-error`} messages={problem(field)} />
              </div>
            );
          })}
        </fieldset>
      ) : null}
      <button
        type="submit"
        class={action.value === 'delete' ? 'danger apply' : 'primary apply'}
        disabled={pending.value}
      >
        {counted('bulkApply', count)}
      </button>
    </form>
  );
}
