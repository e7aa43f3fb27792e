import { describe, expect, it } from 'vitest';
import type { OpeningStatus } from '../../src/domain/opening-status.ts';
import { distanceText, pageUnit, statusLine } from '../../src/features/finder/pages/format.ts';
import { localeOfTag, messagesOf, type PageLocale } from '../../src/features/finder/pages/messages.ts';

const locale = (tag: string): PageLocale => localeOfTag(tag) ?? { language: 'en', tag: 'en' };
const TODAY = { date: '2027-06-03' };
const status = (open: boolean | null, next: string | null, label?: string | null): OpeningStatus => ({
  open_now: open,
  today: open === null ? null : '09:00-21:00',
  next_change: next,
  special: label === undefined ? null : { label },
});
const line = (value: OpeningStatus, tag = 'en') => statusLine(value, TODAY, locale(tag), messagesOf(locale(tag)))?.text;

describe("a store page's status line", () => {
  it('says when an open store closes, today or after midnight, in its own wall-clock time', () => {
    expect(line(status(true, '2027-06-03T21:00:00-05:00'))).toBe('Open now · closes 9:00 PM');
    expect(line(status(true, '2027-06-04T02:00:00-05:00'))).toBe('Open now · closes 2:00 AM');
    expect(line(status(true, '2027-06-03T21:00:00-05:00'), 'de')).toBe('Jetzt geöffnet · schließt um 21:00');
    expect(line(status(true, '2027-06-03T21:00:00-05:00'), 'es')).toBe('Abierto ahora · cierra a las 21:00');
    // Open all week: no change worth a word.
    expect(line(status(true, '2027-06-09T00:00:00-05:00'))).toBe('Open now');
    expect(line(status(true, null))).toBe('Open now');
  });

  it('says when a closed store opens: today, tomorrow, on a weekday this week, or on a date', () => {
    expect(line(status(false, '2027-06-03T17:00:00-05:00'))).toBe('Closed now · opens 5:00 PM');
    expect(line(status(false, '2027-06-04T09:00:00-05:00'))).toBe('Closed now · opens tomorrow 9:00 AM');
    expect(line(status(false, '2027-06-07T09:00:00-05:00'))).toBe('Closed now · opens Monday 9:00 AM');
    expect(line(status(false, '2027-06-07T09:00:00+02:00'), 'nl')).toBe('Nu gesloten · opent maandag om 9:00');
    expect(line(status(false, '2027-07-01T09:00:00-05:00'))).toBe('Closed now · opens Thursday, July 1, 2027 9:00 AM');
  });

  it('adds the label of the special hours that cover today, and says nothing when the hours are unknown', () => {
    expect(line(status(false, '2027-06-04T09:00:00-05:00', 'Staff training'), 'fr')).toBe(
      'Fermé actuellement · ouvre demain à 9:00 · Staff training',
    );
    expect(line(status(null, null))).toBeUndefined();
    expect(statusLine(status(true, null), TODAY, locale('en'), messagesOf(locale('en')))?.open).toBe(true);
  });
});

describe("a store page's distances", () => {
  it("are in the location's country's unit, else the page's region's, else kilometres", () => {
    expect(pageUnit('mi', locale('de'))).toBe('mi');
    expect(pageUnit('km', locale('en-US'))).toBe('km');
    expect(pageUnit(null, locale('en-GB'))).toBe('mi');
    expect(pageUnit(null, locale('en'))).toBe('km');
  });

  it('are written as the language writes them, one decimal below ten', () => {
    expect(distanceText(1.1, 'km', locale('en'))).toBe('1.1 km');
    expect(distanceText(1.609344 * 2.25, 'mi', locale('en-US'))).toBe('2.3 mi');
    expect(distanceText(2.38, 'km', locale('de'))).toBe('2,4 km');
    expect(distanceText(8656.98, 'km', locale('de'))).toBe('8.657 km');
    expect(distanceText(12.4, 'km', locale('en'))).toBe('12 km');
  });
});
