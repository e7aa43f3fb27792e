import tzlookup from '@photostructure/tz-lookup';
import { Temporal } from 'temporal-polyfill';

/** An IANA zone name such as `America/Chicago` or `UTC`: no offsets (`+01:00`), which are not places. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/**
 * A time-zone name checked against the time-zone database, in its canonical spelling.
 * @example parseTimeZone('america/chicago') // { value: 'America/Chicago' }
 * @example parseTimeZone('Mars/Olympus') // { error: '...' }
 */
export function parseTimeZone(text: string): { value: string } | { error: string } {
  const error = `"${text}" is not a time zone of the IANA database, such as "America/Chicago" or "Europe/Berlin"`;
  if (text.length > 64 || !ZONE_NAME.test(text)) return { error };
  try {
    return { value: Temporal.Now.zonedDateTimeISO(text).timeZoneId };
  } catch {
    return { error };
  }
}

/**
 * The zone a point lies in, from boundary data shipped with the package (no network). Coordinates missing or at
 * 0,0 (what "not geocoded" looks like) have none.
 */
export function timeZoneAt(lat: number | null | undefined, lng: number | null | undefined): string | null {
  if (lat === null || lat === undefined || lng === null || lng === undefined || lat === 0 || lng === 0) return null;
  return tzlookup(lat, lng);
}
