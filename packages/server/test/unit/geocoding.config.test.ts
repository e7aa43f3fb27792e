import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.ts';
import { countryCodeOf } from '../../src/domain/countries.ts';
import { foldText } from '../../src/domain/fold-text.ts';
import { countryCodesOf, geocodeCacheKey, geocodeRequestOf } from '../../src/domain/geocode-request.ts';
import { createGeocoder } from '../../src/geocoding/create-geocoder.ts';
import type { GeocodeQuery } from '../../src/geocoding/geocoder.ts';

describe('geocoder configuration', () => {
  it('uses the offline geocoder with a 2 second bound unless told', () => {
    const config = loadConfig({});
    expect(config.geocoder).toEqual({ provider: 'offline', timeoutMs: 2000 });
    expect(createGeocoder(config).name).toBe('offline');
  });

  it('builds the provider GEOCODER names', () => {
    const nominatim = loadConfig({
      GEOCODER: 'nominatim',
      NOMINATIM_URL: 'http://nominatim:8080',
      GEOCODER_TIMEOUT_MS: '5000',
    });
    expect(nominatim.geocoder).toEqual({
      provider: 'nominatim',
      url: 'http://nominatim:8080',
      timeoutMs: 5000,
      requestsPerSecond: 1,
    });
    expect(createGeocoder(nominatim).name).toBe('nominatim');
    const google = loadConfig({ GEOCODER: 'google', GOOGLE_MAPS_API_KEY: 'key', GEOCODER_REQUESTS_PER_SECOND: '10' });
    expect(google.geocoder).toEqual({ provider: 'google', apiKey: 'key', timeoutMs: 2000, requestsPerSecond: 10 });
    expect(createGeocoder(google).name).toBe('google');
  });

  it('fails fast with one clear line when the chosen provider lacks what it needs', () => {
    expect(() => loadConfig({ GEOCODER: 'nominatim' })).toThrow(ConfigError);
    expect(() => loadConfig({ GEOCODER: 'nominatim' })).toThrow(/^GEOCODER=nominatim needs NOMINATIM_URL[^\n]*$/);
    expect(() => loadConfig({ GEOCODER: 'google' })).toThrow(/^GEOCODER=google needs GOOGLE_MAPS_API_KEY[^\n]*$/);
    expect(() => loadConfig({ GEOCODER: 'mapquest' })).toThrow(/GEOCODER/);
    expect(() => loadConfig({ GEOCODER_TIMEOUT_MS: 'soon' })).toThrow(/GEOCODER_TIMEOUT_MS/);
  });

  it('has a none geocoder that never answers', async () => {
    const none = createGeocoder(loadConfig({ GEOCODER: 'none' }));
    expect(none.name).toBe('none');
    expect(await none.geocode({ city: 'Nashville', state: 'TN', country: 'US' })).toBeNull();
  });
});

const keyOf = (query: GeocodeQuery) => {
  const request = geocodeRequestOf(query);
  return request ? geocodeCacheKey(request) : null;
};

describe('the normalised address', () => {
  it('folds case, accents, punctuation and spacing', () => {
    expect(foldText('  São   Paulo, SP ')).toBe('sao paulo sp');
    expect(foldText('Großbeerenstraße')).toBe('grossbeerenstrasse');
    expect(keyOf({ city: 'München', country: 'DE' })).toBe(keyOf({ city: ' MUNCHEN ', country: 'de' }));
    expect(keyOf({ address_line_1: '1 Main St.', city: 'Austin' })).toBe(
      keyOf({ address_line_1: '1  main st', city: 'austin' }),
    );
    expect(keyOf({ city: 'London', postcode: 'SW1A 1AA' })).toBe(keyOf({ city: 'London', postcode: 'sw1a1aa' }));
  });

  it('reduces the country to its ISO code, whatever language names it', () => {
    for (const name of ['US', 'USA', 'U.S.A.', 'United States', 'united states of america'])
      expect(countryCodeOf(name), name).toBe('US');
    for (const name of ['DE', 'DEU', 'Germany', 'Deutschland', 'Allemagne'])
      expect(countryCodeOf(name), name).toBe('DE');
    for (const name of ['BR', 'Brazil', 'Brasil']) expect(countryCodeOf(name), name).toBe('BR');
    expect(countryCodeOf('Narnia')).toBeUndefined();
    expect(keyOf({ city: 'Nashville', country: 'USA' })).toBe(keyOf({ city: 'Nashville', country: 'United States' }));
  });

  it('keeps different addresses apart', () => {
    expect(keyOf({ city: 'Portland', state: 'OR' })).not.toBe(keyOf({ city: 'Portland', state: 'ME' }));
    expect(keyOf({ city: 'Paris', country: 'FR' })).not.toBe(keyOf({ city: 'Paris', country: 'US' }));
    expect(keyOf({ address_line_1: '1 Main St', city: 'Austin' })).not.toBe(
      keyOf({ address_line_1: '2 Main St', city: 'Austin' }),
    );
  });

  it('has nothing to geocode without a city, postcode or address', () => {
    expect(keyOf({ country: 'US', state: 'TN' })).toBeNull();
    expect(keyOf({ address: ' , ' })).toBeNull();
  });
});

describe('a free text biased to countries', () => {
  it('carries the countries as upper-case ISO codes, each once, in the order given', () => {
    expect(geocodeRequestOf({ address: 'London', countries: [' ca', 'US', 'Ca'] })).toEqual({
      kind: 'text',
      text: 'London',
      countries: ['CA', 'US'],
    });
    expect(countryCodesOf(['us', 'USA', '', 'c1', 'de'])).toEqual(['US', 'DE']);
    expect(geocodeRequestOf({ address: 'London', countries: [] })).toEqual({ kind: 'text', text: 'London' });
    expect(geocodeRequestOf({ address: 'London', countries: null })).toEqual({ kind: 'text', text: 'London' });
  });

  it("leaves a location's own address as it was: its country does not bias a free text, countries do not touch components", () => {
    expect(geocodeRequestOf({ address: 'Broadway & 5th', country: 'US' })).toEqual({
      kind: 'text',
      text: 'Broadway & 5th',
    });
    expect(geocodeRequestOf({ city: 'Nashville', country: 'US', countries: ['CA'] })).toEqual({
      kind: 'structured',
      city: 'Nashville',
      country: 'US',
      countryCode: 'US',
    });
  });

  it('keeps the key of a free text without countries, and gives each list of countries its own', () => {
    expect(keyOf({ address: 'London' })).toBe('t|london');
    expect(keyOf({ address: ' LONDON ', countries: [] })).toBe('t|london');
    expect(keyOf({ address: 'London', countries: ['CA'] })).toBe('t|london|ca');
    expect(keyOf({ address: 'london', countries: ['ca', 'US', 'CA'] })).toBe('t|london|ca,us');
    // Google filters by the first country only, so the order can change the answer.
    expect(keyOf({ address: 'London', countries: ['US', 'CA'] })).not.toBe(
      keyOf({ address: 'London', countries: ['CA', 'US'] }),
    );
    expect(keyOf({ address: 'London', countries: ['CA'] })).not.toBe(keyOf({ address: 'London', countries: ['US'] }));
  });
});
