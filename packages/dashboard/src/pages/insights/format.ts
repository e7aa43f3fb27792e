import { locale } from '../../i18n/index.ts';

// Numbers and days of the Insights screen as the dashboard's language writes them.

export const formatCount = (value: number): string => new Intl.NumberFormat(locale.value).format(value);

export const formatShare = (share: number): string =>
  new Intl.NumberFormat(locale.value, { style: 'percent', maximumFractionDigits: 1 }).format(share);

/** A UTC day of the API (`YYYY-MM-DD`), as that day (not shifted by the browser's zone). */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale.value, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** The UTC day `days` after `day` (before, when negative). */
export function dayPlus(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Today's UTC day: the API counts by UTC days. */
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);
