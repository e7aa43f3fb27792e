// The dashboard's messages: one catalogue per language (`en.ts` is the reference every other follows, checked by the
// type `Messages`), chosen from the browser's languages or the person's choice, kept in this browser.
import { signal } from '@preact/signals';
import { readStored, store } from '../stored.ts';
import { de } from './de.ts';
import { en } from './en.ts';

export type Messages = { [K in keyof typeof en]: string };
export type MessageKey = keyof Messages;
type Values = Record<string, string | number>;

const catalogues: Record<string, Messages> = { en, de };

/** The languages the dashboard speaks, each named in itself (for the language picker). */
export const LANGUAGES: readonly { tag: string; name: string }[] = [
  { tag: 'en', name: 'English' },
  { tag: 'de', name: 'Deutsch' },
];

const STORAGE_KEY = 'locator.dashboard.language';

/** The first candidate tag whose language has a catalogue, else English. */
export function resolveLocale(candidates: readonly (string | null | undefined)[]): string {
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      const [tag] = Intl.getCanonicalLocales(candidate);
      const language = tag?.split('-')[0]?.toLowerCase();
      if (tag && language && language in catalogues) return tag;
    } catch {
      // Not a language tag: try the next one.
    }
  }
  return 'en';
}

/** The BCP 47 tag of the dashboard's language (`de-AT`): its catalogue by language, numbers and dates by the tag. */
export const locale = signal(resolveLocale([readStored(STORAGE_KEY), ...(globalThis.navigator?.languages ?? [])]));

export function chooseLanguage(tag: string): void {
  locale.value = resolveLocale([tag]);
  store(STORAGE_KEY, locale.value);
}

export const languageOf = (tag: string): string => tag.split('-')[0]?.toLowerCase() ?? 'en';

/** The message `key` in the dashboard's language, with `{name}` placeholders filled in. */
export function t(key: MessageKey, values: Values = {}): string {
  const tag = locale.value;
  const template = (catalogues[languageOf(tag)] ?? en)[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? new Intl.NumberFormat(tag).format(value) : value;
  });
}

/** A date and time of the API (ISO 8601) as the dashboard's language writes it; a dash for none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale.value, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
