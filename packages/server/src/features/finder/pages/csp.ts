/**
 * The origin of a URL template as a CSP source: `{s}` subdomains become a wildcard (`https://*.tile.example`); a
 * template whose host is not a plain host name gives nothing, so the policy never names more than it meant to.
 */
function sourceOf(template: string): string | undefined {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template);
  if (!match) return undefined;
  const host = (match[2] ?? '').replace(/^\{s\}\./, '*.');
  return /^(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(host) || /^\[[0-9a-f:.]+\](:\d+)?$/i.test(host)
    ? `${match[1]?.toLowerCase()}://${host.toLowerCase()}`
    : undefined;
}

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
