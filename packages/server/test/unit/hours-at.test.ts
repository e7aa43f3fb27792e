import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WeeklyHours } from '../../src/domain/hours.ts';
import { hoursAt } from '../../src/domain/hours-at.ts';
import type { OpeningSchedule } from '../../src/domain/opening-status.ts';

// `hoursAt` says how long its answer holds; the store finder reuses it until then. Checked by asking again at
// instants inside that window (the answer must be the same) and just after it (the instant something changes).

const DAY_HOURS = [
  '09:00-17:00',
  '00:00-24:00',
  'closed',
  '22:00-02:00',
  '08:00-12:00,13:00-18:00',
  '02:30-03:30',
  null,
] as const;
const ZONES = [
  'America/New_York',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'UTC',
  null,
] as const;
const YEAR_2026 = Date.parse('2026-01-01T00:00:00Z');

const day = fc.constantFrom(...DAY_HOURS);
const weekly = fc
  .record({ mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day })
  .map((week): WeeklyHours => week);
const special = fc.array(
  fc.record({
    day: fc.integer({ min: 0, max: 360 }),
    hours: fc.constantFrom('closed', '10:00-14:00', '00:00-24:00'),
    label: fc.constant(null),
  }),
  { maxLength: 3 },
);
const schedule = fc.tuple(fc.option(weekly, { nil: null }), special, fc.constantFrom(...ZONES)).map(
  ([week, items, timeZone]): OpeningSchedule => ({
    weekly: week,
    // One item a day at most, in date order, as checked writes keep them.
    special: [...new Map(items.map((item) => [item.day, item])).values()]
      .sort((a, b) => a.day - b.day)
      .map(({ day, hours, label }) => ({
        date: new Date(YEAR_2026 + day * 86_400_000).toISOString().slice(0, 10),
        hours,
        label,
      })),
    timeZone,
  }),
);

describe('hoursAt', () => {
  it('gives the same status and upcoming special hours at every instant before validUntil', () => {
    fc.assert(
      fc.property(
        schedule,
        fc.integer({ min: 0, max: 330 * 86_400_000 }),
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        (hours, offset, fraction) => {
          const now = YEAR_2026 + offset;
          const first = hoursAt(hours, now);
          expect(first.validUntil).toBeGreaterThan(now);
          const later = now + Math.floor(fraction * Math.min(first.validUntil - now, 3 * 86_400_000));
          const again = hoursAt(hours, later);
          expect({ status: again.status, upcoming: again.upcoming }).toEqual({
            status: first.status,
            upcoming: first.upcoming,
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('holds only until an evening range ends on a day of unknown hours, where open_now becomes unknown', () => {
    const schedule: OpeningSchedule = {
      weekly: { mon: null, tue: null, wed: null, thu: '22:00-02:00', fri: null, sat: null, sun: null },
      special: [],
      timeZone: 'America/New_York',
    };
    // Friday 2026-01-23, 00:00 in New York: Thursday's range runs until 02:00; Friday's hours are unknown.
    const midnight = Date.parse('2026-01-23T05:00:00Z');
    const first = hoursAt(schedule, midnight);
    expect(first.status).toMatchObject({ open_now: true, next_change: null });
    expect(first.validUntil).toBe(Date.parse('2026-01-23T07:00:00Z'));
    expect(hoursAt(schedule, first.validUntil).status.open_now).toBeNull();
  });

  it('holds until the next change of open_now, or the next local midnight when that comes first', () => {
    const schedule: OpeningSchedule = {
      weekly: { mon: '09:00-17:00', tue: '09:00-17:00', wed: null, thu: null, fri: null, sat: null, sun: null },
      special: [],
      timeZone: 'Europe/Berlin',
    };
    // Monday 2026-11-23, 10:00 in Berlin (UTC+1): closes at 17:00 local.
    expect(hoursAt(schedule, Date.parse('2026-11-23T09:00:00Z')).validUntil).toBe(Date.parse('2026-11-23T16:00:00Z'));
    // Monday 18:00: closed until Tuesday 09:00, but Tuesday's hours become today's at midnight.
    expect(hoursAt(schedule, Date.parse('2026-11-23T17:00:00Z')).validUntil).toBe(Date.parse('2026-11-23T23:00:00Z'));
  });
});
