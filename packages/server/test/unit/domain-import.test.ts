import { describe, expect, it } from 'vitest';
import type { ProjectCatalog } from '../../src/domain/catalog.ts';
import { type ExportedLocation, exportCells, exportHeader } from '../../src/domain/export-rows.ts';
import { changesOf, type StoredLocation } from '../../src/domain/import-changes.ts';
import { columnOf } from '../../src/domain/import-columns.ts';
import { type CellValue, readImportRow } from '../../src/domain/import-row.ts';
import { OPTIONAL_TEXT_FIELDS, type OptionalTextField } from '../../src/domain/location-fields.ts';
import type { LocationInput } from '../../src/domain/location-input.ts';
import { freeSlugsFor } from '../../src/domain/slug.ts';
import { formatSpecialHoursText, parseSpecialHoursText } from '../../src/domain/special-hours-text.ts';

const read = (values: Record<string, CellValue>) =>
  readImportRow({ row: 2, columns: Object.keys(values), cells: Object.values(values) }, columnOf);

describe('columnOf', () => {
  it('matches V2 names and common aliases ignoring case and spacing', () => {
    expect(columnOf('Store Name')).toEqual({ kind: 'text', field: 'name' });
    expect(columnOf('ADDRESS_LINE_1')).toEqual({ kind: 'text', field: 'address_line_1' });
    expect(columnOf('Address 1')).toEqual({ kind: 'text', field: 'address_line_1' });
    expect(columnOf(' Postal Code ')).toEqual({ kind: 'text', field: 'postcode' });
    expect(columnOf('Zip')).toEqual({ kind: 'text', field: 'postcode' });
    expect(columnOf('Latitude')).toEqual({ kind: 'coordinate', field: 'lat' });
    expect(columnOf('Phone Number')).toEqual({ kind: 'text', field: 'phone' });
    expect(columnOf('Website')).toEqual({ kind: 'text', field: 'url' });
    expect(columnOf('Store code')).toEqual({ kind: 'text', field: 'external_id' });
    expect(columnOf('Monday')).toEqual({ kind: 'day', day: 'mon' });
    expect(columnOf('sun')).toEqual({ kind: 'day', day: 'sun' });
    expect(columnOf('field: Store manager')).toEqual({ kind: 'field', name: 'Store manager' });
    expect(columnOf('cta:Order online')).toEqual({ kind: 'callToAction', title: 'Order online' });
    expect(columnOf('slug')).toEqual({ kind: 'readOnly' });
    expect(columnOf('Fax')).toEqual({ kind: 'unknown' });
  });
});

describe('readImportRow', () => {
  it('reads cells into a V2 body: empty clears, numbers and booleans from text, filters split, NFC', () => {
    const row = read({
      external_id: ' S-1 ',
      id: '',
      Name: 'Cafe\u0301',
      Phone: '',
      Latitude: '52,37',
      lng: 4.89,
      visible: 'No',
      filters: 'Wifi | Parking;',
      mon: '9:00-17:00',
      'field:Manager': '',
      'cta:Book': 'https://example.com',
      special_hours: '2026-12-25 closed Christmas Day',
    });
    expect(row).toEqual({
      row: 2,
      id: undefined,
      externalId: 'S-1',
      errors: {},
      body: {
        external_id: 'S-1',
        name: 'Café',
        phone: null,
        lat: 52.37,
        lng: 4.89,
        visible: false,
        filters: ['Wifi', 'Parking'],
        hours: { mon: '09:00-17:00' },
        fields: { Manager: null },
        callsToAction: { Book: 'https://example.com' },
        special_hours: [{ date: '2026-12-25', hours: 'closed', label: 'Christmas Day' }],
      },
    });
  });

  it('leaves an empty visible cell out, removes a schedule whose seven days are empty, and skips blank rows', () => {
    const days = { mon: '', tue: '', wed: '', thu: '', fri: '', sat: '', sun: '' };
    expect(read({ name: 'A', visible: '', ...days })?.body).toEqual({ name: 'A', hours: null });
    expect(read({ name: '', city: ' ', mon: null })).toBeUndefined();
  });

  it('reports values no V2 body could hold, and columns that disagree', () => {
    const row = read({
      name: 'A',
      lat: 'north',
      visible: 'maybe',
      Zip: '78701',
      'Postal Code': '78702',
      postcode: '',
      tz: 'a\u0000b',
    });
    expect(row?.errors).toEqual({
      lat: ['must be a number of decimal degrees, e.g. 30.2672'],
      visible: ['must be true or false (1 or 0, yes or no)'],
      postcode: ['is given twice with different values (columns "Zip" and "Postal Code")'],
      time_zone: ['must not contain control characters (U+0000)'],
    });
  });

  it('reads the shapes of a V2 GET body in JSON rows', () => {
    const row = read({
      id: 'loc_1',
      marker: { id: 'mrk_1', name: 'Red' },
      filters: [{ id: 'flt_1', name: 'Wifi' }],
      fields: [{ id: 'fld_1', name: 'Manager', value: 'Ada' }],
      callsToAction: { Book: null },
      hours: { mon: 'closed', tue: null },
      created_at: '2026-01-01T00:00:00Z',
    });
    expect(row).toMatchObject({
      id: 'loc_1',
      body: {
        marker: 'mrk_1',
        filters: ['Wifi'],
        fields: { Manager: 'Ada' },
        callsToAction: { Book: null },
        hours: { mon: 'closed', tue: null },
      },
    });
  });
});

