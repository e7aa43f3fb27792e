import { sourceOf } from '../../../http/csp-source.ts';

/**
 * The hosted pages' Content-Security-Policy: scripts only from this server (the widget), no plugins or frames, images
 * from here, `data:` (the widget's inline icons), the tile server and the project's own image hosts, and requests only
 * to this server and the API base. Styles may be inline: the widget and the map library set them on elements.
 */
export function contentSecurityPolicy({
  api,
  tileUrl,
  imageUrls,
}: {
  api: string;
  tileUrl: string;
  imageUrls: readonly string[];
}): string {
  const images = [
    ...new Set(
      [sourceOf(tileUrl), ...imageUrls.map(sourceOf)].filter((source): source is string => source !== undefined),
    ),
  ];
  const apiSource = sourceOf(api);
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${images.join(' ')}`.trim(),
    `connect-src 'self'${apiSource ? ` ${apiSource}` : ''}`,
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}
