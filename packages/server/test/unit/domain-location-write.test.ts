import { describe, expect, it } from 'vitest';
import type { ProjectCatalog } from '../../src/domain/catalog.ts';
import type { CurrentLocation } from '../../src/domain/location-input.ts';
import { planLocationWrite } from '../../src/domain/location-write.ts';
import { plan } from '../support/location-write.ts';

const catalog: ProjectCatalog = {
  types: [
    { id: 1, publicId: 'lty_store', name: 'Store', priority: 0, isDefault: true, label: 0 },
    { id: 2, publicId: 'lty_outlet', name: 'Outlet', priority: 0, isDefault: false, label: 0 },
  ],
  markers: [
    { id: 11, publicId: 'mrk_red', name: 'Red', color: null, iconUrl: null, isDefault: true },
    { id: 12, publicId: 'mrk_blue', name: 'Blue', color: null, iconUrl: null, isDefault: false },
  ],
  filters: [
    { id: 21, publicId: 'flt_wifi', name: 'Wifi' },
    { id: 22, publicId: 'flt_parking', name: 'Parking' },
  ],
  fields: [{ id: 31, publicId: 'fld_manager', name: 'Manager' }],
  callsToAction: [{ id: 41, publicId: 'cta_order', title: 'Order online' }],
  images: [{ name: 'front', url: 'https://img.example/front.jpg' }],
};

const current: CurrentLocation = {
  address_line_1: '1 Main St',
  address_line_2: null,
  city: 'Austin',
  state: 'TX',
  postcode: '78701',
  country: 'US',
  address: '1 Main St, Austin, TX 78701, US',
  address_generated: 1,
  display_address: '1 Main St, Austin, TX 78701, US',
  display_address_generated: 1,
  lat: 30.2,
  lng: -97.7,
  location_type_id: 2,
  marker_id: 12,
  hours: { mon: '09:00-17:00', tue: null, wed: null, thu: null, fri: null, sat: null, sun: 'closed' },
  time_zone_manual: 0,
  phone: null,
};

