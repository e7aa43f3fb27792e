import { describe, expect, it } from 'vitest';
import { commonestCountryCode } from '../../src/domain/countries.ts';
import { needsDefaultCountry, phoneE164Of } from '../../src/domain/phone.ts';

const read = (phone: string | null, country: string | null, defaultCountry: string | null = null) =>
  phoneE164Of(phone, { country, defaultCountry });

describe('phoneE164Of', () => {
  it.each([
    ['(512) 555-0199', 'US', '+15125550199'],
    ['512.555.0199', 'United States', '+15125550199'],
    ['512-555-0199 ext. 12', 'USA', '+15125550199'],
    ['030 1234567', 'Deutschland', '+49301234567'],
    ['+49 30 1234567', null, '+49301234567'],
    ['+49 (0)30 1234567', 'US', '+49301234567'],
    ['020 7946 0958', 'UK', '+442079460958'],
    ['01 42 68 53 00', 'France', '+33142685300'],
    ['0049 30 1234567', 'DE', '+49301234567'],
  ])('reads %s in %s as %s', (phone, country, e164) => {
    expect(read(phone, country)).toBe(e164);
  });

  it.each([
    ['call us', 'US'],
    ['12345', 'US'],
    ['+1 555 0101', null],
    ['555-0199', 'US'],
    ['512 555 0199 512 555 0199', 'US'],
    ['', 'US'],
    ['   ', 'US'],
  ])('does not read %s in %s as a phone number', (phone, country) => {
    expect(read(phone, country)).toBeNull();
  });

  it("reads a number without a country in the project's default country, and needs one only then", () => {
    expect(read('(512) 555-0199', null)).toBeNull();
    expect(read('(512) 555-0199', null, 'US')).toBe('+15125550199');
    expect(read('(512) 555-0199', 'Atlantis', 'US')).toBe('+15125550199');
    // The location's own country wins over the project's.
    expect(read('030 1234567', 'DE', 'US')).toBe('+49301234567');
    expect(read(null, 'US')).toBeNull();
    expect(needsDefaultCountry('(512) 555-0199', null)).toBe(true);
    expect(needsDefaultCountry('(512) 555-0199', 'Atlantis')).toBe(true);
    expect(needsDefaultCountry('(512) 555-0199', 'USA')).toBe(false);
    expect(needsDefaultCountry('+1 512 555 0199', null)).toBe(false);
    expect(needsDefaultCountry(null, null)).toBe(false);
    expect(needsDefaultCountry(' ', null)).toBe(false);
  });
});

describe('commonestCountryCode', () => {
  it('counts the ways a country is written together, and breaks ties by code', () => {
    expect(
      commonestCountryCode([
        { country: 'USA', count: 2 },
        { country: 'US', count: 1 },
        { country: 'DE', count: 2 },
        { country: 'Deutschland', count: 0 },
      ]),
    ).toBe('US');
    expect(
      commonestCountryCode([
        { country: 'FR', count: 3 },
        { country: 'DE', count: 3 },
      ]),
    ).toBe('DE');
    expect(commonestCountryCode([{ country: 'Atlantis', count: 9 }])).toBeNull();
    expect(commonestCountryCode([])).toBeNull();
  });
});
