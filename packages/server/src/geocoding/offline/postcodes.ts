import { foldPostcode } from '../../domain/fold-text.ts';

/** The centre of a postcode area covered by the offline data. */
export interface PostcodeArea {
  lat: number;
  lng: number;
  /** ISO 3166-1 alpha-2: `US` or `CA`. */
  country: 'US' | 'CA';
  /** The state or province as the data names it (`CA`, `Ontario`). */
  state: string;
}

type ZipcodesModule = typeof import('zipcodes');
let loading: Promise<ZipcodesModule> | undefined;

/**
 * The area of a US ZIP code (`90210`, `90210-1234`) or an urban Canadian forward sortation area (`M5V 3L9` → `M5V`),
 * or undefined when the code has neither shape or is not in the data. Rural Canadian areas (second character `0`)
 * span hundreds of kilometres, so they are not answered as a postcode. The data is loaded on first use.
 * @example await findPostcodeArea('90210') // { lat: 34.0901, lng: -118.4065, country: 'US', state: 'CA' }
 */
export async function findPostcodeArea(postcode: string): Promise<PostcodeArea | undefined> {
  const code = foldPostcode(postcode).toUpperCase();
  const key = /^\d{5}(\d{4})?$/.test(code) ? code.slice(0, 5) : /^[A-Z][1-9][A-Z](\d[A-Z]\d)?$/.test(code) ? code.slice(0, 3) : undefined;
  if (!key) return undefined;
  loading ??= import('zipcodes');
  const entry = (await loading).codes[key];
  if (!entry) return undefined;
  return { lat: entry.latitude, lng: entry.longitude, country: entry.country === 'US' ? 'US' : 'CA', state: entry.state };
}
