import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WeeklyHours } from '../../src/domain/hours.ts';
import { type OpeningSchedule, openingStatus } from '../../src/domain/opening-status.ts';
import type { SpecialHours } from '../../src/domain/special-hours.ts';

const week = (days: Partial<WeeklyHours>, rest: string | null = 'closed'): WeeklyHours => ({
  mon: rest,
  tue: rest,
  wed: rest,
  thu: rest,
  fri: rest,
  sat: rest,
  sun: rest,
  ...days,
});

const status = (schedule: Partial<OpeningSchedule> & { timeZone: string }, at: string) =>
  openingStatus({ weekly: null, special: [], ...schedule }, Date.parse(at));

describe('openingStatus in New York on the day clocks spring forward (2026-03-08, 02:00 EST becomes 03:00 EDT)', () => {
  const timeZone = 'America/New_York';

  it('never opens a range that names only skipped times', () => {
    const weekly = week({ sun: '02:00-03:00' });
    expect(status({ weekly, timeZone }, '2026-03-08T06:59:00Z')).toMatchObject({
      open_now: false,
      today: '02:00-03:00',
    });
    expect(status({ weekly, timeZone }, '2026-03-08T07:00:00Z')).toMatchObject({ open_now: false });
    // The next time 02:00 exists is a week later.
    expect(status({ weekly, timeZone }, '2026-03-08T06:30:00Z').next_change).toBe('2026-03-15T02:00:00-04:00');
  });

  it('closes at the jump a range ending in the skipped hour', () => {
    const weekly = week({ sun: '01:00-02:30' });
    expect(status({ weekly, timeZone }, '2026-03-08T06:30:00Z')).toMatchObject({
      open_now: true,
      next_change: '2026-03-08T03:00:00-04:00',
    });
  });

  it('opens at the jump a range starting in the skipped hour', () => {
    const weekly = week({ sun: '02:30-05:00' });
    expect(status({ weekly, timeZone }, '2026-03-08T06:30:00Z')).toMatchObject({
      open_now: false,
      next_change: '2026-03-08T03:00:00-04:00',
    });
    expect(status({ weekly, timeZone }, '2026-03-08T07:00:00Z')).toMatchObject({
      open_now: true,
      next_change: '2026-03-08T05:00:00-04:00',
    });
  });

  it("runs a Saturday night range into Sunday's jump", () => {
    const weekly = week({ sat: '20:00-03:00' });
    expect(status({ weekly, timeZone }, '2026-03-08T06:59:00Z')).toMatchObject({
      open_now: true,
      today: 'closed',
      next_change: '2026-03-08T03:00:00-04:00',
    });
  });
});

describe('openingStatus in New York on the day clocks fall back (2026-11-01, 02:00 EDT becomes 01:00 EST)', () => {
  const timeZone = 'America/New_York';

  it('keeps a range over the repeated hour open for both of its hours', () => {
    const weekly = week({ sun: '01:00-02:00' });
    expect(status({ weekly, timeZone }, '2026-11-01T05:00:00Z')).toMatchObject({
      open_now: true,
      next_change: '2026-11-01T02:00:00-05:00',
    });
    expect(status({ weekly, timeZone }, '2026-11-01T06:30:00Z')).toMatchObject({
      open_now: true,
      next_change: '2026-11-01T02:00:00-05:00',
    });
    expect(status({ weekly, timeZone }, '2026-11-01T07:00:00Z')).toMatchObject({ open_now: false });
  });

  it('opens a short range twice', () => {
    const weekly = week({ sun: '01:30-01:45' });
    expect(status({ weekly, timeZone }, '2026-11-01T05:50:00Z')).toMatchObject({
      open_now: false,
      next_change: '2026-11-01T01:30:00-05:00',
    });
  });

  it('runs a Saturday night range through the repeated hour', () => {
    const weekly = week({ sat: '22:00-02:00' });
    expect(status({ weekly, timeZone }, '2026-11-01T05:30:00Z')).toMatchObject({
      open_now: true,
      next_change: '2026-11-01T02:00:00-05:00',
    });
  });
});

