import { describe, expect, it } from 'vitest';
import { parseHoursText } from '../../src/domain/hours-text.ts';

describe('parseHoursText', () => {
  // As store lists, spreadsheets and Google Business exports write them.
  it.each([
    ['8am-6pm', '08:00-18:00'],
    ['8:00 AM – 6:00 PM', '08:00-18:00'],
    ['8:00 AM - 6:00 PM', '08:00-18:00'],
    ['8-18', '08:00-18:00'],
    ['08.00-18.00', '08:00-18:00'],
    ['Closed', 'closed'],
    ['CLOSED', 'closed'],
    [' closed ', 'closed'],
    ['24 hours', '00:00-24:00'],
    ['Open 24 hours', '00:00-24:00'],
    ['24/7', '00:00-24:00'],
    ['24h', '00:00-24:00'],
    ['9-12, 13-17', '09:00-12:00,13:00-17:00'],
    ['09:00-17:00', '09:00-17:00'],
    ['9:00-17:00', '09:00-17:00'],
    ['9:30am - 5:30pm', '09:30-17:30'],
    ['9 AM to 5 PM', '09:00-17:00'],
    ['9 a.m. – 5 p.m.', '09:00-17:00'],
    ['9am–5pm', '09:00-17:00'],
    ['9—17', '09:00-17:00'],
    ['9-5pm', '09:00-17:00'],
    ['1-5pm', '13:00-17:00'],
    ['11-2pm', '11:00-14:00'],
    ['12-5pm', '12:00-17:00'],
    ['9am-5', '09:00-17:00'],
    ['10pm-2am', '22:00-02:00'],
    ['6pm-12am', '18:00-24:00'],
    ['6pm-midnight', '18:00-24:00'],
    ['noon-5pm', '12:00-17:00'],
    ['11am - noon', '11:00-12:00'],
    ['18:00-02:00', '18:00-02:00'],
    ['07:00-02:00', '07:00-02:00'],
    ['22-6', '22:00-06:00'],
    ['0800-1800', '08:00-18:00'],
    ['8h-18h', '08:00-18:00'],
    ['8h30-12h, 14h-18h30', '08:30-12:00,14:00-18:30'],
    ['09:00 - 12:00 / 13:00 - 17:00', '09:00-12:00,13:00-17:00'],
    ['9-12; 13-17', '09:00-12:00,13:00-17:00'],
    ['9am-12pm and 1pm-5pm', '09:00-12:00,13:00-17:00'],
    ['7:30 am until 9 pm', '07:30-21:00'],
    ['10:00 bis 18:00', '10:00-18:00'],
    ['0:00-24:00', '00:00-24:00'],
    ['Geschlossen', 'closed'],
  ])('reads %j as %j', (text, value) => {
    expect(parseHoursText(text)).toEqual({ value });
  });

  it.each([
    ['9-5', 'ambiguous'],
    ['10-6', 'ambiguous'],
    ['12-2', 'ambiguous'],
    ['8:30-4:30', 'ambiguous'],
    ['by appointment', 'is not opening hours'],
    ['Mon-Fri 9-5', 'is not opening hours'],
    ['9', 'is not opening hours'],
    ['9-', 'is not opening hours'],
    ['9-12-15', 'is not opening hours'],
    ['13pm-5pm', 'is no time'],
    ['25:00-26:00', 'outside 00:00-24:00'],
    ['9:75-17:00', 'outside 00:00-24:00'],
    ['9am-9am', 'opens and closes at the same time'],
    ['see website', 'is not opening hours'],
    ['open', 'is not opening hours'],
    [',', 'is not opening hours'],
  ])('refuses %j (%s), showing the forms it reads', (text, reason) => {
    const result = parseHoursText(text);
    expect(result).toHaveProperty('error');
    const { error } = result as { error: string };
    expect(error).toContain(reason);
    expect(error).toContain(`"${text}"`);
    expect(error).toMatch(/"9am-5pm"/);
  });
});
