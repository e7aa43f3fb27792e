import { foldPostcode } from '../../domain/fold-text.ts';

/** The centre of a US ZIP code area, the postcodes the offline data covers. */
export interface PostcodeArea {
  lat: number;
  lng: number;
  /** ISO 3166-1 alpha-2. */
  country: 'US';
  /** The state's code (`CA`). */
  state: string;
}

type ZipcodesModule = typeof import('zipcodes');
let loading: Promise<ZipcodesModule> | undefined;

/**
 * The area of a US ZIP code (`90210`, `90210-1234`), or undefined when the code is not one or not in the data. The
 * package's Canadian areas are not used: they come from a commercial vendor's sample file whose terms are unclear
 * (docs/geocoding.md), so a Canadian address is answered from its city. The data is loaded on first use.
 * @example await findPostcodeArea('90210') // { lat: 34.0901, lng: -118.4065, country: 'US', state: 'CA' }
 */
export async function findPostcodeArea(postcode: string): Promise<PostcodeArea | undefined> {
  const code = foldPostcode(postcode).toUpperCase();
  if (!/^\d{5}(\d{4})?$/.test(code)) return undefined;
  loading ??= import('zipcodes');
  const entry = (await loading).codes[code.slice(0, 5)];
  if (entry?.country !== 'US') return undefined;
  return { lat: entry.latitude, lng: entry.longitude, country: 'US', state: entry.state };
}
