// Visitors' actions with a location, sent to the project's analytics with `navigator.sendBeacon`: a string body goes
// as `text/plain`, a "simple" request that needs no preflight and outlives the page being left for a link's target.
import type { VisitorEvent } from '@locator/client';

export type VisitorAction = VisitorEvent['type'];

/** Whether the visitor's browser asks not to be tracked: Global Privacy Control, or the older Do Not Track. */
export function trackingRefused(): boolean {
  const asked = navigator as Navigator & { globalPrivacyControl?: boolean; doNotTrack?: string | null };
  return asked.globalPrivacyControl === true || asked.doNotTrack === '1';
}

/**
 * Counts one action of the visitor with a location, unless their browser asks not to be tracked; nothing is read back
 * and a failure is nobody's concern (a beacon the browser did not queue is dropped).
 */
export function sendBeacon(base: string, key: string, type: VisitorAction, locationId: string): void {
  if (trackingRefused() || typeof navigator.sendBeacon !== 'function') return;
  const event: VisitorEvent = { type, location_id: locationId };
  try {
    navigator.sendBeacon(
      `${base.replace(/\/+$/, '')}/api/public/v1/events?key=${encodeURIComponent(key)}`,
      JSON.stringify(event),
    );
  } catch {
    // A policy of the host page refused it: the finder works on without counting.
  }
}

/** What a click on a link of a location counts as: the link's `data-locator-action`, when it names one. */
export function actionOfClick(event: Event): VisitorAction | null {
  const link = event.target instanceof Element ? event.target.closest('a[data-locator-action]') : null;
  const action = link?.getAttribute('data-locator-action');
  return action === 'directions' || action === 'call' || action === 'website' || action === 'cta' ? action : null;
}
