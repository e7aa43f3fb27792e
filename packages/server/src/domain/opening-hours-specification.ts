import { WEEKDAYS, type WeeklyHours } from './hours.ts';
import { datesOf, type SpecialHours } from './special-hours.ts';

/** A schema.org `OpeningHoursSpecification`, as search engines read a place's hours. */
export interface OpeningHoursSpecification {
  '@type': 'OpeningHoursSpecification';
  dayOfWeek?: string;
  opens: string;
  closes: string;
  validFrom?: string;
  validThrough?: string;
}

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** `HH:MM-HH:MM` pairs of a normalised day; `24:00` is written `23:59`, as schema.org has no 24:00. */
function pairsOf(day: string): { opens: string; closes: string }[] {
  if (day === 'closed') return [];
  return day.split(',').map((range) => ({
    opens: range.slice(0, 5),
    closes: range.slice(6, 11) === '24:00' ? '23:59' : range.slice(6, 11),
  }));
}

/**
 * A location's hours as schema.org items: one per weekday range (a range past midnight closes before it opens, as
 * schema.org reads it), then one per special range with `validFrom` and `validThrough`. A special closure is
 * `opens` and `closes` both `00:00`, the form search engines document for closed dates. Unknown days are left out.
 */
export function openingHoursSpecification(
  weekly: WeeklyHours | null,
  special: readonly SpecialHours[],
): OpeningHoursSpecification[] {
  const items: OpeningHoursSpecification[] = [];
  WEEKDAYS.forEach((day, index) => {
    const hours = weekly?.[day];
    if (!hours) return;
    for (const pair of pairsOf(hours))
      items.push({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: `https://schema.org/${DAY_NAMES[index]}`,
        ...pair,
      });
  });
  for (const item of special) {
    const { first, last } = datesOf(item);
    const pairs = item.hours === 'closed' ? [{ opens: '00:00', closes: '00:00' }] : pairsOf(item.hours);
    for (const pair of pairs)
      items.push({ '@type': 'OpeningHoursSpecification', ...pair, validFrom: first, validThrough: last });
  }
  return items;
}