describe('openingStatus across zones', () => {
  const weekdays = week({
    mon: '09:00-18:00',
    tue: '09:00-18:00',
    wed: '09:00-18:00',
    thu: '09:00-18:00',
    fri: '09:00-18:00',
  });

  it('Europe/Berlin in summer and in winter', () => {
    expect(status({ weekly: weekdays, timeZone: 'Europe/Berlin' }, '2026-07-15T10:00:00Z')).toEqual({
      open_now: true,
      today: '09:00-18:00',
      next_change: '2026-07-15T18:00:00+02:00',
      special: null,
    });
    expect(status({ weekly: weekdays, timeZone: 'Europe/Berlin' }, '2026-01-14T17:30:00Z')).toMatchObject({
      open_now: false,
      next_change: '2026-01-15T09:00:00+01:00',
    });
  });

  it('Australia/Sydney in the southern summer', () => {
    const weekly = week({ sat: '10:00-16:00' });
    expect(status({ weekly, timeZone: 'Australia/Sydney' }, '2026-01-09T23:30:00Z')).toMatchObject({
      open_now: true,
      today: '10:00-16:00',
      next_change: '2026-01-10T16:00:00+11:00',
    });
  });

  it('Asia/Kolkata at +05:30', () => {
    expect(status({ weekly: weekdays, timeZone: 'Asia/Kolkata' }, '2026-11-25T03:00:00Z')).toMatchObject({
      open_now: false,
      next_change: '2026-11-25T09:00:00+05:30',
    });
  });

  it('Pacific/Chatham at +13:45 in its summer', () => {
    expect(status({ weekly: weekdays, timeZone: 'Pacific/Chatham' }, '2026-11-24T20:15:00Z')).toMatchObject({
      open_now: true,
      today: '09:00-18:00',
      next_change: '2026-11-25T18:00:00+13:45',
    });
  });
});

describe('openingStatus with special hours', () => {
  const timeZone = 'Europe/Berlin';
  const weekly = week({
    mon: '09:00-18:00',
    tue: '09:00-18:00',
    wed: '09:00-18:00',
    thu: '09:00-18:00',
    fri: '09:00-18:00',
    sat: '10:00-14:00',
  });

  it('closes an open weekday for a holiday and names it', () => {
    const special: SpecialHours[] = [{ date: '2026-12-25', hours: 'closed', label: 'Christmas Day' }];
    expect(status({ weekly, special, timeZone }, '2026-12-25T10:00:00Z')).toEqual({
      open_now: false,
      today: 'closed',
      next_change: '2026-12-26T10:00:00+01:00',
      special: { label: 'Christmas Day' },
    });
    // The day before, the closure is where the next change stops short.
    expect(status({ weekly, special, timeZone }, '2026-12-24T12:00:00Z')).toMatchObject({
      open_now: true,
      next_change: '2026-12-24T18:00:00+01:00',
      special: null,
    });
  });

  it('opens a closed day', () => {
    const special: SpecialHours[] = [{ date: '2026-12-20', hours: '12:00-16:00', label: 'Advent Sunday' }];
    expect(status({ weekly, special, timeZone }, '2026-12-20T12:00:00Z')).toEqual({
      open_now: true,
      today: '12:00-16:00',
      next_change: '2026-12-20T16:00:00+01:00',
      special: { label: 'Advent Sunday' },
    });
    expect(status({ weekly, special, timeZone }, '2026-12-19T15:00:00Z').next_change).toBe('2026-12-20T12:00:00+01:00');
  });

  it('closes a range of dates and finds the opening after it', () => {
    const special: SpecialHours[] = [{ from: '2027-01-10', to: '2027-01-20', hours: 'closed', label: 'Renovation' }];
    expect(status({ weekly, special, timeZone }, '2027-01-12T10:00:00Z')).toEqual({
      open_now: false,
      today: 'closed',
      next_change: '2027-01-21T09:00:00+01:00',
      special: { label: 'Renovation' },
    });
  });

  it('lets a Friday night range run into a specially closed Saturday', () => {
    const late = week({ fri: '18:00-02:00' });
    const special: SpecialHours[] = [{ date: '2026-12-05', hours: 'closed', label: null }];
    expect(status({ weekly: late, special, timeZone }, '2026-12-05T00:00:00Z')).toEqual({
      open_now: true,
      today: 'closed',
      next_change: '2026-12-05T02:00:00+01:00',
      special: { label: null },
    });
  });
});