describe('planLocationWrite', () => {
  it('PATCH changes only what is sent', () => {
    const result = plan('patch', current, { phone: '123' }, catalog);
    expect(result.columns).toEqual({ phone: '123', phone_e164: null });
    expect(result.hours).toEqual({ kind: 'keep' });
    expect(result.filters).toBeUndefined();
    expect(result.fields).toEqual({ kind: 'keep' });
    expect(result.needsGeocoding).toBe(false);
  });

  it('PUT resets omitted type and marker to the defaults; POST takes them', () => {
    expect(plan('replace', current, { name: 'x', city: 'Austin' }, catalog).columns).toMatchObject({
      location_type_id: 1,
      marker_id: 11,
    });
    expect(plan('create', undefined, { name: 'x', city: 'Austin', lat: 1, lng: 1 }, catalog).columns).toMatchObject({
      location_type_id: 1,
      marker_id: 11,
      visible: 1,
    });
  });

  it('V1 policy: an unknown or null type selects the default, the current name keeps it, the marker stays', () => {
    const legacy = { legacyLocationType: true, keepMarker: true };
    expect(plan('replace', current, { name: 'x', location_type: 'Kiosk' }, catalog, legacy).columns).toMatchObject({
      location_type_id: 1,
    });
    expect(plan('replace', current, { name: 'x', location_type: null }, catalog, legacy).columns).toMatchObject({
      location_type_id: 1,
    });
    const kept = plan('replace', current, { name: 'x', location_type: 'outlet' }, catalog, legacy).columns;
    expect(kept.location_type_id).toBe(2);
    expect(kept).not.toHaveProperty('marker_id');
  });

  it('V2 refuses unknown names, naming what is configured', () => {
    const result = planLocationWrite(
      'patch',
      current,
      {
        location_type: 'Kiosk',
        marker: 'Green',
        filters: ['Sauna'],
        fields: { Owner: 'x' },
        callsToAction: { Call: 'x' },
        cover: 'back',
      },
      catalog,
    );
    expect('errors' in result && Object.keys(result.errors).sort()).toEqual([
      'callsToAction.Call',
      'cover',
      'fields.Owner',
      'filters',
      'location_type',
      'marker',
    ]);
    expect('errors' in result && result.errors.location_type?.[0]).toContain('"Store", "Outlet"');
  });

  it('PATCH merges fields and calls to action by name; PUT replaces them', () => {
    expect(
      plan('patch', current, { fields: { Manager: null }, callsToAction: { 'order ONLINE': 'https://x' } }, catalog),
    ).toMatchObject({
      fields: { kind: 'merge', upsert: new Map(), remove: [31] },
      callsToAction: { kind: 'merge', upsert: new Map([[41, 'https://x']]), remove: [] },
    });
    expect(plan('replace', current, { name: 'x', fields: { Manager: 'Ada' } }, catalog).fields).toEqual({
      kind: 'replace',
      values: new Map([[31, 'Ada']]),
    });
  });

  it('merges PATCH hours over the saved week and removes them with null', () => {
    expect(plan('patch', current, { hours: { tue: '10:00-12:00' } }, catalog).hours).toEqual({
      kind: 'set',
      hours: { ...current.hours, tue: '10:00-12:00' },
    });
    expect(plan('patch', current, { hours: null }, catalog).hours).toEqual({ kind: 'remove' });
    expect(plan('patch', current, { hours: {} }, catalog).hours).toEqual({ kind: 'keep' });
    expect(plan('create', undefined, { name: 'x', hours: null }, catalog).hours).toEqual({ kind: 'keep' });
  });

  it('reads "" as null for optional text, and a cover URL or stored image name', () => {
    expect(plan('patch', current, { phone: '', twitter: '  ' }, catalog).columns).toEqual({
      phone: null,
      phone_e164: null,
      twitter: null,
    });
    expect(plan('patch', current, { cover: 'front' }, catalog).columns).toEqual({
      cover_image_url: 'https://img.example/front.jpg',
      cover_image_name: 'front',
    });
    expect(plan('patch', current, { cover: 'https://x.example/a/b%20c.png' }, catalog).columns).toEqual({
      cover_image_url: 'https://x.example/a/b%20c.png',
      cover_image_name: 'b c.png',
    });
  });

  it('refuses a cover that only looks like a URL, and names an image whose URL has broken percent-encoding as written', () => {
    const broken = planLocationWrite('patch', current, { cover: 'https://[bad' }, catalog);
    expect('errors' in broken && Object.keys(broken.errors)).toEqual(['cover']);
    expect(plan('patch', current, { cover: 'https://x.example/a/100%25%E0%A4%A.png' }, catalog).columns).toEqual({
      cover_image_url: 'https://x.example/a/100%25%E0%A4%A.png',
      cover_image_name: '100%25%E0%A4%A.png',
    });
  });

  it('asks for geocoding when coordinates end up missing or zero, and marks given ones manual', () => {
    expect(plan('patch', current, { lat: 0 }, catalog)).toMatchObject({
      needsGeocoding: true,
      columns: { geocoding_status: 'pending' },
    });
    expect(plan('patch', { ...current, lat: null }, { city: 'Dallas' }, catalog).needsGeocoding).toBe(true);
    expect(plan('patch', current, { city: 'Dallas' }, catalog)).toMatchObject({ needsGeocoding: false });
    expect(plan('patch', current, { city: 'Dallas' }, catalog).columns).not.toHaveProperty('lat');
    expect(plan('patch', current, { lat: 31, lng: -98 }, catalog).columns).toMatchObject({
      geocoding_status: 'manual',
      geocoding_precision: null,
    });
  });

  it('refreshes a generated address from changed components', () => {
    expect(plan('patch', current, { city: 'Dallas' }, catalog).columns).toMatchObject({
      address: '1 Main St, Dallas, TX 78701, US',
      address_generated: 1,
    });
  });

  it('derives the time zone from the coordinates unless a user set it', () => {
    expect(
      plan('create', undefined, { name: 'x', city: 'Austin', lat: 52.52, lng: 13.405 }, catalog).columns,
    ).toMatchObject({ time_zone: 'Europe/Berlin', time_zone_manual: 0 });
    expect(plan('create', undefined, { name: 'x', city: 'Austin' }, catalog).columns).toMatchObject({
      time_zone: null,
      time_zone_manual: 0,
    });
    expect(plan('patch', current, { lat: 52.52, lng: 13.405 }, catalog).columns).toMatchObject({
      time_zone: 'Europe/Berlin',
      time_zone_manual: 0,
    });
    expect(plan('patch', current, { phone: '1' }, catalog).columns).not.toHaveProperty('time_zone');
    expect(plan('patch', current, { time_zone: 'asia/kolkata' }, catalog).columns).toMatchObject({
      time_zone: 'Asia/Kolkata',
      time_zone_manual: 1,
    });
    const manual = { ...current, time_zone_manual: 1 };
    expect(plan('patch', manual, { lat: 52.52, lng: 13.405 }, catalog).columns).not.toHaveProperty('time_zone');
    expect(
      plan('replace', manual, { name: 'x', city: 'Austin', lat: 52.52, lng: 13.405 }, catalog).columns,
    ).not.toHaveProperty('time_zone');
    expect(plan('patch', manual, { time_zone: null }, catalog).columns).toMatchObject({
      time_zone: 'America/Chicago',
      time_zone_manual: 0,
    });
    expect(planLocationWrite('patch', current, { time_zone: 'Mars/Olympus' }, catalog)).toEqual({
      errors: { time_zone: [expect.stringContaining('IANA')] },
    });
  });

  it('replaces special hours with a checked list, and clears them with []', () => {
    const special = [{ date: '2026-12-25', hours: 'closed', label: 'Christmas Day' }];
    expect(plan('patch', current, { special_hours: special }, catalog).columns).toEqual({
      special_hours: JSON.stringify(special),
    });
    expect(plan('patch', current, { special_hours: [] }, catalog).columns).toEqual({ special_hours: null });
    expect(
      planLocationWrite(
        'patch',
        current,
        { special_hours: [{ from: '2027-01-20', to: '2027-01-10', hours: 'closed' }] },
        catalog,
      ),
    ).toEqual({
      errors: { 'special_hours.0.to': ['is before from (2027-01-20)'] },
    });
  });
});
