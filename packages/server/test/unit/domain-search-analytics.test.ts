import geohash from 'ngeohash';
import { describe, expect, it } from 'vitest';
import {
  daysOf,
  foldRarePlaces,
  type PlaceCounts,
  placeOfSearch,
  reportPeriod,
} from '../../src/domain/search-analytics.ts';

const NOW = Date.parse('2026-11-28T15:00:00Z');

describe('placeOfSearch', () => {
  it('counts a position at the centre of its geohash-5 cell, never the position itself', () => {
    const place = placeOfSearch({ lat: 52.520_08, lng: 13.404_95 }, null);
    const cell = geohash.decode_bbox(place.place);
    expect(place.place).toHaveLength(5);
    expect(place.lat).toBeCloseTo((cell[0] + cell[2]) / 2, 3);
    expect(place.lng).toBeCloseTo((cell[1] + cell[3]) / 2, 3);
    expect(place.lat).not.toBe(52.520_08);
  });

  it("keeps a city's or postcode's centre as the geocoder gave it, to about 100 m, and coarsens an address", () => {
    expect(placeOfSearch({ lat: 52.517_037, lng: 13.388_86 }, 'city')).toEqual({
      place: geohash.encode(52.517_037, 13.388_86, 5),
      lat: 52.517,
      lng: 13.389,
    });
    const rooftop = placeOfSearch({ lat: 52.517_037, lng: 13.388_86 }, 'rooftop');
    expect(rooftop.place).toBe(geohash.encode(52.517_037, 13.388_86, 5));
    expect(rooftop).not.toMatchObject({ lat: 52.517, lng: 13.389 });
  });
});

describe('reportPeriod', () => {
  it('defaults to the last 30 days, today included', () => {
    const period = reportPeriod(undefined, undefined, NOW);
    expect(period).toEqual({ from: '2026-10-30', to: '2026-11-28' });
    expect(daysOf(period)).toHaveLength(30);
  });

  it('refuses days that are no dates, a from after to, and more than 400 days', () => {
    expect(() => reportPeriod('2026-13-01', undefined, NOW)).toThrow(/from/);
    expect(() => reportPeriod(undefined, '28.11.2026', NOW)).toThrow(/to/);
    expect(() => reportPeriod('2026-11-02', '2026-11-01', NOW)).toThrow(/after/);
    expect(reportPeriod('2025-10-25', '2026-11-28', NOW)).toEqual({ from: '2025-10-25', to: '2026-11-28' });
    expect(() => reportPeriod('2025-10-24', '2026-11-28', NOW)).toThrow(/400/);
  });
});

describe('foldRarePlaces', () => {
  const place = (name: string, searches: number, zeroResult = 0): PlaceCounts => ({
    place: name,
    lat: 1,
    lng: 2,
    searches,
    zeroResult,
  });

  it('shows places seen at least 5 times, most first, and adds up the rest as "other"', () => {
    expect(foldRarePlaces([place('b', 5, 1), place('a', 4, 4), place('c', 9), place('d', 1, 1)], 100)).toEqual([
      place('c', 9),
      place('b', 5, 1),
      { place: 'other', lat: null, lng: null, searches: 5, zeroResult: 5 },
    ]);
  });

  it('folds the places beyond those shown into "other" too, and has no "other" when nothing is left', () => {
    expect(foldRarePlaces([place('a', 6), place('b', 7)], 1)).toEqual([
      place('b', 7),
      { place: 'other', lat: null, lng: null, searches: 6, zeroResult: 0 },
    ]);
    expect(foldRarePlaces([place('a', 6)], 1)).toEqual([place('a', 6)]);
  });
});
