import { parseHoursText } from '@locator/client/hours';

// A store's opening hours as the editor holds them, and the API's day strings (`09:00-12:00,13:00-17:00`, `closed`,
// null) they come from and go back to. Typed hours are read by the same reading as an import's (`@locator/client/hours`):
// `8am-6pm`, `8-18`, `8:30 – 17:30`, `9-12, 13-17`, `closed`, `24 hours`; what could mean two things (`9-5`) is not read.

export const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type DayKey = (typeof DAYS)[number];

/** One shift: `from` and `to` as `HH:MM` (24 h); `to` before `from` runs past midnight. */
export interface Shift {
  from: string;
  to: string;
}

/** A day: not known, closed, open all day, or open in shifts. */
export type DayHours =
  | { kind: 'unknown' }
  | { kind: 'closed' }
  | { kind: 'allDay' }
  | { kind: 'open'; shifts: Shift[] };

export type WeekHours = Record<DayKey, DayHours>;

const ALL_DAY = '00:00-24:00';

/** The editor's day of an API day string (as the API answers it: normalised). */
export function dayOf(text: string | null | undefined): DayHours {
  if (text === null || text === undefined || text === '') return { kind: 'unknown' };
  return readHoursText(text) ?? { kind: 'unknown' };
}

/** The API's string of a day; null for unknown. */
export function textOfDay(day: DayHours): string | null {
  switch (day.kind) {
    case 'unknown':
      return null;
    case 'closed':
      return 'closed';
    case 'allDay':
      return ALL_DAY;
    case 'open':
      return day.shifts.map((shift) => `${shift.from}-${shift.to}`).join(',');
  }
}

/** The editor's day of a day in the API's form (`09:00-12:00,13:00-17:00`, `closed`, `00:00-24:00`). */
function dayOfApiForm(value: string): DayHours {
  if (value === 'closed') return { kind: 'closed' };
  if (value === ALL_DAY) return { kind: 'allDay' };
  const shifts = value.split(',').map((range): Shift => {
    const [from = '', to = ''] = range.split('-');
    return { from, to };
  });
  return { kind: 'open', shifts };
}

/** A day typed in one go (`8am-12pm, 1pm-6pm`, `closed`, `24 hours`); undefined when it does not read. */
export function readHoursText(text: string): DayHours | undefined {
  if (text.trim() === '') return { kind: 'unknown' };
  const read = parseHoursText(text);
  return 'value' in read ? dayOfApiForm(read.value) : undefined;
}

/** Whether a shift runs past midnight into the next day. */
export const overnight = (shift: Shift): boolean => shift.to !== '24:00' && shift.to < shift.from;

/** The week of an API `hours` object; every day unknown for none. */
export function weekOf(hours: Partial<Record<DayKey, string | null>> | null | undefined): WeekHours {
  return Object.fromEntries(DAYS.map((day) => [day, dayOf(hours?.[day])])) as WeekHours;
}

/** The API's `hours` of a week; null when no day is known (a coming-soon store). */
export function hoursOfWeek(week: WeekHours): Record<DayKey, string | null> | null {
  const hours = Object.fromEntries(DAYS.map((day) => [day, textOfDay(week[day])])) as Record<DayKey, string | null>;
  return Object.values(hours).every((value) => value === null) ? null : hours;
}

/** A special date or range as the editor holds it. */
export interface SpecialEntry {
  /** A stable key for the list while it is edited. */
  key: string;
  range: boolean;
  date: string;
  from: string;
  to: string;
  hours: string;
  label: string;
}

/** A key of its own for an entry of the list (kept drafts bring theirs back after a reload). */
export const newEntryKey = (): string => `special-${Math.random().toString(36).slice(2, 10)}`;

type ApiSpecial =
  | { date: string; hours: string; label: string | null }
  | { from: string; to: string; hours: string; label: string | null };

export function specialEntriesOf(list: readonly ApiSpecial[] | undefined): SpecialEntry[] {
  return (list ?? []).map((item) => ({
    key: newEntryKey(),
    range: 'from' in item,
    date: 'date' in item ? item.date : '',
    from: 'from' in item ? item.from : '',
    to: 'to' in item ? item.to : '',
    hours: item.hours,
    label: item.label ?? '',
  }));
}

/** The API's `special_hours` of the entries, each typed `hours` read as a day (`8am-2pm` becomes `08:00-14:00`). */
export function specialHoursOf(entries: readonly SpecialEntry[]) {
  return entries.map((entry) => {
    const read = readHoursText(entry.hours);
    const hours = read && read.kind !== 'unknown' ? (textOfDay(read) ?? entry.hours) : entry.hours;
    const label = entry.label.trim() === '' ? null : entry.label.trim();
    return entry.range ? { from: entry.from, to: entry.to, hours, label } : { date: entry.date, hours, label };
  });
}

/** Whether an entry's last date is before `today` (`YYYY-MM-DD`): it no longer changes any hours. */
export const expired = (entry: SpecialEntry, today: string): boolean =>
  (entry.range ? entry.to : entry.date) !== '' && (entry.range ? entry.to : entry.date) < today;
