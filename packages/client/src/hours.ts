// Opening hours as the API writes them (`09:00-12:00,13:00-17:00`, `closed`), and as people type them in spreadsheets
// and forms (`8am-6pm`, `8:00 AM – 6:00 PM`, `8-18`, `08.00-18.00`, `Closed`, `24 hours`, `9-12, 13-17`), read into
// the API's form. One reading for every place hours are typed: the server's imports and the dashboard's hours editor
// use these, and so may any integration that takes hours from people. What could mean two things (`9-5`: nine to
// five, or an overnight shift?) is refused with the form that says it plainly.

/** One day's hours in the API's form, or why they cannot be read. */
export type HoursReading = { value: string } | { error: string };

const API_RANGE = /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * One day's hours in the API's form, normalised (`9:00-12:00` becomes `09:00-12:00`), or why they are not in it.
 * @example parseDayHours(' 9:00-12:00, 13:00-17:30 ') // { value: "09:00-12:00,13:00-17:30" }
 * @example parseDayHours('Closed') // { value: "closed" }
 */
export function parseDayHours(text: string): HoursReading {
  const trimmed = text.trim();
  if (trimmed.toLowerCase() === 'closed') return { value: 'closed' };
  const ranges: string[] = [];
  for (const part of trimmed.split(',')) {
    const match = API_RANGE.exec(part.trim());
    if (!match) return { error: `"${part.trim()}" is not a time range like "09:00-17:00" or "closed"` };
    const [openH, openM, closeH, closeM] = match.slice(1).map(Number) as [number, number, number, number];
    const validOpen = openH <= 23 && openM <= 59;
    const validClose = (closeH <= 23 && closeM <= 59) || (closeH === 24 && closeM === 0);
    if (!validOpen || !validClose) return { error: `"${part.trim()}" has a time outside 00:00-24:00` };
    if (openH === closeH && openM === closeM) return { error: `"${part.trim()}" opens and closes at the same time` };
    ranges.push(`${twoDigits(openH)}:${twoDigits(openM)}-${twoDigits(closeH)}:${twoDigits(closeM)}`);
  }
  return { value: ranges.join(',') };
}

/** The forms a refusal shows. */
const EXAMPLES = '"9am-5pm", "09:00-17:00", "9-12, 13-17", "closed" or "24 hours"';

const CLOSED = new Set(['closed', 'close', 'closed all day', 'geschlossen', 'fermé', 'ferme', 'cerrado', 'gesloten']);
const ALL_DAY = new Set([
  '24 hours',
  '24 hrs',
  '24h',
  '24 h',
  '24hrs',
  '24/7',
  'open 24 hours',
  'open 24h',
  'all day',
  'open all day',
  '24 stunden',
  '24 uur',
  '24 heures',
  '24 horas',
]);

type Meridiem = 'am' | 'pm';

/** A time as written: hour and minute, and am/pm when given (`noon` is 12 pm, `midnight` 12 am). */
interface WrittenTime {
  hour: number;
  minute: number;
  meridiem?: Meridiem;
}

/** `8`, `08`, `8:30`, `8.30`, `8h30`, `8h`, `0830`, each optionally followed by am/pm; `noon`, `midnight`. */
const TIME = /^(?:(\d{1,2})(?:[:.h](\d{2})|h)?|(\d{2})(\d{2}))\s*(am|pm|a|p)?$/;

function writtenTime(text: string): WrittenTime | undefined {
  if (text === 'noon' || text === '12 noon') return { hour: 12, minute: 0, meridiem: 'pm' };
  if (text === 'midnight' || text === '12 midnight') return { hour: 12, minute: 0, meridiem: 'am' };
  const match = TIME.exec(text);
  if (!match) return undefined;
  const [, hour, minute, fourHour, fourMinute, meridiem] = match;
  const time: WrittenTime = { hour: Number(hour ?? fourHour), minute: Number(minute ?? fourMinute ?? 0) };
  if (meridiem) time.meridiem = meridiem.startsWith('a') ? 'am' : 'pm';
  return time;
}

/** Minutes after 12 of a time on a 12-hour clock (12 counting as 0), to compare two of them. */
const twelveHourMinutes = (time: WrittenTime) => (time.hour % 12) * 60 + time.minute;
const onTwelveHourClock = (time: WrittenTime) => time.hour >= 1 && time.hour <= 12;
const other = (meridiem: Meridiem): Meridiem => (meridiem === 'am' ? 'pm' : 'am');

/**
 * Gives the side without am/pm the other side's when that keeps the range in order (`1-5pm` is 1 pm to 5 pm), the
 * opposite one when it does not (`9-5pm` is 9 am to 5 pm, `10-2am` 10 pm to 2 am).
 */
