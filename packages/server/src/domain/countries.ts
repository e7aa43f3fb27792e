import { createRequire } from 'node:module';
import type countryData from 'i18n-iso-countries';
import { foldText } from './fold-text.ts';

let countryIndex: Map<string, string> | undefined;

/**
 * The ISO 3166-1 alpha-2 code of a country given by code (`DE`, `DEU`) or by name in any of the languages the
 * `i18n-iso-countries` data knows (`Germany`, `Deutschland`, `Allemagne`, `USA`, `United States`); undefined when the
 * text names no country.
 * @example countryCodeOf('Deutschland') // "DE"
 * @example countryCodeOf('u.s.a.') // "US"
 */
export function countryCodeOf(text: string): string | undefined {
  const folded = foldText(text);
  if (folded === '') return undefined;
  countryIndex ??= buildCountryIndex();
  return countryIndex.get(folded) ?? countryIndex.get(folded.replace(/ /g, ''));
}

/**
 * Codes first, then English names, then every other language, so an earlier meaning is never overwritten by a later
 * one.
 */
function buildCountryIndex(): Map<string, string> {
  // Loaded with the index it feeds, on the first address that names a country, rather than at every start.
  const countries = createRequire(import.meta.url)('i18n-iso-countries') as typeof countryData;
  const index = new Map<string, string>();
  const add = (name: string, alpha2: string) => {
    const folded = foldText(name);
    if (folded !== '' && !index.has(folded)) index.set(folded, alpha2);
  };
  for (const [alpha2, alpha3] of Object.entries(countries.getAlpha2Codes())) {
    add(alpha2, alpha2);
    add(alpha3, alpha2);
  }
  // Common in addresses though not an ISO code.
  add('UK', 'GB');
  const languages = ['en', ...countries.getSupportedLanguages().filter((language) => language !== 'en')];
  for (const language of languages) {
    for (const [alpha2, names] of Object.entries(countries.getNames(language, { select: 'all' }))) {
      for (const name of names) add(name, alpha2);
    }
  }
  return index;
}

/**
 * The country most locations are in, from how many locations give each `country` text (codes and names in any
 * language count together; the first code in alphabetical order among equals); null when none names a country.
 * @example commonestCountryCode([{ country: 'USA', count: 2 }, { country: 'US', count: 1 }, { country: 'DE', count: 2 }]) // "US"
 */
export function commonestCountryCode(counts: readonly { country: string; count: number }[]): string | null {
  const byCode = new Map<string, number>();
  for (const { country, count } of counts) {
    const code = countryCodeOf(country);
    if (code) byCode.set(code, (byCode.get(code) ?? 0) + count);
  }
  let best: [string, number] | null = null;
  for (const entry of [...byCode].sort(([a], [b]) => (a < b ? -1 : 1))) if (!best || entry[1] > best[1]) best = entry;
  return best?.[0] ?? null;
}
