import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { createGeocoder } from '../../src/geocoding/create-geocoder.ts';
import { GeocoderError } from '../../src/geocoding/geocoder-error.ts';
import { createNominatimGeocoder, type NominatimGeocoderOptions } from '../../src/geocoding/nominatim.geocoder.ts';
import { useFakeProvider } from '../support/fake-provider.ts';

/**
 * Results in the shape of Nominatim's `/search?format=jsonv2` (https://nominatim.org/release-docs/latest/api/Search/).
 */
const LICENCE = 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright';
const nashville = {
  place_id: 316236049,
  licence: LICENCE,
  osm_type: 'relation',
  osm_id: 197171,
  lat: '36.1622767',
  lon: '-86.7742984',
  category: 'boundary',
  type: 'administrative',
  place_rank: 16,
  importance: 0.7521,
  addresstype: 'city',
  name: 'Nashville',
  display_name: 'Nashville, Davidson County, Tennessee, United States',
  boundingbox: ['35.9677', '36.4054', '-87.0547', '-86.5155'],
};
const building = {
  ...nashville,
  osm_type: 'way',
  lat: '36.1590',
  lon: '-86.7781',
  category: 'building',
  type: 'yes',
  place_rank: 30,
  addresstype: 'building',
};
const interpolated = {
  ...nashville,
  osm_type: 'way',
  category: 'place',
  type: 'house',
  place_rank: 30,
  addresstype: 'place',
};
const street = {
  ...nashville,
  osm_type: 'way',
  category: 'highway',
  type: 'residential',
  place_rank: 26,
  addresstype: 'road',
};
const postcode = {
  ...nashville,
  osm_type: 'node',
  category: 'place',
  type: 'postcode',
  place_rank: 21,
  addresstype: 'postcode',
};
const country = { ...nashville, category: 'boundary', type: 'administrative', place_rank: 4, addresstype: 'country' };

const provider = useFakeProvider();

function nominatim(options: Partial<NominatimGeocoderOptions> = {}) {
  return createNominatimGeocoder({
    url: provider.url,
    userAgent: 'Locator/test',
    requestTimeoutMs: 2000,
    requestsPerSecond: 1000,
    retries: 2,
    retryDelayMs: 10,
    ...options,
  });
}

