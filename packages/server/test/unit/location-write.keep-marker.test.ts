import { describe, expect, it } from 'vitest';
import type { ProjectCatalog } from '../../src/domain/catalog.ts';
import type { CurrentLocation } from '../../src/domain/location-input.ts';
import { plan } from '../support/location-write.ts';

const catalog: ProjectCatalog = {
  types: [
    { id: 1, publicId: 'lty_store', name: 'Store', priority: 0, isDefault: true, label: 0 },
    { id: 2, publicId: 'lty_outlet', name: 'Outlet', priority: 0, isDefault: false, label: 0 },
  ],
  markers: [
    { id: 10, publicId: 'mrk_red', name: 'Red', color: null, iconUrl: null, isDefault: true },
    { id: 11, publicId: 'mrk_blue', name: 'Blue', color: null, iconUrl: null, isDefault: false },
  ],
  filters: [],
  fields: [],
  callsToAction: [],
  images: [],
};

const current: CurrentLocation = {
  address_line_1: '1 Main St',
  address_line_2: null,
  city: 'Austin',
  state: null,
  postcode: null,
  country: null,
  address: '1 Main St, Austin',
  address_generated: 1,
  display_address: '1 Main St, Austin',
  display_address_generated: 1,
  lat: 30,
  lng: -97,
  location_type_id: 2,
  marker_id: 11,
  hours: null,
  time_zone_manual: 0,
  phone: null,
};

describe('planLocationWrite with keepMarker (V1)', () => {
  it('keeps the saved marker on a PUT that omits it, where V2 PUT resets it to the default', () => {
    expect(
      plan('replace', current, { name: 'x' }, catalog, { legacyLocationType: true, keepMarker: true }).columns,
    ).not.toHaveProperty('marker_id');
    expect(plan('replace', current, { name: 'x' }, catalog, { legacyLocationType: false }).columns.marker_id).toBe(10);
  });

  it('still gives a new location the default marker', () => {
    expect(
      plan('create', undefined, { name: 'x' }, catalog, { legacyLocationType: true, keepMarker: true }).columns
        .marker_id,
    ).toBe(10);
  });

  it('leaves the legacy location_type exception as it is: the current name keeps it, omitted resets it', () => {
    const policy = { legacyLocationType: true, keepMarker: true };
    expect(
      plan('replace', current, { name: 'x', location_type: 'Outlet' }, catalog, policy).columns.location_type_id,
    ).toBe(2);
    expect(plan('replace', current, { name: 'x' }, catalog, policy).columns.location_type_id).toBe(1);
    expect(
      plan('replace', current, { name: 'x', location_type: 'Kiosk' }, catalog, policy).columns.location_type_id,
    ).toBe(1);
  });

  it('asks for geocoding when a coordinate is missing or zero after the write, never for an address change alone', () => {
    const policy = { legacyLocationType: true, keepMarker: true };
    expect(plan('replace', current, { name: 'x', city: 'Dallas' }, catalog, policy)).toMatchObject({
      needsGeocoding: false,
    });
    expect(plan('replace', current, { name: 'x', city: 'Dallas' }, catalog, policy).columns).not.toHaveProperty('lat');
    expect(plan('replace', current, { name: 'x', lat: 0 }, catalog, policy).needsGeocoding).toBe(true);
    expect(plan('replace', current, { name: 'x', lng: null }, catalog, policy).needsGeocoding).toBe(true);
    expect(plan('create', undefined, { name: 'x', lat: 30 }, catalog, policy).needsGeocoding).toBe(true);
    expect(plan('create', undefined, { name: 'x', lat: 30, lng: -97 }, catalog, policy).needsGeocoding).toBe(false);
  });
});
