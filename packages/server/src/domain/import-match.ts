import { foldText } from './fold-text.ts';
import type { LocationInput } from './location-input.ts';

/** How an import finds the saved location of a row that no key names: it does not, or by name and address. */
export const IMPORT_MATCHES = ['external_id', 'name_address'] as const;
export type ImportMatch = (typeof IMPORT_MATCHES)[number];

/** What of a saved location a row is compared with to tell whether it is the same store. */
export interface NameAndAddress {
  name: string;
  address: string;
  address_line_1: string | null;
  city: string | null;
}

const same = (a: string | null | undefined, b: string | null | undefined) => foldText(a ?? '') === foldText(b ?? '');

/**
 * Whether a row names the same store as a saved location: the same name, and the same street and city (or, for a row
 * that gives only a full `address`, the same address), ignoring case, accents, punctuation and spacing. A row without
 * an address matches nothing: a name alone is not a store.
 * @example sameNameAndAddress({ name: 'Downtown', address_line_1: '1 Main St.', city: 'AUSTIN' }, { name: 'downtown', address: '…', address_line_1: '1 main st', city: 'Austin' }) // true
 */
export function sameNameAndAddress(row: LocationInput, saved: NameAndAddress): boolean {
  if (!row.name?.trim() || !same(row.name, saved.name)) return false;
  if (row.address_line_1?.trim()) return same(row.address_line_1, saved.address_line_1) && same(row.city, saved.city);
  if (row.address?.trim()) return same(row.address, saved.address);
  return false;
}