describe('the Nominatim geocoder', () => {
  it('sends a structured jsonv2 search and answers a city at city precision', async () => {
    provider.reply({ body: [nashville] });
    const result = await nominatim().geocode({
      address_line_1: '1 Broadway',
      address_line_2: 'Suite 5',
      city: 'Nashville',
      state: 'TN',
      country: 'USA',
    });
    expect(result).toEqual({ lat: 36.1622767, lng: -86.7742984, precision: 'city', provider: 'nominatim' });
    expect(provider.requests).toHaveLength(1);
    const { url } = provider.firstRequest();
    expect(url.pathname).toBe('/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      street: '1 Broadway',
      city: 'Nashville',
      state: 'TN',
      countrycodes: 'us',
      format: 'jsonv2',
      limit: '1',
    });
  });

  it('searches the free-text address when there is no city or postcode', async () => {
    provider.reply({ body: [nashville] });
    await nominatim().geocode({ address: 'Broadway & 5th, Nashville' });
    expect(provider.requests[0]?.url.searchParams.get('q')).toBe('Broadway & 5th, Nashville');
  });

  it('searches a free text in the countries it is biased to, all at once', async () => {
    provider.reply({ body: [nashville] });
    expect(await nominatim().geocode({ address: 'London', countries: ['CA', 'US'] })).toMatchObject({
      precision: 'city',
    });
    expect(provider.requests).toHaveLength(1);
    expect(Object.fromEntries(provider.firstRequest().url.searchParams)).toEqual({
      q: 'London',
      countrycodes: 'ca,us',
      format: 'jsonv2',
      limit: '1',
    });
  });

  it('searches a biased free text once more anywhere when none of its countries has it, as the bias is no filter', async () => {
    provider.reply({ body: [] }, { body: [nashville] });
    expect(await nominatim().geocode({ address: 'Seattle', countries: ['CA'] })).toMatchObject({ precision: 'city' });
    expect(provider.requests.map(({ url }) => Object.fromEntries(url.searchParams))).toEqual([
      { q: 'Seattle', countrycodes: 'ca', format: 'jsonv2', limit: '1' },
      { q: 'Seattle', format: 'jsonv2', limit: '1' },
    ]);
  });

  it('asks once, without countrycodes, for a free text with no countries, and once for a structured address that finds nothing', async () => {
    provider.reply({ body: [] });
    expect(await nominatim().geocode({ address: 'Qwxzzy Flarbington' })).toBeNull();
    expect(await nominatim().geocode({ city: 'Qwxzzy Flarbington', country: 'CA' })).toBeNull();
    expect(provider.requests.map(({ url }) => url.searchParams.get('countrycodes'))).toEqual([null, 'ca']);
  });

  it('sends the User-Agent naming the product, its version and the public URL', async () => {
    provider.reply({ body: [nashville] });
    const config = loadConfig({
      GEOCODER: 'nominatim',
      NOMINATIM_URL: `${provider.url}/`,
      PUBLIC_URL: 'https://stores.example.com',
    });
    await createGeocoder(config).geocode({ city: 'Nashville' });
    expect(provider.requests[0]?.headers['user-agent']).toMatch(
      /^Locator\/\d+\.\d+\.\d+ \(\+https:\/\/stores\.example\.com\)$/,
    );
    expect(provider.requests[0]?.url.pathname).toBe('/search');
  });

  it('maps the kind of result to a precision, and a country to no answer', async () => {
    const cases = [
      [building, 'rooftop'],
      [interpolated, 'street'],
      [street, 'street'],
      [postcode, 'postcode'],
      [nashville, 'city'],
    ] as const;
    for (const [place, precision] of cases) {
      provider.reply({ body: [place] });
      expect((await nominatim().geocode({ city: 'Nashville' }))?.precision, place.addresstype).toBe(precision);
    }
    provider.reply({ body: [country] });
    expect(await nominatim().geocode({ city: 'United States' })).toBeNull();
  });

  it('answers null when Nominatim finds nothing', async () => {
    provider.reply({ body: [] });
    expect(await nominatim().geocode({ city: 'Qwxzzy Flarbington' })).toBeNull();
    expect(provider.requests).toHaveLength(1);
  });

  it('does not ask when nothing in the address locates it', async () => {
    expect(await nominatim().geocode({ country: 'US', state: 'TN' })).toBeNull();
    expect(provider.requests).toHaveLength(0);
  });

  it('retries a 429 and answers from the next attempt', async () => {
    provider.reply({ status: 429, body: { error: 'Too Many Requests' } }, { body: [nashville] });
    expect(await nominatim().geocode({ city: 'Nashville' })).toMatchObject({ precision: 'city' });
    expect(provider.requests).toHaveLength(2);
  });

  it('retries a 500 a bounded number of times, then fails with a retryable error', async () => {
    provider.reply({ status: 500, body: { error: 'Internal Server Error' } });
    const failure = nominatim({ retries: 2 }).geocode({ city: 'Nashville' });
    await expect(failure).rejects.toThrow(GeocoderError);
    await expect(failure).rejects.toMatchObject({
      retryable: true,
      message: expect.stringMatching(/HTTP 500.*3 attempts/),
    });
    expect(provider.requests).toHaveLength(3);
  });

  it('does not retry a 400, which asking again cannot fix', async () => {
    provider.reply({ status: 400, body: { error: 'Bad Request' } });
    await expect(nominatim().geocode({ city: 'Nashville' })).rejects.toMatchObject({ retryable: false });
    expect(provider.requests).toHaveLength(1);
  });

  it('fails clearly when the server answers something that is not a search result', async () => {
    provider.reply({ body: { hello: 'world' } });
    await expect(nominatim().geocode({ city: 'Nashville' })).rejects.toThrow(/NOMINATIM_URL/);
  });

  it('gives up on a server that never answers within the per-request timeout', async () => {
    provider.reply('hang');
    const started = performance.now();
    await expect(nominatim({ requestTimeoutMs: 200, retries: 1 }).geocode({ city: 'Nashville' })).rejects.toThrow(
      /did not answer within 200 ms/,
    );
    expect(performance.now() - started).toBeLessThan(5000);
    expect(provider.requests).toHaveLength(2);
  });

  it("stops at the caller's deadline, retries included", async () => {
    provider.reply('hang');
    const started = performance.now();
    const deadline = AbortSignal.timeout(300);
    await expect(
      nominatim({ requestTimeoutMs: 200, retries: 10 }).geocode({ city: 'Nashville' }, { signal: deadline }),
    ).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect(deadline.aborted).toBe(true);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('spaces requests by the rate cap, in the order they were made', async () => {
    provider.reply({ body: [nashville] });
    const geocoder = nominatim({ requestsPerSecond: 5 });
    await Promise.all(['Alpha', 'Bravo', 'Charlie'].map((city) => geocoder.geocode({ city })));
    expect(provider.requests.map((request) => request.url.searchParams.get('city'))).toEqual([
      'Alpha',
      'Bravo',
      'Charlie',
    ]);
    const [first, , last] = provider.requests.map((request) => request.receivedAt);
    // Three requests at 5 per second span at least two 200 ms gaps; the lower bound is loose on purpose.
    expect((last ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(300);
  });
});
