// Picks a catalog and formats its messages. The catalog is chosen by language only; the full tag (`de-AT`) is kept
// as the locale of numbers, distances and times.
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { nl } from './nl.ts';

type PluralTexts = { other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;
export type Messages = { [K in keyof typeof en]: (typeof en)[K] extends string ? string : PluralTexts };
export type TextKey = { [K in keyof Messages]: Messages[K] extends string ? K : never }[keyof Messages];
export type PluralKey = Exclude<keyof Messages, TextKey>;
type Values = Record<string, string | number>;

const catalogs: Record<string, Messages> = { en, de, fr, es, nl };

export interface Translator {
  /** The BCP 47 tag for Intl, such as `de-AT`. */
  readonly locale: string;
  text(key: TextKey, values?: Values): string;
  plural(key: PluralKey, count: number, values?: Values): string;
}

function fill(template: string, values: Values, locale: string): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : value;
  });
}

/** The first candidate tag (element, ancestors, page, browser) whose language has a catalog, else English. */
export function resolveLocale(candidates: readonly (string | null | undefined)[]): string {
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      const [tag] = Intl.getCanonicalLocales(candidate);
      const language = tag?.split('-')[0]?.toLowerCase();
      if (tag && language && language in catalogs) return tag;
    } catch {
      // Not a language tag: try the next candidate.
    }
  }
  return 'en';
}

export function translator(locale: string): Translator {
  const messages: Messages = catalogs[locale.split('-')[0]?.toLowerCase() ?? 'en'] ?? en;
  const rules = new Intl.PluralRules(locale);
  return {
    locale,
    text: (key, values = {}) => fill(messages[key], values, locale),
    plural: (key, count, values = {}) => {
      const texts = messages[key];
      return fill(texts[rules.select(count)] ?? texts.other, { count, ...values }, locale);
    },
  };
}
