import { describe, expect, it } from 'vitest';
import type { ProjectCatalog } from '../../src/domain/catalog.ts';
import { BULK_ACTIONS, bulkChangeErrors, bulkInputOf } from '../../src/domain/location-bulk.ts';

const catalog: ProjectCatalog = {
  types: [{ id: 1, publicId: 'lty_1', name: 'Store', priority: 1, isDefault: true, label: 0 }],
  markers: [],
  filters: [
    { id: 1, publicId: 'flt_1', name: 'Wifi' },
    { id: 2, publicId: 'flt_2', name: 'Parking' },
  ],
  fields: [],
  callsToAction: [],
  images: [],
};

const WEEK = {
  mon: '09:00-17:00',
  tue: '09:00-17:00',
  wed: 'closed',
  thu: null,
  fri: '9-5',
  sat: 'closed',
  sun: 'closed',
};

describe('bulkChangeErrors', () => {
  it('accepts each action with the key it takes, names matched ignoring case', () => {
    expect(bulkChangeErrors({ action: 'show' }, catalog)).toEqual({});
    expect(bulkChangeErrors({ action: 'delete' }, catalog)).toEqual({});
    expect(bulkChangeErrors({ action: 'add_filter', filter: ' wifi ' }, catalog)).toEqual({});
    expect(bulkChangeErrors({ action: 'set_type', location_type: 'STORE' }, catalog)).toEqual({});
    expect(bulkChangeErrors({ action: 'set_type', location_type: null }, catalog)).toEqual({});
    expect(bulkChangeErrors({ action: 'set_hours', hours: { ...WEEK, fri: '09:00-17:00' } }, catalog)).toEqual({});
  });

  it('names a missing key, a key of another action, an unknown name and a day that does not read', () => {
    expect(bulkChangeErrors({ action: 'remove_filter' }, catalog)).toEqual({
      'change.filter': ['is required for remove_filter'],
    });
    expect(Object.keys(bulkChangeErrors({ action: 'hide', location_type: 'Store', hours: {} }, catalog))).toEqual([
      'change.location_type',
      'change.hours',
    ]);
    expect(bulkChangeErrors({ action: 'add_filter', filter: 'Sauna' }, catalog)['change.filter']?.[0]).toContain(
      'configured filters: "Wifi", "Parking"',
    );
    expect(Object.keys(bulkChangeErrors({ action: 'set_type', location_type: 'Kiosk' }, catalog))).toEqual([
      'change.location_type',
    ]);
    expect(Object.keys(bulkChangeErrors({ action: 'set_hours', hours: WEEK }, catalog))).toEqual(['change.hours.fri']);
    expect(Object.keys(bulkChangeErrors({ action: 'set_hours', hours: { mon: 'closed' } }, catalog)).sort()).toEqual(
      ['fri', 'sat', 'sun', 'thu', 'tue', 'wed'].map((day) => `change.hours.${day}`),
    );
    expect(bulkChangeErrors({ action: 'set_hours', hours: {} }, catalog)).toEqual({
      'change.hours': ['must name all seven days'],
    });
  });
});

describe('bulkInputOf', () => {
  it('is the PATCH input of each action; delete is no update', () => {
    expect(bulkInputOf({ action: 'show' }, [])).toEqual({ visible: true });
    expect(bulkInputOf({ action: 'hide' }, [])).toEqual({ visible: false });
    expect(bulkInputOf({ action: 'add_filter', filter: 'Wifi' }, ['Parking'])).toEqual({
      filters: ['Parking', 'Wifi'],
    });
    expect(bulkInputOf({ action: 'remove_filter', filter: 'wifi' }, ['Wifi', 'Parking'])).toEqual({
      filters: ['Parking'],
    });
    expect(bulkInputOf({ action: 'set_type', location_type: null }, [])).toEqual({ location_type: null });
    expect(bulkInputOf({ action: 'set_hours', hours: WEEK }, [])).toEqual({ hours: WEEK });
    expect(bulkInputOf({ action: 'delete' }, ['Wifi'])).toBeUndefined();
    expect(BULK_ACTIONS).toHaveLength(7);
  });
});
