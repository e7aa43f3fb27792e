import { describe, expect, it } from 'vitest';
import { readV1LocationBody } from '../../src/domain/v1-input.ts';

const inputOf = (body: unknown) => {
  const result = readV1LocationBody(body);
  if ('errors' in result) throw new Error(`unexpected errors: ${JSON.stringify(result.errors)}`);
  return result.input;
};
const errorsOf = (body: unknown) => {
  const result = readV1LocationBody(body);
  if (!('errors' in result)) throw new Error('expected field errors');
  return result.errors;
};

describe('readV1LocationBody', () => {
  it('requires a nonempty name, as text or a number', () => {
    for (const body of [{}, { name: null }, { name: '' }, { name: ' \t ' }])
      expect(errorsOf(body)).toEqual({ name: ['is required'] });
    expect(errorsOf({ name: { first: 'x' } })).toEqual({ name: ['must be a string'] });
    expect(errorsOf({ name: 'x'.repeat(256) })).toEqual({ name: ['must be at most 255 characters'] });
    expect(inputOf({ name: '  Shop  ' }).name).toBe('Shop');
    expect(inputOf({ name: 42 }).name).toBe('42');
  });

  it('coerces numeric strings for coordinates and checks their range', () => {
    expect(inputOf({ name: 'x', lat: '30.5', lng: '-97' })).toMatchObject({ lat: 30.5, lng: -97 });
    expect(inputOf({ name: 'x', lat: '.5', lng: '1e2' })).toMatchObject({ lat: 0.5, lng: 100 });
    expect(inputOf({ name: 'x', lat: null, lng: '' })).toMatchObject({ lat: null, lng: null });
    expect(inputOf({ name: 'x', lat: -90, lng: 180 })).toMatchObject({ lat: -90, lng: 180 });
    expect(errorsOf({ name: 'x', lat: 90.0001, lng: -180.5 })).toEqual({
      lat: ['must be between -90 and 90'],
      lng: ['must be between -180 and 180'],
    });
    for (const bad of ['north', '0x10', '1,5', true, [], {}, '1e999'])
      expect(errorsOf({ name: 'x', lat: bad }), JSON.stringify(bad)).toEqual({ lat: ['must be a number'] });
  });

  it('reads every V1 spelling of a boolean, leaves null alone and rejects the rest', () => {
    for (const yes of [true, 1, '1', 'true', 'TRUE', ' true '])
      expect(inputOf({ name: 'x', visible: yes }).visible, String(yes)).toBe(true);
    for (const no of [false, 0, '0', 'false', 'False'])
      expect(inputOf({ name: 'x', visible: no }).visible, String(no)).toBe(false);
    expect(inputOf({ name: 'x', visible: null })).not.toHaveProperty('visible');
    for (const bad of ['yes', 2, 'on', [], {}])
      expect(Object.keys(errorsOf({ name: 'x', visible: bad })), JSON.stringify(bad)).toEqual(['visible']);
  });

  it('reads text as strings or numbers, "" and null as null, and checks email and lengths', () => {
    expect(
      inputOf({ name: 'x', postcode: 78701, phone: 5125550100, city: ' Austin ', email: '', twitter: null }),
    ).toMatchObject({
      postcode: '78701',
      phone: '5125550100',
      city: 'Austin',
      email: null,
      twitter: null,
    });
    expect(inputOf({ name: 'x', address: '', display_address: null })).toMatchObject({
      address: null,
      display_address: null,
    });
    expect(errorsOf({ name: 'x', email: 'nope', city: true, phone: '1'.repeat(51) })).toEqual({
      email: ['must be a valid email address'],
      city: ['must be a string or null'],
      phone: ['must be at most 50 characters'],
    });
    expect(inputOf({ name: 'x', email: 'shop@example.com' }).email).toBe('shop@example.com');
  });

  it('takes location_type as a name or an object with a name; anything else means the default (null)', () => {
    expect(inputOf({ name: 'x', location_type: 'Outlet' }).location_type).toBe('Outlet');
    expect(inputOf({ name: 'x', location_type: { id: '1', name: 'Outlet' } }).location_type).toBe('Outlet');
    for (const other of [null, '', '  ', {}, [], true])
      expect(inputOf({ name: 'x', location_type: other }).location_type, JSON.stringify(other)).toBeNull();
    expect(inputOf({ name: 'x' })).not.toHaveProperty('location_type');
  });

  it('drops keys V1 cannot write and unknown keys', () => {
    const input = inputOf({
      name: 'x',
      filters: ['Wifi'],
      fields: { Manager: 'Ada' },
      buttons: [],
      callsToAction: {},
      hours: {},
      marker: 'Blue',
      cover: 'storefront',
      slug: 'custom',
      id: '7',
      zip: '12345',
      anything: 1,
    });
    expect(input).toEqual({ name: 'x' });
  });

  it('needs a JSON object', () => {
    for (const body of [null, [], 'name', 3]) expect(errorsOf(body)).toEqual({ body: ['must be a JSON object'] });
  });
});