describe('openingStatus at the edges', () => {
  const timeZone = 'Europe/Berlin';

  it('knows nothing without a zone or without hours', () => {
    const unknown = { open_now: null, today: null, next_change: null, special: null };
    expect(
      openingStatus({ weekly: week({}), special: [], timeZone: null }, Date.parse('2026-12-01T10:00:00Z')),
    ).toEqual(unknown);
    expect(status({ timeZone }, '2026-12-01T10:00:00Z')).toEqual(unknown);
  });

  it('does not know a day whose hours are unknown, nor a change that runs into one', () => {
    const weekly = week({ mon: '09:00-17:00', tue: null }, 'closed');
    // Tuesday 2026-12-01 is unknown; Monday evening is closed, and what follows is unknown.
    expect(status({ weekly, timeZone }, '2026-12-01T10:00:00Z')).toMatchObject({
      open_now: null,
      today: null,
      next_change: null,
    });
    expect(status({ weekly, timeZone }, '2026-11-30T18:00:00Z')).toMatchObject({ open_now: false, next_change: null });
  });

  it('finds an opening announced months ahead, and none when the weeks only repeat', () => {
    const closed = week({});
    const special: SpecialHours[] = [{ date: '2027-06-01', hours: '10:00-12:00', label: 'Open day' }];
    expect(status({ weekly: closed, special, timeZone }, '2026-12-01T10:00:00Z')).toMatchObject({
      open_now: false,
      next_change: '2027-06-01T10:00:00+02:00',
    });
    expect(status({ weekly: closed, special, timeZone }, '2027-06-01T11:00:00Z')).toMatchObject({
      open_now: false,
      next_change: null,
    });
    expect(status({ weekly: closed, timeZone }, '2026-12-01T10:00:00Z')).toMatchObject({
      open_now: false,
      next_change: null,
    });
  });

  it('is open all day with 00:00-24:00 and never changes when always open', () => {
    expect(status({ weekly: week({}, '00:00-24:00'), timeZone }, '2026-12-01T10:00:00Z')).toMatchObject({
      open_now: true,
      next_change: null,
    });
  });

  it('joins a range ending 24:00 to the next day starting 00:00', () => {
    const weekly = week({ mon: '18:00-24:00', tue: '00:00-02:00' });
    expect(status({ weekly, timeZone }, '2026-11-30T22:00:00Z')).toMatchObject({
      open_now: true,
      next_change: '2026-12-01T02:00:00+01:00',
    });
  });
});

describe('openingStatus compared with Intl', () => {
  const ZONES = [
    'America/New_York',
    'Europe/Berlin',
    'Australia/Sydney',
    'Asia/Kolkata',
    'Pacific/Chatham',
    'America/Santiago',
    'Europe/London',
    'UTC',
  ];
  const WEEKDAY_INDEX: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };
  const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

  /** The weekday and wall-clock minute of an instant in a zone, read off Intl's formatting alone. */
  function wallClock(zone: string, epoch: number): { weekday: number; minute: number } {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(epoch);
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return {
      weekday: WEEKDAY_INDEX[part('weekday')] ?? -1,
      minute: Number(part('hour')) * 60 + Number(part('minute')) + Number(part('second')) / 60,
    };
  }

  /** Open by the rules written out afresh: ranges of the day, and ranges of the day before that pass midnight. */
  function openByIntl(weekly: WeeklyHours, zone: string, epoch: number): boolean {
    const { weekday, minute } = wallClock(zone, epoch);
    const rangesOf = (day: string | null | undefined) =>
      (day ?? 'closed') === 'closed'
        ? []
        : (day ?? '').split(',').map((range) => {
            const [open, close] = range.split('-').map((time) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3)));
            return { open: open ?? 0, close: close ?? 0 };
          });
    const yesterday = rangesOf(weekly[DAYS[(weekday + 6) % 7] ?? 'mon']);
    const today = rangesOf(weekly[DAYS[weekday] ?? 'mon']);
    return (
      yesterday.some(({ open, close }) => close <= open && minute < close) ||
      today.some(({ open, close }) => (close <= open ? minute >= open : minute >= open && minute < close))
    );
  }

  const time = fc
    .integer({ min: 0, max: 47 })
    .map((half) => `${String(Math.floor(half / 2)).padStart(2, '0')}:${half % 2 ? '30' : '00'}`);
  const day = fc.oneof(
    fc.constant('closed'),
    fc
      .tuple(time, time)
      .filter(([a, b]) => a !== b)
      .map(([a, b]) => `${a}-${b}`),
    fc
      .tuple(time, time, time, time)
      .filter(([a, b, c, d]) => a < b && b < c && c < d)
      .map(([a, b, c, d]) => `${a}-${b},${c}-${d}`),
  );
  const weekly = fc
    .tuple(day, day, day, day, day, day, day)
    .map((days) => Object.fromEntries(DAYS.map((name, index) => [name, days[index]])) as WeeklyHours);
  const instant = fc.integer({ min: Date.parse('2025-01-01T00:00:00Z'), max: Date.parse('2028-12-31T00:00:00Z') });

  it('agrees on open_now, and nothing changes before next_change', () => {
    fc.assert(
      fc.property(
        weekly,
        fc.constantFrom(...ZONES),
        instant,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (hours, zone, at, fraction) => {
          const result = openingStatus({ weekly: hours, special: [], timeZone: zone }, at);
          const expected = openByIntl(hours, zone, at);
          expect(result.open_now).toBe(expected);
          if (result.next_change === null) return;
          const change = Date.parse(result.next_change);
          expect(change).toBeGreaterThan(at);
          expect(openByIntl(hours, zone, change)).toBe(!expected);
          const between = Math.floor(at + (change - at) * fraction);
          if (between < change) expect(openByIntl(hours, zone, between)).toBe(expected);
        },
      ),
      { numRuns: 400 },
    );
  });
});
