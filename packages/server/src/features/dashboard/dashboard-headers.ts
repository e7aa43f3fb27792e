import { sourceOf } from '../../http/csp-source.ts';

/**
 * The dashboard's Content-Security-Policy: its scripts and styles only from this server (Vite writes no inline
 * script or style into the page; the widget of the designer's preview adopts a constructed style sheet), requests
 * only to this server's API, no frames around it or in it. Images may come from the map's tile server too: the
 * store screen's map, and the widget designer's preview of the real store finder, map included.
 */
export const dashboardCsp = (tileUrl: string): string =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data:${sourceOf(tileUrl) ? ` ${sourceOf(tileUrl)}` : ''}`,
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');

/** index.html: asked for again on every visit (with its ETag), so a release shows at the next page load. */
export const PAGE_CACHE_CONTROL = 'no-cache';
/** The hashed assets: a new build has new names, so a browser may keep these for a year without asking. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
