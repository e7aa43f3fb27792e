import { describe, expect, it } from 'vitest';
import type { GeocodeQuery, GeocodeResult } from '../../src/geocoding/geocoder.ts';
import { createOfflineGeocoder } from '../../src/geocoding/offline.geocoder.ts';

// Not a unit test: the geocoder reads its place data (GeoNames cities, postcode centres) from disk on first use, which
// takes a couple of seconds.
const geocoder = createOfflineGeocoder();

/** Known centres (GeoNames for cities, the US ZIP centres for postcodes), to about a kilometre. */
const NASHVILLE = { lat: 36.166, lng: -86.784 };
const DENVER = { lat: 39.739, lng: -104.985 };
const MUNICH = { lat: 48.137, lng: 11.575 };
const SAO_PAULO = { lat: -23.548, lng: -46.636 };
const PORTLAND_OREGON = { lat: 45.523, lng: -122.676 };
const PORTLAND_MAINE = { lat: 43.657, lng: -70.259 };
const BEVERLY_HILLS_90210 = { lat: 34.09, lng: -118.407 };
const LONDON = { lat: 51.509, lng: -0.126 };
const LONDON_ONTARIO = { lat: 42.983, lng: -81.233 };
const LONDON_OHIO = { lat: 39.886, lng: -83.448 };
const TORONTO_OHIO = { lat: 40.464, lng: -80.601 };
const SEATTLE = { lat: 47.606, lng: -122.332 };

function expectAt(
  result: GeocodeResult | null,
  place: { lat: number; lng: number },
  precision: 'city' | 'postcode' = 'city',
) {
  expect(result).toMatchObject({ precision, provider: 'offline' });
  expect(result?.lat).toBeCloseTo(place.lat, 1);
  expect(result?.lng).toBeCloseTo(place.lng, 1);
}

const geocode = (query: GeocodeQuery) => geocoder.geocode(query);

describe('the offline geocoder', () => {
  it('finds cities by city, state and country, given as codes or names', async () => {
    expectAt(await geocode({ city: 'Nashville', state: 'TN', country: 'US' }), NASHVILLE);
    expectAt(await geocode({ city: 'nashville', state: 'Tennessee', country: 'United States' }), NASHVILLE);
    expectAt(await geocode({ city: 'Denver', state: 'CO', country: 'USA' }), DENVER);
    expectAt(await geocode({ city: 'São Paulo', country: 'BR' }), SAO_PAULO);
    expectAt(await geocode({ city: 'Sao Paulo', state: 'SP', country: 'Brasil' }), SAO_PAULO);
  });

  it('folds case and accents and knows other names of a city and its country', async () => {
    for (const city of ['München', 'Munchen', 'MÜNCHEN', 'Munich']) {
      for (const country of ['DE', 'DEU', 'Germany', 'Deutschland']) expectAt(await geocode({ city, country }), MUNICH);
    }
  });

  it('tells namesakes apart by state, and picks the most populous without one', async () => {
    expectAt(await geocode({ city: 'Portland', state: 'OR', country: 'US' }), PORTLAND_OREGON);
    expectAt(await geocode({ city: 'Portland', state: 'ME', country: 'US' }), PORTLAND_MAINE);
    expectAt(await geocode({ city: 'Portland', state: 'Maine', country: 'US' }), PORTLAND_MAINE);
    expectAt(await geocode({ city: 'Portland', country: 'US' }), PORTLAND_OREGON);
    expectAt(await geocode({ city: 'Portland' }), PORTLAND_OREGON);
  });

  it('answers a postcode alone at postcode precision', async () => {
    expectAt(await geocode({ postcode: '90210', country: 'US' }), BEVERLY_HILLS_90210, 'postcode');
    expectAt(await geocode({ postcode: '90210-1234', state: 'CA' }), BEVERLY_HILLS_90210, 'postcode');
  });

  it('answers a Canadian address from its city, not its postal code (the data for those is not used)', async () => {
    expect(await geocode({ postcode: 'M5V 3L9', country: 'Canada' })).toBeNull();
    expect(await geocode({ city: 'Toronto', postcode: 'M5V 3L9', country: 'CA' })).toMatchObject({ precision: 'city' });
  });

  it('prefers a postcode that agrees with the address, and ignores one that does not', async () => {
    expect(await geocode({ city: 'Nashville', state: 'TN', postcode: '37203', country: 'US' })).toMatchObject({
      precision: 'postcode',
    });
    expectAt(await geocode({ city: 'Nashville', state: 'TN', postcode: '90210', country: 'US' }), NASHVILLE);
    // A five-digit code with no country could be German or French as well as American.
    expect(await geocode({ postcode: '90210' })).toBeNull();
  });

  it('reads a one-line address when there are no components', async () => {
    expect(await geocode({ address: '1 Broadway, Nashville, TN 37203, USA' })).toMatchObject({ precision: 'postcode' });
    expectAt(await geocode({ address: 'Marienplatz 1, 80331 München, Deutschland' }), MUNICH);
    expectAt(await geocode({ address: 'Atlanta, Georgia' }), { lat: 33.749, lng: -84.388 });
  });

  it('prefers a free text in the countries it is biased to, and looks anywhere only when none of them has it', async () => {
    expectAt(await geocode({ address: 'London' }), LONDON);
    expectAt(await geocode({ address: 'London', countries: ['CA'] }), LONDON_ONTARIO);
    // The most populous match in any of the countries, whichever is listed first.
    expectAt(await geocode({ address: 'London', countries: ['US', 'CA'] }), LONDON_ONTARIO);
    expectAt(await geocode({ address: 'London', countries: ['US'] }), LONDON_OHIO);
    expectAt(await geocode({ address: 'Toronto', countries: ['US'] }), TORONTO_OHIO);
    expectAt(await geocode({ address: 'Seattle', countries: ['CA'] }), SEATTLE);
    // What the text says itself outweighs the bias.
    expectAt(await geocode({ address: 'London, UK', countries: ['CA'] }), LONDON);
    expectAt(await geocode({ address: 'London, ON', countries: ['US'] }), LONDON_ONTARIO);
    // A five-digit code is a US ZIP code when the US is among the countries.
    expectAt(await geocode({ address: '90210', countries: ['US'] }), BEVERLY_HILLS_90210, 'postcode');
    expect(await geocode({ address: '90210', countries: ['DE'] })).toBeNull();
  });

  it('answers null for nonsense, and never guesses a country or state centre', async () => {
    expect(await geocode({ city: 'Qwxzzy Flarbington', country: 'US' })).toBeNull();
    expect(await geocode({ address: 'asdf qwerty zxcv' })).toBeNull();
    expect(await geocode({ city: 'Munich', country: 'Narnia' })).toBeNull();
    expect(await geocode({ country: 'US' })).toBeNull();
    expect(await geocode({ state: 'Tennessee', country: 'US' })).toBeNull();
    expect(await geocode({})).toBeNull();
  });

  it('answers null rather than a namesake in another state', async () => {
    expect(await geocode({ city: 'Nashville', state: 'Alaska', country: 'US' })).toBeNull();
  });

  it("stops waiting at the caller's deadline", async () => {
    const aborted = AbortSignal.abort(new Error('deadline'));
    await expect(geocoder.geocode({ city: 'Denver' }, { signal: aborted })).rejects.toThrow('deadline');
  });
});
