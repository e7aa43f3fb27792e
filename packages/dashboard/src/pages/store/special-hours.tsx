import { t } from '../../i18n/index.ts';
import { expired, newEntryKey, type SpecialEntry } from './hours.ts';

/** Today in this browser, `YYYY-MM-DD`: what tells upcoming special hours from past ones. */
const todayText = (): string => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

function Entry({
  entry,
  index,
  disabled,
  errors,
  onChange,
  onRemove,
}: {
  entry: SpecialEntry;
  index: number;
  disabled: boolean;
  errors: Record<string, string[]>;
  onChange: (entry: SpecialEntry) => void;
  onRemove: () => void;
}) {
  const id = entry.key;
  const messages = Object.entries(errors)
    .filter(([key]) => key === `special_hours.${index}` || key.startsWith(`special_hours.${index}.`))
    .flatMap(([, list]) => list);
  const title = entry.label || (entry.range ? `${entry.from} – ${entry.to}` : entry.date) || t('specialNew');
  const input = (key: 'date' | 'from' | 'to' | 'hours' | 'label', label: string, type: 'date' | 'text') => (
    <div class="field">
      <label for={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        // Preact's types tie the ARIA role an input may have to its type; this input keeps its implicit role.
        type={type as 'text'}
        value={entry[key]}
        disabled={disabled}
        aria-invalid={messages.length ? 'true' : undefined}
        aria-describedby={messages.length ? `${id}-error` : undefined}
        onInput={(event) => onChange({ ...entry, [key]: event.currentTarget.value })}
      />
    </div>
  );
  return (
    <li class="special">
      <fieldset>
        <legend>{title}</legend>
        {input('label', t('specialLabel'), 'text')}
        <label class="check">
          <input
            type="checkbox"
            checked={entry.range}
            disabled={disabled}
            onChange={(event) => onChange({ ...entry, range: event.currentTarget.checked })}
          />
          {t('specialRange')}
        </label>
        {entry.range ? (
          <>
            {input('from', t('specialFrom'), 'date')}
            {input('to', t('specialTo'), 'date')}
          </>
        ) : (
          input('date', t('specialDate'), 'date')
        )}
        {input('hours', t('specialHours'), 'text')}
        {messages.length ? (
          <p id={`${id}-error`} class="field-error">
            {messages.join(' ')}
          </p>
        ) : null}
        {disabled ? null : (
          <button type="button" class="link" onClick={onRemove}>
            {t('specialRemove', { name: title })}
          </button>
        )}
      </fieldset>
    </li>
  );
}

/** Holidays and other dates with hours of their own; the past ones apart, removable at once. */
export function SpecialHours({
  entries,
  disabled,
  errors,
  onChange,
}: {
  entries: SpecialEntry[];
  disabled: boolean;
  errors: Record<string, string[]>;
  onChange: (entries: SpecialEntry[]) => void;
}) {
  const today = todayText();
  const indexed = entries.map((entry, index) => ({ entry, index }));
  const upcoming = indexed.filter(({ entry }) => !expired(entry, today));
  const past = indexed.filter(({ entry }) => expired(entry, today));
  const list = (items: typeof indexed, label: string) => (
    <ul class="specials" aria-label={label}>
      {items.map(({ entry, index }) => (
        <Entry
          key={entry.key}
          entry={entry}
          index={index}
          disabled={disabled}
          errors={errors}
          onChange={(changed) => onChange(entries.map((old, at) => (at === index ? changed : old)))}
          onRemove={() => onChange(entries.filter((_, at) => at !== index))}
        />
      ))}
    </ul>
  );
  return (
    <div class="special-hours">
      <p class="hint">{t('specialHint')}</p>
      {errors.special_hours ? <p class="field-error">{errors.special_hours.join(' ')}</p> : null}
      {upcoming.length ? list(upcoming, t('specialUpcoming')) : <p class="meta">{t('specialNone')}</p>}
      {disabled ? null : (
        <button
          type="button"
          onClick={() =>
            onChange([
              ...entries,
              { key: newEntryKey(), range: false, date: today, from: '', to: '', hours: 'closed', label: '' },
            ])
          }
        >
          {t('specialAdd')}
        </button>
      )}
      {past.length ? (
        <details class="past-specials">
          <summary>{t('specialPast', { count: past.length })}</summary>
          {list(past, t('specialPastList'))}
          {disabled ? null : (
            <button type="button" onClick={() => onChange(entries.filter((entry) => !expired(entry, today)))}>
              {t('specialRemovePast')}
            </button>
          )}
        </details>
      ) : null}
    </div>
  );
}
