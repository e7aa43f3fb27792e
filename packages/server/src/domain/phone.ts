import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { countryCodeOf } from './countries.ts';

/**
 * The E.164 form of a phone number as people type it (`(512) 555-0199`, `+49 30 1234567`, `512.555.0199 ext. 12`),
 * read in the location's country when it names one, else in the project's default country; null when the text is not
 * a phone number of that country (too short, too long, a sentence). A number written with `+` and its country code
 * is read without a country. The "min" metadata checks a number's length and leading digits, not every numbering
 * plan's ranges: enough to tell a number from a typo or a sentence.
 * @example phoneE164Of('(512) 555-0199', { country: 'USA', defaultCountry: null }) // "+15125550199"
 * @example phoneE164Of('call us', { country: 'US', defaultCountry: null }) // null
 */
export function phoneE164Of(
  phone: string | null | undefined,
  { country, defaultCountry }: { country: string | null | undefined; defaultCountry: string | null },
): string | null {
  const text = phone?.trim();
  if (!text) return null;
  const code = (country ? countryCodeOf(country) : undefined) ?? defaultCountry ?? undefined;
  const parsed = parsePhoneNumberFromString(text, code && isSupportedCountry(code) ? { defaultCountry: code } : {});
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * Whether reading a location's phone number needs the project's default country: it has a phone number that does
 * not start with `+`, and its country names none.
 */
export function needsDefaultCountry(phone: string | null | undefined, country: string | null | undefined): boolean {
  const text = phone?.trim();
  return Boolean(text) && !text?.startsWith('+') && !(country && countryCodeOf(country));
}