describe('special hours in a cell', () => {
  it('reads dates, ranges, several time ranges and labels, and writes them back the same', () => {
    const text =
      '2026-12-24 09:00-12:00,13:00-15:00 Christmas Eve; 2026-12-25 closed; 2027-01-10..2027-01-20 closed Renovation';
    const parsed = parseSpecialHoursText(text);
    expect(parsed).toEqual({
      items: [
        { date: '2026-12-24', hours: '09:00-12:00,13:00-15:00', label: 'Christmas Eve' },
        { date: '2026-12-25', hours: 'closed', label: null },
        { from: '2027-01-10', to: '2027-01-20', hours: 'closed', label: 'Renovation' },
      ],
    });
    if ('items' in parsed) expect(formatSpecialHoursText(parsed.items as never)).toBe(text);
    expect(parseSpecialHoursText('next Monday closed')).toEqual({ error: expect.stringContaining('YYYY-MM-DD') });
  });

  it('writes JSON when a label holds a separator, and reads it back', () => {
    const items = [{ date: '2026-12-25', hours: 'closed', label: 'Closed; sorry' }];
    expect(parseSpecialHoursText(formatSpecialHoursText(items))).toEqual({ items });
  });
});

const CATALOG: ProjectCatalog = {
  types: [{ id: 1, publicId: 'lty_1', name: 'Store', priority: 1, isDefault: true, label: 0 }],
  markers: [{ id: 2, publicId: 'mrk_2', name: 'Red', color: null, iconUrl: null, isDefault: true }],
  filters: [
    { id: 3, publicId: 'flt_3', name: 'Wifi' },
    { id: 4, publicId: 'flt_4', name: 'Parking' },
  ],
  fields: [{ id: 5, publicId: 'fld_5', name: 'Manager' }],
  callsToAction: [{ id: 6, publicId: 'cta_6', title: 'Book' }],
  images: [],
};

const STORED: StoredLocation = {
  name: 'Downtown',
  external_id: 'S-1',
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
  phone: null,
  email: null,
  url: null,
  facebook: null,
  instagram: null,
  twitter: null,
  yelp: null,
  youtube: null,
  tiktok: null,
  lat: 30.27,
  lng: -97.74,
  geocoding_status: 'done',
  visible: 1,
  location_type_id: 1,
  marker_id: 2,
  cover_image_url: null,
  cover_image_name: null,
  hours: { mon: '09:00-17:00', tue: null, wed: null, thu: null, fri: null, sat: null, sun: 'closed' },
  time_zone: 'America/Chicago',
  time_zone_manual: 0,
  special_hours: null,
  filterIds: new Set([3, 4]),
  fieldValues: new Map([[5, 'Ada']]),
  callToActionValues: new Map(),
};

