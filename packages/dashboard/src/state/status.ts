import { LocatorApiError, LocatorNetworkError } from '@locator/client';
import { signal } from '@preact/signals';
import { type MessageKey, t } from '../i18n/index.ts';
import { endSession, session } from './session.ts';

// The one status line of the dashboard: a live region (layout.tsx) that screen readers read out when it changes.

export interface Status {
  text: string;
  kind: 'info' | 'error';
  /** Told just before a move to another screen, so that move does not clear it. */
  acrossMove?: boolean;
}

export const status = signal<Status | undefined>(undefined);

export function announce(text: string): void {
  status.value = { text, kind: 'info' };
}

/** Tells the outcome of an action that then moves to another screen (signed in, signed out), which shows it. */
export function announceAcrossMove(text: string): void {
  status.value = { text, kind: 'info', acrossMove: true };
}

/** A move to another screen: what was said on the last one is cleared, unless it was said for this move. */
export function noteMove(): void {
  const current = status.value;
  status.value = current?.acrossMove ? { ...current, acrossMove: false } : undefined;
}

export function announceProblem(text: string): void {
  status.value = { text, kind: 'error' };
}

export function clearStatus(): void {
  status.value = undefined;
}

const STATUS_MESSAGES: Partial<Record<number, MessageKey>> = {
  401: 'errorSignedOut',
  403: 'errorForbidden',
  404: 'errorNotFound',
};

/**
 * What to tell a person of a failed call: the server's own message for refusals of what they asked (409, 422: it
 * names the conflict or the field), a message of ours for the rest.
 */
export function errorText(error: unknown): string {
  if (error instanceof LocatorApiError) {
    const key = STATUS_MESSAGES[error.status];
    if (key) return t(key);
    if (error.status === 429) return t('errorTooMany', { seconds: error.retryAfterSeconds ?? 60 });
    if (error.status >= 500) return t('errorServer');
    return error.message;
  }
  if (error instanceof LocatorNetworkError) return t('errorNetwork');
  if (error instanceof DOMException && error.name === 'NotAllowedError') return t('errorPasskeyCancelled');
  return t('errorUnexpected');
}

/** Field errors of a 422, by field name, to show beside each field. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  return error instanceof LocatorApiError && error.status === 422 ? (error.fieldErrors ?? {}) : {};
}

/**
 * Takes note of a failed call: a `401` while signed in means the session ended (idle, signed out elsewhere, removed
 * from the project), so the sign-in shows in place of the screen.
 */
export function noteFailure(error: unknown): void {
  if (error instanceof LocatorApiError && error.status === 401 && session.value) endSession();
}

export function announceError(error: unknown): void {
  noteFailure(error);
  announceProblem(errorText(error));
}
