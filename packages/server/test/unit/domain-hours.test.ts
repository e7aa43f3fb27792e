import { describe, expect, it } from 'vitest';
import { mergeHours, parseDayHours, parseHoursInput } from '../../src/domain/hours.ts';

describe('parseDayHours', () => {
  it.each([
    ['9:00-17:00', '09:00-17:00'],
    [' 09:00 - 12:00 , 13:00-17:30 ', '09:00-12:00,13:00-17:30'],
    ['18:00-02:00', '18:00-02:00'],
    ['00:00-24:00', '00:00-24:00'],
    ['Closed', 'closed'],
  ])('normalises %j to %j', (input, output) => {
    expect(parseDayHours(input)).toEqual({ value: output });
  });

  it.each([['9 to 5'], ['25:00-26:00'], ['09:60-10:00'], ['10:00-10:00'], ['24:30-01:00'], [''], ['09:00-17:00,']])(
    'refuses %j',
    (input) => {
      expect(parseDayHours(input)).toEqual({ error: expect.any(String) });
    },
  );
});

describe('parseHoursInput', () => {
  const week = {
    mon: '9:00-17:00',
    tue: 'closed',
    wed: null,
    thu: '09:00-17:00',
    fri: '09:00-17:00',
    sat: '10:00-14:00',
    sun: 'closed',
  };

  it('accepts full day names and reads every day', () => {
    const { mon: _mon, ...rest } = week;
    const { days, errors } = parseHoursInput({ ...rest, monday: '8:00-12:00' }, { requireAllDays: true });
    expect(errors).toEqual({});
    expect(days).toMatchObject({ mon: '08:00-12:00', tue: 'closed', wed: null });
  });

  it('requires all seven days when asked, naming each missing one', () => {
    const { errors } = parseHoursInput({ mon: '09:00-17:00' }, { requireAllDays: true });
    expect(Object.keys(errors).sort()).toEqual([
      'hours.fri',
      'hours.sat',
      'hours.sun',
      'hours.thu',
      'hours.tue',
      'hours.wed',
    ]);
    expect(parseHoursInput({ mon: '09:00-17:00' }, { requireAllDays: false }).errors).toEqual({});
  });

  it('refuses unknown days, a day named twice and bad ranges, keyed as sent', () => {
    const { errors } = parseHoursInput(
      { funday: '09:00-10:00', mon: '09:00-10:00', monday: '10:00-11:00', tue: 'nope' },
      { requireAllDays: false },
    );
    expect(Object.keys(errors).sort()).toEqual(['hours.funday', 'hours.monday', 'hours.tue']);
  });

  it('refuses names every object inherits as unknown days', () => {
    const { days, errors } = parseHoursInput(
      { constructor: '09:00-10:00', toString: '09:00-10:00' },
      { requireAllDays: false },
    );
    expect(Object.keys(errors).sort()).toEqual(['hours.constructor', 'hours.toString']);
    expect(days).toEqual({});
  });
});

describe('mergeHours', () => {
  it('changes only the days given, on top of the saved week or an empty one', () => {
    const saved = {
      mon: 'closed',
      tue: 'closed',
      wed: 'closed',
      thu: 'closed',
      fri: 'closed',
      sat: 'closed',
      sun: 'closed',
    };
    expect(mergeHours(saved, { mon: '09:00-17:00', sun: null })).toEqual({ ...saved, mon: '09:00-17:00', sun: null });
    expect(mergeHours(null, { tue: '08:00-12:00' })).toEqual({
      mon: null,
      tue: '08:00-12:00',
      wed: null,
      thu: null,
      fri: null,
      sat: null,
      sun: null,
    });
  });
});
