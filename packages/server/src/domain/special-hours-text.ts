import type { SpecialHours, SpecialHoursInput } from './special-hours.ts';

const DATE = String.raw`\d{4}-\d{2}-\d{2}`;
const RANGE = String.raw`\d{1,2}:\d{2}\s*-\s*\d{1,2}:\d{2}`;
/** `DATE[..DATE] HOURS [LABEL]`, HOURS being `closed` or ranges joined by commas. */
const ITEM = new RegExp(
  String.raw`^(${DATE})(?:\s*\.\.\s*(${DATE}))?\s+(closed|${RANGE}(?:\s*,\s*${RANGE})*)(?:\s+(.*))?$`,
  'i',
);

/**
 * Special hours as a spreadsheet cell holds them: items separated by `;` or line breaks, each a date or a
 * `from..to` range, the hours (`closed`, or ranges as on a weekday) and an optional label. A cell starting with `[`
 * is the V2 JSON list instead (an export writes that when a label holds a `;` or a line break).
 * @example parseSpecialHoursText('2026-12-24 09:00-13:00 Christmas Eve; 2027-01-10..2027-01-20 closed')
 * // { items: [{ date: '2026-12-24', hours: '09:00-13:00', label: 'Christmas Eve' }, { from: '2027-01-10', to:
 * '2027-01-20', hours: 'closed', label: null }] }
 */
export function parseSpecialHoursText(text: string): { items: SpecialHoursInput[] } | { error: string } {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) return parseJsonList(trimmed);
  const items: SpecialHoursInput[] = [];
  for (const part of trimmed.split(/[;\n\r]+/)) {
    const item = part.trim();
    if (item === '') continue;
    const match = ITEM.exec(item);
    if (!match)
      return {
        error: `"${item}" is not "YYYY-MM-DD[..YYYY-MM-DD] hours [label]", e.g. "2026-12-25 closed Christmas Day"`,
      };
    const [, first, last, hours = '', label] = match;
    const labelled = { hours: hours.replace(/\s+/g, ''), label: label?.trim() || null };
    items.push(last === undefined ? { date: first ?? '', ...labelled } : { from: first ?? '', to: last, ...labelled });
  }
  return { items };
}

function parseJsonList(text: string): { items: SpecialHoursInput[] } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: 'starts with "[" but is not a JSON list of {date or from/to, hours, label}' };
  }
  if (!Array.isArray(parsed) || !parsed.every(isItem))
    return { error: 'must be a list of {date or from/to, hours, label}' };
  return { items: parsed };
}

function isItem(value: unknown): value is SpecialHoursInput {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const item = value as Record<string, unknown>;
  const optionalText = (key: string) => item[key] === undefined || typeof item[key] === 'string';
  return (
    typeof item.hours === 'string' &&
    optionalText('date') &&
    optionalText('from') &&
    optionalText('to') &&
    (item.label === null || optionalText('label'))
  );
}

/**
 * Special hours in the cell syntax `parseSpecialHoursText` reads, or as the JSON list when a label could not be told
 * apart from the separators. Empty for none.
 * @example formatSpecialHoursText([{ date: '2026-12-25', hours: 'closed', label: 'Christmas Day' }]) // "2026-12-25 closed Christmas Day"
 */
export function formatSpecialHoursText(items: readonly SpecialHours[]): string {
  if (items.some((item) => item.label !== null && /[;\n\r]/.test(item.label))) return JSON.stringify(items);
  return items
    .map((item) => {
      const dates = 'date' in item ? item.date : `${item.from}..${item.to}`;
      return [dates, item.hours, item.label].filter((part) => part !== null && part !== '').join(' ');
    })
    .join('; ');
}