function inferMeridiem(open: WrittenTime, close: WrittenTime): void {
  if (close.meridiem && !open.meridiem && onTwelveHourClock(open))
    open.meridiem = twelveHourMinutes(open) < twelveHourMinutes(close) ? close.meridiem : other(close.meridiem);
  else if (open.meridiem && !close.meridiem && onTwelveHourClock(close))
    close.meridiem = twelveHourMinutes(close) > twelveHourMinutes(open) ? open.meridiem : other(open.meridiem);
}

/** A time on the 24-hour clock; `closing` reads 12 am as the midnight that ends the day (24:00). */
function on24HourClock(time: WrittenTime, closing: boolean): { hour: number; minute: number } | { error: string } {
  if (!time.meridiem) return time;
  if (!onTwelveHourClock(time)) return { error: `${time.hour} ${time.meridiem} is no time` };
  const hour = (time.hour % 12) + (time.meridiem === 'pm' ? 12 : 0);
  return { hour: closing && hour === 0 && time.minute === 0 ? 24 : hour, minute: time.minute };
}

const clockOf = ({ hour, minute }: { hour: number; minute: number }) => `${twoDigits(hour)}:${twoDigits(minute)}`;

/** A time as the API writes it (`07:00`): the 24-hour clock, said plainly, so never ambiguous. */
const IN_API_FORM = /^\d{2}:\d{2}$/;

/**
 * One range (`8am-6pm`) on the 24-hour clock (`08:00-18:00`). Without am/pm on either side, a range that ends before
 * it starts passes midnight (`18-2`), unless it starts at 12 or before (`9-5`, `10-6`): those are refused as
 * ambiguous. A range in the API's own form (`07:00-02:00`, as an export writes an overnight shift) is read as written.
 */
function rangeOf(text: string, whole: string): { value: string } | { error: string } {
  const sides = text.split('-').map((side) => side.trim());
  const [openText, closeText] = sides;
  const open = sides.length === 2 && openText ? writtenTime(openText) : undefined;
  const close = sides.length === 2 && closeText ? writtenTime(closeText) : undefined;
  if (!open || !close) return { error: `"${whole}" is not opening hours; write them like ${EXAMPLES}` };
  inferMeridiem(open, close);
  if (!open.meridiem && !close.meridiem && !(IN_API_FORM.test(openText ?? '') && IN_API_FORM.test(closeText ?? ''))) {
    const starts = open.hour * 60 + open.minute;
    const ends = close.hour * 60 + close.minute;
    if (ends <= starts && ends !== 0 && open.hour <= 12)
      return {
        error: `"${whole}" is ambiguous (${openText} to ${closeText}: in the day, or overnight?); write it like "9am-5pm" or "09:00-17:00"`,
      };
  }
  const from = on24HourClock(open, false);
  if ('error' in from) return { error: `"${whole}": ${from.error}; write hours like ${EXAMPLES}` };
  const to = on24HourClock(close, true);
  if ('error' in to) return { error: `"${whole}": ${to.error}; write hours like ${EXAMPLES}` };
  return { value: `${clockOf(from)}-${clockOf(to)}` };
}

/**
 * One day's opening hours as typed, in the form the API stores (`08:00-18:00`, several ranges joined by commas,
 * `closed`); or why it cannot be read, with the forms that can.
 * @example parseHoursText('8:00 AM – 6:00 PM') // { value: "08:00-18:00" }
 * @example parseHoursText('9-12, 13-17') // { value: "09:00-12:00,13:00-17:00" }
 * @example parseHoursText('24 hours') // { value: "00:00-24:00" }
 * @example parseHoursText('9-5') // { error: '"9-5" is ambiguous (…); write it like "9am-5pm" or "09:00-17:00"' }
 */
export function parseHoursText(text: string): HoursReading {
  const whole = text.trim();
  const plain = whole
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\b([ap])\.\s?m\.?/g, '$1m')
    .replace(/[\u2010-\u2015\u2212~]/g, '-')
    .replace(/\s+(?:to|till|until|til|bis|à|tot|hasta)\s+/g, '-')
    .trim();
  if (CLOSED.has(plain)) return { value: 'closed' };
  if (ALL_DAY.has(plain)) return { value: '00:00-24:00' };
  const ranges: string[] = [];
  for (const part of plain.split(/\s*(?:,|;|\/|&|\band\b|\bund\b|\bet\b|\by\b|\ben\b)\s*/)) {
    if (part === '') continue;
    const range = rangeOf(part, whole);
    if ('error' in range) return range;
    ranges.push(range.value);
  }
  if (ranges.length === 0) return { error: `"${whole}" is not opening hours; write them like ${EXAMPLES}` };
  const day = parseDayHours(ranges.join(','));
  return 'error' in day ? { error: `"${whole}": ${day.error}; write hours like ${EXAMPLES}` } : day;
}