describe('changesOf', () => {
  it('finds nothing to change in a row equal to what is saved, written the way a spreadsheet writes it', () => {
    const input: LocationInput = {
      name: ' Downtown ',
      external_id: 'S-1',
      address: '1 Main St, Austin, TX 78701, US',
      phone: '',
      lat: null,
      lng: null,
      visible: true,
      location_type: 'store',
      marker: 'mrk_2',
      cover: '',
      time_zone: 'America/Chicago',
      hours: { mon: '9:00-17:00', sun: 'Closed', tue: null },
      special_hours: [],
      filters: ['parking', 'Wifi'],
      fields: { Manager: 'Ada' },
      callsToAction: { Book: '' },
    };
    expect(changesOf(input, STORED, CATALOG)).toEqual({});
  });

  it('keeps what differs, and what the write must refuse', () => {
    expect(
      changesOf({ phone: '1', filters: ['Wifi'], fields: { Manager: 'Bo' }, location_type: 'Kiosk' }, STORED, CATALOG),
    ).toEqual({
      phone: '1',
      filters: ['Wifi'],
      fields: { Manager: 'Bo' },
      location_type: 'Kiosk',
    });
  });

  it('lets empty coordinates clear a pin a user set, but never one that geocoding found', () => {
    expect(changesOf({ lat: null, lng: null }, STORED, CATALOG)).toEqual({});
    expect(changesOf({ lat: null, lng: null }, { ...STORED, geocoding_status: 'manual' }, CATALOG)).toEqual({
      lat: null,
      lng: null,
    });
  });

  it('treats an empty address as the generated one, and a given address as given', () => {
    expect(changesOf({ address: '' }, STORED, CATALOG)).toEqual({});
    expect(changesOf({ address: '' }, { ...STORED, address_generated: 0 }, CATALOG)).toEqual({ address: '' });
  });
});

describe('an exported row read back', () => {
  it('changes nothing', () => {
    const exported: ExportedLocation = {
      ...(Object.fromEntries(OPTIONAL_TEXT_FIELDS.map((field) => [field, STORED[field]])) as Pick<
        StoredLocation,
        OptionalTextField
      >),
      id: 'loc_1',
      external_id: 'S-1',
      name: 'Downtown',
      address: STORED.address,
      display_address: STORED.display_address,
      lat: 30.27,
      lng: -97.74,
      visible: true,
      location_type: 'Store',
      marker: 'Red',
      cover: null,
      time_zone: 'America/Chicago',
      hours: STORED.hours,
      special_hours: [],
      filters: ['Wifi', 'Parking'],
      fields: { Manager: 'Ada' },
      callsToAction: {},
    };
    const catalog = { fields: ['Manager'], callsToAction: ['Book'] };
    const header = exportHeader(catalog);
    const cells = exportCells(exported, catalog).map(String);
    const row = readImportRow({ row: 2, columns: header, cells }, columnOf);
    expect(row?.errors).toEqual({});
    expect(row?.id).toBe('loc_1');
    expect(changesOf(row?.body as LocationInput, STORED, CATALOG)).toEqual({});
  });
});

describe('freeSlugsFor', () => {
  it('gives each new location of a batch its own free slug, past the taken ones and each other', async () => {
    const saved = new Set(['main', 'main-2', 'park']);
    const lookups: string[][] = [];
    const takenAmong = async (slugs: string[]) => {
      lookups.push(slugs);
      return new Set(slugs.filter((slug) => saved.has(slug)));
    };
    expect(await freeSlugsFor(['main', 'oak', 'main', 'main-3', 'park', 'elm', 'elm'], takenAmong)).toEqual([
      'main-4',
      'oak',
      'main-5',
      'main-3',
      'park-2',
      'elm',
      'elm-2',
    ]);
    expect(lookups[0]).toEqual(['main', 'oak', 'main-3', 'park', 'elm']);
  });
});
