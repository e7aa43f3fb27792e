import { useSignal } from '@preact/signals';
import { locale, t } from '../../i18n/index.ts';
import {
  DAYS,
  type DayHours,
  type DayKey,
  overnight,
  readHoursText,
  type Shift,
  textOfDay,
  type WeekHours,
} from './hours.ts';

/** The day's name in the dashboard's language (1 January 2024 was a Monday). */
export const dayName = (day: DayKey): string =>
  new Intl.DateTimeFormat(locale.value, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1 + DAYS.indexOf(day))),
  );

const KINDS = ['unknown', 'closed', 'allDay', 'open'] as const;
const KIND_LABELS = {
  unknown: 'hoursUnknown',
  closed: 'hoursClosed',
  allDay: 'hoursAllDay',
  open: 'hoursOpen',
} as const;

function Day({
  day,
  hours,
  disabled,
  errors,
  onChange,
}: {
  day: DayKey;
  hours: DayHours;
  disabled: boolean;
  errors: string[];
  onChange: (hours: DayHours) => void;
}) {
  const typed = useSignal<string | undefined>(undefined);
  const unread = useSignal(false);
  const name = dayName(day);
  const shifts = hours.kind === 'open' ? hours.shifts : [];
  const setShift = (index: number, shift: Shift) =>
    onChange({ kind: 'open', shifts: shifts.map((old, at) => (at === index ? shift : old)) });
  const messages = [...(unread.value ? [t('hoursUnread')] : []), ...errors];
  const errorId = `hours-${day}-error`;
  return (
    <fieldset class="week-day">
      <legend>{name}</legend>
      <div class="day-row">
        <label class="visually-hidden" for={`hours-${day}-kind`}>
          {t('hoursKindOf', { day: name })}
        </label>
        <select
          id={`hours-${day}-kind`}
          value={hours.kind}
          disabled={disabled}
          onChange={(event) => {
            const kind = event.currentTarget.value as DayHours['kind'];
            onChange(
              kind === 'open' ? { kind, shifts: shifts.length ? shifts : [{ from: '09:00', to: '17:00' }] } : { kind },
            );
          }}
        >
          {KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(KIND_LABELS[kind])}
            </option>
          ))}
        </select>
        <label class="visually-hidden" for={`hours-${day}-text`}>
          {t('hoursTypeOf', { day: name })}
        </label>
        <input
          id={`hours-${day}-text`}
          type="text"
          class="hours-text"
          disabled={disabled}
          placeholder={t('hoursTypePlaceholder')}
          value={typed.value ?? (hours.kind === 'unknown' ? '' : (textOfDay(hours) ?? ''))}
          aria-invalid={messages.length ? 'true' : undefined}
          aria-describedby={messages.length ? errorId : undefined}
          onInput={(event) => {
            typed.value = event.currentTarget.value;
          }}
          onChange={(event) => {
            const read = readHoursText(event.currentTarget.value);
            unread.value = read === undefined;
            if (read) {
              typed.value = undefined;
              onChange(read);
            }
          }}
        />
      </div>
      {shifts.map((shift, index) => (
        <div class="shift" key={index}>
          <label>
            {t('shiftOpens', { day: name, n: index + 1 })}
            <input
              type="time"
              value={shift.from}
              disabled={disabled}
              onChange={(event) => setShift(index, { ...shift, from: event.currentTarget.value })}
            />
          </label>
          <label>
            {t('shiftCloses', { day: name, n: index + 1 })}
            <input
              type="time"
              value={shift.to === '24:00' ? '00:00' : shift.to}
              disabled={disabled}
              onChange={(event) => setShift(index, { ...shift, to: event.currentTarget.value })}
            />
          </label>
          {overnight(shift) ? <span class="meta">{t('shiftOvernight')}</span> : null}
          {disabled ? null : (
            <button
              type="button"
              class="link"
              onClick={() => {
                const rest = shifts.filter((_, at) => at !== index);
                onChange(rest.length ? { kind: 'open', shifts: rest } : { kind: 'closed' });
              }}
            >
              {t('shiftRemove', { day: name, n: index + 1 })}
            </button>
          )}
        </div>
      ))}
      {hours.kind === 'open' && !disabled ? (
        <button
          type="button"
          class="link"
          onClick={() => {
            const last = shifts[shifts.length - 1];
            const from = last && last.to !== '24:00' ? last.to : '13:00';
            onChange({ kind: 'open', shifts: [...shifts, { from, to: from < '18:00' ? '18:00' : '23:00' }] });
          }}
        >
          {t('shiftAdd', { day: name })}
        </button>
      ) : null}
      {messages.length ? (
        <p id={errorId} class="field-error">
          {messages.join(' ')}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Copies one day's hours to the days ticked. */
function CopyDay({ week, onChange }: { week: WeekHours; onChange: (week: WeekHours) => void }) {
  const from = useSignal<DayKey>('mon');
  const targets = useSignal<DayKey[]>([]);
  return (
    <fieldset class="copy-day">
      <legend>{t('hoursCopy')}</legend>
      <label for="hours-copy-from">{t('hoursCopyFrom')}</label>
      <select
        id="hours-copy-from"
        value={from.value}
        onChange={(event) => {
          from.value = event.currentTarget.value as DayKey;
        }}
      >
        {DAYS.map((day) => (
          <option key={day} value={day}>
            {dayName(day)}
          </option>
        ))}
      </select>
      <div class="copy-targets">
        {DAYS.filter((day) => day !== from.value).map((day) => (
          <label class="check" key={day}>
            <input
              type="checkbox"
              checked={targets.value.includes(day)}
              onChange={(event) => {
                targets.value = event.currentTarget.checked
                  ? [...targets.value, day]
                  : targets.value.filter((target) => target !== day);
              }}
            />
            {t('hoursCopyTo', { day: dayName(day) })}
          </label>
        ))}
      </div>
      <button
        type="button"
        disabled={targets.value.length === 0}
        onClick={() => {
          const source = week[from.value];
          onChange({ ...week, ...Object.fromEntries(targets.value.map((day) => [day, structuredClone(source)])) });
          targets.value = [];
        }}
      >
        {t('hoursCopyApply')}
      </button>
    </fieldset>
  );
}

/** The weekly hours: per day unknown, closed, open all day, or shifts (picked or typed: `8am-12pm, 1pm-6pm`). */
export function HoursEditor({
  week,
  disabled,
  errors,
  onChange,
}: {
  week: WeekHours;
  disabled: boolean;
  errors: Record<string, string[]>;
  onChange: (week: WeekHours) => void;
}) {
  return (
    <div class="hours">
      <p class="hint">{t('hoursHint')}</p>
      {DAYS.map((day) => (
        <Day
          key={day}
          day={day}
          hours={week[day]}
          disabled={disabled}
          errors={[...(errors[`hours.${day}`] ?? []), ...(day === 'mon' ? (errors.hours ?? []) : [])]}
          onChange={(hours) => onChange({ ...week, [day]: hours })}
        />
      ))}
      {disabled ? null : <CopyDay week={week} onChange={onChange} />}
    </div>
  );
}
