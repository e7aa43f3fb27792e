import { countryCodeOf } from '../../domain/countries.ts';

/** The parts of a one-line address the offline data can use. */
export interface ParsedAddress {
  /** Segments that may name the city, most likely first. */
  cityCandidates: string[];
  state?: string;
  postcode?: string;
  countryCode?: string;
}

// US ZIP (+4), Canadian postal code, or the 4- and 5-digit codes of much of the world (not covered, but not a city).
const POSTCODE = /\b(\d{5}-\d{4}|\d{4,5}|[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d)\b/;
const MAX_CITY_CANDIDATES = 3;

/**
 * Splits a one-line address written as addresses usually are, from the most specific part to the country
 * (`1 Main St, Nashville, TN 37203, USA`, `Marienplatz 1, 80331 München, Deutschland`), reading from the end:
 * the country, then a postcode and a state, then the segments that may hold the city. Segments with digits left
 * in them are streets, never cities. `readCountry: false` reads the last segment as a state or city instead, for
 * names that are both (`Atlanta, Georgia`).
 * @example parseFreeText('Nashville, TN 37203, USA', (text) => text === 'TN')
 * // { cityCandidates: ['Nashville'], state: 'TN', postcode: '37203', countryCode: 'US' }
 */
export function parseFreeText(
  text: string,
  isRegion: (text: string, countryCode: string | undefined) => boolean,
  { readCountry = true } = {},
): ParsedAddress {
  const segments = text
    .split(/[,;\n]+/)
    .map((segment) => segment.trim())
    .filter(Boolean);
  const parsed: ParsedAddress = { cityCandidates: [] };
  const last = segments[segments.length - 1];
  const countryCode = readCountry && segments.length > 1 && last ? countryCodeOf(last) : undefined;
  if (countryCode) {
    parsed.countryCode = countryCode;
    segments.pop();
  }
  for (let index = segments.length - 1; index >= 0 && parsed.cityCandidates.length < MAX_CITY_CANDIDATES; index -= 1) {
    let segment = segments[index] ?? '';
    const postcode = parsed.postcode === undefined ? POSTCODE.exec(segment)?.[0] : undefined;
    if (postcode) {
      parsed.postcode = postcode;
      segment = segment.replace(postcode, '').trim();
    }
    if (!segment || /\d/.test(segment)) continue;
    if (parsed.state === undefined && index > 0 && isRegion(segment, parsed.countryCode)) parsed.state = segment;
    else parsed.cityCandidates.push(segment);
  }
  return parsed;
}
