import { describe, expect, it } from 'vitest';
import { GeocoderError } from '../../src/geocoding/geocoder-error.ts';
import { createGoogleGeocoder, type GoogleGeocoderOptions } from '../../src/geocoding/google.geocoder.ts';
import { useFakeProvider } from '../support/fake-provider.ts';

/**
 * A result in the shape of the Geocoding API
 * (https://developers.google.com/maps/documentation/geocoding/requests-geocoding).
 */
function result(locationType: string, types: string[], location = { lat: 37.4224428, lng: -122.0842467 }) {
  return {
    address_components: [{ long_name: '1600', short_name: '1600', types: ['street_number'] }],
    formatted_address: '1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA',
    geometry: {
      location,
      location_type: locationType,
      viewport: { northeast: { lat: 37.4237, lng: -122.0829 }, southwest: { lat: 37.421, lng: -122.0856 } },
    },
    place_id: 'ChIJeRpOeF67j4AR9ydy_PIzPuM',
    types,
  };
}
const ok = (...results: unknown[]) => ({ body: { results, status: 'OK' } });

const provider = useFakeProvider();

function google(options: Partial<GoogleGeocoderOptions> = {}) {
  return createGoogleGeocoder({
    apiKey: 'test-key',
    baseUrl: `${provider.url}/maps/api/geocode/json`,
    userAgent: 'Locator/0.1.0 (+https://stores.example.com)',
    requestTimeoutMs: 2000,
    retries: 2,
    retryDelayMs: 10,
    ...options,
  });
}

describe('the Google geocoder', () => {
  it('sends the address with the key and a country filter, and answers a rooftop', async () => {
    provider.reply(ok(result('ROOFTOP', ['street_address'])));
    const answer = await google().geocode({
      address_line_1: '1600 Amphitheatre Pkwy',
      city: 'Mountain View',
      state: 'CA',
      postcode: '94043',
      country: 'United States',
    });
    expect(answer).toEqual({ lat: 37.4224428, lng: -122.0842467, precision: 'rooftop', provider: 'google' });
    const { url, headers } = provider.firstRequest();
    expect(url.pathname).toBe('/maps/api/geocode/json');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      address: '1600 Amphitheatre Pkwy, Mountain View, CA 94043',
      components: 'country:US',
      key: 'test-key',
    });
    expect(headers['user-agent']).toBe('Locator/0.1.0 (+https://stores.example.com)');
  });

  it('filters a free text biased to countries by the first of them, as Google reads repeated filters as AND', async () => {
    provider.reply(ok(result('APPROXIMATE', ['locality', 'political'], { lat: 42.9849, lng: -81.2453 })));
    expect(await google().geocode({ address: 'London', countries: ['CA', 'US'] })).toEqual({
      lat: 42.9849,
      lng: -81.2453,
      precision: 'city',
      provider: 'google',
    });
    expect(provider.requests).toHaveLength(1);
    expect(Object.fromEntries(provider.firstRequest().url.searchParams)).toEqual({
      address: 'London',
      components: 'country:CA',
      key: 'test-key',
    });
  });

  it('searches a biased free text once more without the filter when its country has nothing, as the bias is no filter', async () => {
    // Google answers a filtered search it cannot match with the country itself, which is no answer.
    provider.reply(
      ok(result('APPROXIMATE', ['country', 'political'])),
      ok(result('APPROXIMATE', ['locality', 'political'])),
    );
    expect(await google().geocode({ address: 'Seattle', countries: ['CA'] })).toMatchObject({ precision: 'city' });
    expect(provider.requests.map(({ url }) => Object.fromEntries(url.searchParams))).toEqual([
      { address: 'Seattle', components: 'country:CA', key: 'test-key' },
      { address: 'Seattle', key: 'test-key' },
    ]);
  });

  it('asks once for a free text without countries', async () => {
    provider.reply({ body: { results: [], status: 'ZERO_RESULTS' } });
    expect(await google().geocode({ address: 'Qwxzzy Flarbington' })).toBeNull();
    expect(provider.requests).toHaveLength(1);
    expect(Object.fromEntries(provider.firstRequest().url.searchParams)).toEqual({
      address: 'Qwxzzy Flarbington',
      key: 'test-key',
    });
  });

  it('maps location_type and result types to a precision, and a country to no answer', async () => {
    const cases = [
      [result('RANGE_INTERPOLATED', ['street_address']), 'street'],
      [result('GEOMETRIC_CENTER', ['route']), 'street'],
      [result('GEOMETRIC_CENTER', ['premise']), 'rooftop'],
      [result('APPROXIMATE', ['postal_code']), 'postcode'],
      [result('APPROXIMATE', ['locality', 'political']), 'city'],
      [result('APPROXIMATE', ['administrative_area_level_1', 'political']), 'region'],
    ] as const;
    for (const [answer, precision] of cases) {
      provider.reply(ok(answer));
      expect((await google().geocode({ city: 'Mountain View' }))?.precision, answer.types.join()).toBe(precision);
    }
    provider.reply(ok(result('APPROXIMATE', ['country', 'political'])));
    expect(await google().geocode({ city: 'United States' })).toBeNull();
  });

  it('answers null for ZERO_RESULTS', async () => {
    provider.reply({ body: { results: [], status: 'ZERO_RESULTS' } });
    expect(await google().geocode({ city: 'Qwxzzy Flarbington' })).toBeNull();
    expect(provider.requests).toHaveLength(1);
  });

  it('retries OVER_QUERY_LIMIT and answers from the next attempt', async () => {
    provider.reply(
      {
        body: {
          results: [],
          status: 'OVER_QUERY_LIMIT',
          error_message: 'You have exceeded your rate-limit for this API.',
        },
      },
      ok(result('ROOFTOP', ['street_address'])),
    );
    expect(await google().geocode({ city: 'Mountain View' })).toMatchObject({ precision: 'rooftop' });
    expect(provider.requests).toHaveLength(2);
  });

  it('retries an HTTP 429 too', async () => {
    provider.reply({ status: 429, body: {} }, ok(result('ROOFTOP', ['street_address'])));
    expect(await google().geocode({ city: 'Mountain View' })).toMatchObject({ precision: 'rooftop' });
    expect(provider.requests).toHaveLength(2);
  });

  it('fails at once, saying what to check, on REQUEST_DENIED', async () => {
    provider.reply({
      body: { results: [], status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.' },
    });
    const failure = google().geocode({ city: 'Mountain View' });
    await expect(failure).rejects.toThrow(GeocoderError);
    await expect(failure).rejects.toMatchObject({
      retryable: false,
      message: expect.stringMatching(/API key is invalid.*GOOGLE_MAPS_API_KEY/),
    });
    expect(provider.requests).toHaveLength(1);
  });

  it('retries a 500 a bounded number of times, then gives up', async () => {
    provider.reply({ status: 500, body: {} });
    await expect(google({ retries: 3 }).geocode({ city: 'Mountain View' })).rejects.toMatchObject({ retryable: true });
    expect(provider.requests).toHaveLength(4);
  });

  it('times out on a server that never answers', async () => {
    provider.reply('hang');
    const started = performance.now();
    await expect(google({ requestTimeoutMs: 200, retries: 0 }).geocode({ city: 'Mountain View' })).rejects.toThrow(
      /did not answer within 200 ms/,
    );
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
