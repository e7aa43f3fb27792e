import { describe, expect, it } from 'vitest';
import {
  COLUMN_NAMES,
  columnMapErrors,
  columnNameOf,
  columnOf,
  mappedColumnOf,
} from '../../src/domain/import-columns.ts';

describe('column names and mappings', () => {
  it('names every column by a name that reads back as the same column', () => {
    expect(COLUMN_NAMES).toEqual(expect.arrayContaining(['id', 'external_id', 'name', 'city', 'lat', 'mon', 'hours']));
    for (const name of COLUMN_NAMES) expect(columnNameOf(columnOf(name)), name).toBe(name);
    expect(columnNameOf(columnOf('Postal Code'))).toBe('postcode');
    expect(columnNameOf(columnOf('field: Manager'))).toBe('field:Manager');
    expect(columnNameOf(columnOf('Fax'))).toBeNull();
    expect(columnNameOf(columnOf('created_at'))).toBeNull();
  });

  it('reads a mapped header as its target, a header mapped to null as nothing, and others by their own name', () => {
    const map = { Town: 'city', Zip: null, Shop: 'name' };
    expect(mappedColumnOf('Town', map)).toEqual({ kind: 'text', field: 'city' });
    expect(mappedColumnOf('Zip', map)).toEqual({ kind: 'readOnly' });
    expect(mappedColumnOf('Phone', map)).toEqual({ kind: 'text', field: 'phone' });
    // A header is matched as the file names it: the map's keys are not folded.
    expect(mappedColumnOf('shop', map)).toEqual({ kind: 'unknown' });
    // Not a key of the object's prototype.
    expect(mappedColumnOf('toString', map)).toEqual({ kind: 'unknown' });
  });

  it('refuses targets no column sets, by header', () => {
    expect(columnMapErrors({ Town: 'city', Fax: null, Days: 'monday', Manager: 'field:Manager' })).toEqual({});
    expect(Object.keys(columnMapErrors({ Town: 'town_name', Made: 'created_at', City: 'town' }))).toEqual([
      'Town',
      'Made',
    ]);
  });
});
