import { describe, expect, it } from 'vitest';
import type { LocationAttachments, LocationRecord } from '../../src/features/locations/location-reads.repository.ts';
import { presentLocationV1 } from '../../src/features/locations/presenters/location-v1.ts';

// Typed as a partial record so the fixture keeps compiling as the locations table gains columns the presenter ignores.
const record = {
  id: 42,
  public_id: 'loc_abc',
  project_id: 1,
  slug: 'shop',
  name: 'Shop',
  address: '1 Main St, Austin',
  address_generated: 1,
  display_address: '1 Main St, Austin',
  display_address_generated: 1,
  address_line_1: '1 Main St',
  address_line_2: null,
  city: 'Austin',
  state: null,
  postcode: null,
  country: null,
  phone: null,
  email: null,
  url: null,
  lat: 30.25,
  lng: -97.75,
  visible: 0,
  location_type_id: 3,
  marker_id: 4,
  cover_image_url: 'https://cdn.example.com/shop.jpg',
  cover_image_name: 'shop.jpg',
  facebook: null,
  instagram: '@shop',
  twitter: null,
  yelp: null,
  youtube: null,
  tiktok: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  type_public_id: 'lty_1',
  type_name: 'Outlet',
  type_priority: 2,
  type_is_default: 0,
  type_label: 1,
  marker_public_id: 'mrk_1',
  marker_name: 'Blue',
  marker_color: '#0000ff',
  marker_icon_url: 'https://cdn.example.com/blue.svg',
} satisfies Partial<LocationRecord> as LocationRecord;

const empty = (): LocationAttachments => ({
  hours: new Map(),
  filters: new Map(),
  fields: new Map(),
  callsToAction: new Map(),
});

describe('presentLocationV1', () => {
  it('shapes a record with its attachments as the V1 contract says', () => {
    const attachments = empty();
    attachments.hours.set(42, {
      location_id: 42,
      name: 'Opening hours',
      mon: '09:00-17:00',
      tue: null,
      wed: null,
      thu: null,
      fri: null,
      sat: 'closed',
      sun: null,
    });
    attachments.filters.set(42, [{ id: 'flt_1', name: 'Wifi' }]);
    attachments.fields.set(42, [{ id: 'fld_1', name: 'Manager', value: 'Ada' }]);
    attachments.callsToAction.set(42, [{ id: 'cta_1', title: 'Book', value: 'https://example.com/book' }]);
    const body = presentLocationV1({ record, attachments });
    expect(body).toMatchObject({
      id: '42',
      visible: false,
      socials: [
        {
          key: 'instagram',
          label: 'Instagram',
          handle: 'shop',
          url: 'https://www.instagram.com/shop',
          icon: 'instagram',
        },
      ],
      marker: { id: 'mrk_1', name: 'Blue', color: '#0000ff', icon_url: 'https://cdn.example.com/blue.svg' },
      location_type: { id: 'lty_1', name: 'Outlet', priority: '2', default: false, label: true },
      cover_image: { url: 'https://cdn.example.com/shop.jpg', name: 'shop.jpg' },
      hours: {
        name: 'Opening hours',
        location_id: '42',
        mon: '09:00-17:00',
        tue: null,
        wed: null,
        thu: null,
        fri: null,
        sat: 'closed',
        sun: null,
      },
      fields: [{ id: 'fld_1', name: 'Manager', value: 'Ada' }],
      filters: [{ id: 'flt_1', name: 'Wifi' }],
      buttons: [{ id: 'cta_1', title: 'Book', value: 'https://example.com/book' }],
    });
    for (const key of [
      'created_at',
      'updated_at',
      'public_id',
      'project_id',
      'cover_image_url',
      'callsToAction',
      'address_generated',
      'type_name',
    ])
      expect(body).not.toHaveProperty(key);
  });

  it('shows absent selections and attachments as null and empty lists', () => {
    const bare: LocationRecord = {
      ...record,
      type_public_id: null,
      type_name: null,
      type_priority: null,
      type_is_default: null,
      type_label: null,
      marker_public_id: null,
      marker_name: null,
      marker_color: null,
      marker_icon_url: null,
      cover_image_url: null,
      cover_image_name: null,
      instagram: null,
    };
    expect(presentLocationV1({ record: bare, attachments: empty() })).toMatchObject({
      socials: [],
      marker: null,
      location_type: null,
      cover_image: null,
      hours: null,
      fields: [],
      filters: [],
      buttons: [],
    });
  });
});
