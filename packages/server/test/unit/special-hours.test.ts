import { describe, expect, it } from 'vitest';
import { openingHoursSpecification } from '../../src/domain/opening-hours-specification.ts';
import { parseSpecialHours, specialHoursOn } from '../../src/domain/special-hours.ts';
import { parseTimeZone, timeZoneAt } from '../../src/domain/time-zones.ts';

describe('parseSpecialHours', () => {
  it('normalises hours and labels and keeps the items in date order', () => {
    expect(
      parseSpecialHours([
        { from: '2027-01-10', to: '2027-01-20', hours: 'Closed', label: ' Renovation ' },
        { date: '2026-12-24', hours: '9:00-13:00' },
        { date: '2026-12-25', hours: 'closed', label: 'Christmas Day' },
      ]),
    ).toEqual({
      items: [
        { date: '2026-12-24', hours: '09:00-13:00', label: null },
        { date: '2026-12-25', hours: 'closed', label: 'Christmas Day' },
        { from: '2027-01-10', to: '2027-01-20', hours: 'closed', label: 'Renovation' },
      ],
    });
  });

  it('names the item and key of each mistake', () => {
    expect(
      parseSpecialHours([
        { date: '2026-02-30', hours: 'closed' },
        { from: '2027-01-20', to: '2027-01-10', hours: 'closed' },
        { date: '2026-12-25', hours: '9 to 5' },
        { from: '2027-03-01', hours: 'closed' },
        { date: '2026-12-24', from: '2026-12-24', to: '2026-12-24', hours: 'closed' },
        { date: '26-12-31', hours: 'closed' },
      ]),
    ).toEqual({
      errors: {
        'special_hours.0.date': [expect.stringContaining('not a date')],
        'special_hours.1.to': ['is before from (2027-01-20)'],
        'special_hours.2.hours': [expect.stringContaining('not a time range')],
        'special_hours.3.to': [expect.stringContaining('is required')],
        'special_hours.4.date': [expect.stringContaining('not both')],
        'special_hours.5.date': [expect.stringContaining('not a date')],
      },
    });
  });

  it('refuses items sharing a date, naming the later item and the one it overlaps', () => {
    expect(
      parseSpecialHours([
        { from: '2027-01-01', to: '2027-01-31', hours: 'closed' },
        { date: '2027-01-05', hours: 'closed' },
        { from: '2027-01-20', to: '2027-02-02', hours: 'closed' },
        { date: '2027-02-03', hours: 'closed' },
      ]),
    ).toEqual({
      errors: {
        'special_hours.1.date': ['overlaps special_hours.0 (2027-01-01..2027-01-31)'],
        'special_hours.2.from': ['overlaps special_hours.0 (2027-01-01..2027-01-31)'],
      },
    });
  });

  it('finds the item covering a date', () => {
    const parsed = parseSpecialHours([{ from: '2027-01-10', to: '2027-01-20', hours: 'closed' }]);
    const items = 'items' in parsed ? parsed.items : [];
    expect(specialHoursOn(items, '2027-01-10')).toBeDefined();
    expect(specialHoursOn(items, '2027-01-20')).toBeDefined();
    expect(specialHoursOn(items, '2027-01-21')).toBeUndefined();
  });
});

describe('time zones', () => {
  it('takes IANA names in their canonical spelling and refuses the rest', () => {
    expect(parseTimeZone('America/Chicago')).toEqual({ value: 'America/Chicago' });
    expect(parseTimeZone('asia/kolkata')).toEqual({ value: 'Asia/Kolkata' });
    expect(parseTimeZone('UTC')).toEqual({ value: 'UTC' });
    for (const bad of ['Mars/Olympus', '+01:00', 'EST5EDT ', '', 'America/Chicago/Extra'])
      expect(parseTimeZone(bad)).toEqual({ error: expect.any(String) });
  });

  it('derives the zone of a point offline, and none without coordinates', () => {
    expect(timeZoneAt(30.2672, -97.7431)).toBe('America/Chicago');
    expect(timeZoneAt(52.52, 13.405)).toBe('Europe/Berlin');
    expect(timeZoneAt(-43.95, -176.55)).toBe('Pacific/Chatham');
    expect(timeZoneAt(null, 13.4)).toBeNull();
    expect(timeZoneAt(0, 0)).toBeNull();
  });
});

describe('openingHoursSpecification', () => {
  it('writes weekly ranges per day and special dates with their validity', () => {
    const weekly = {
      mon: '09:00-12:00,13:00-17:00',
      tue: 'closed',
      wed: null,
      thu: '00:00-24:00',
      fri: '18:00-02:00',
      sat: null,
      sun: null,
    };
    expect(
      openingHoursSpecification(weekly, [
        { date: '2026-12-25', hours: 'closed', label: 'Christmas Day' },
        { from: '2026-12-28', to: '2026-12-30', hours: '10:00-14:00', label: null },
      ]),
    ).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '09:00', closes: '12:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '13:00', closes: '17:00' },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: 'https://schema.org/Thursday',
        opens: '00:00',
        closes: '23:59',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Friday', opens: '18:00', closes: '02:00' },
      {
        '@type': 'OpeningHoursSpecification',
        opens: '00:00',
        closes: '00:00',
        validFrom: '2026-12-25',
        validThrough: '2026-12-25',
      },
      {
        '@type': 'OpeningHoursSpecification',
        opens: '10:00',
        closes: '14:00',
        validFrom: '2026-12-28',
        validThrough: '2026-12-30',
      },
    ]);
  });
});
