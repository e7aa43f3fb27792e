import type { Draft } from './draft.ts';

// What a person typed into a store's form and has not saved, kept in this tab (sessionStorage) until it is saved or
// discarded: a session that ended (sign in again, the form comes back as it was), a refused save or a reload loses
// nothing. It holds the version the changes were made to, so the save still sends the right `If-Match`.

export interface KeptDraft {
  draft: Draft;
  /** The store as read when the changes began (none for a new store). */
  base?: Draft;
  etag?: string;
}

const keyOf = (projectId: string, locationId: string | undefined) =>
  `locator.dashboard.store.${projectId}.${locationId ?? 'new'}`;

export function readKeptDraft(projectId: string, locationId: string | undefined): KeptDraft | undefined {
  try {
    const text = globalThis.sessionStorage?.getItem(keyOf(projectId, locationId));
    return text ? (JSON.parse(text) as KeptDraft) : undefined;
  } catch {
    return undefined;
  }
}

export function keepDraft(projectId: string, locationId: string | undefined, kept: KeptDraft): void {
  try {
    globalThis.sessionStorage?.setItem(keyOf(projectId, locationId), JSON.stringify(kept));
  } catch {
    // Storage is off or full: the form still holds what was typed while it is open.
  }
}

export function forgetDraft(projectId: string, locationId: string | undefined): void {
  try {
    globalThis.sessionStorage?.removeItem(keyOf(projectId, locationId));
  } catch {
    // Nothing was kept.
  }
}
