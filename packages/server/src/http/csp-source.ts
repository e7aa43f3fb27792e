/**
 * The origin of a URL template as a CSP source: `{s}` subdomains become a wildcard (`https://*.tile.example`); a
 * template whose host is not a plain host name gives nothing, so the policy never names more than it meant to.
 */
export function sourceOf(template: string): string | undefined {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template);
  if (!match) return undefined;
  const host = (match[2] ?? '').replace(/^\{s\}\./, '*.');
  return /^(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(host) || /^\[[0-9a-f:.]+\](:\d+)?$/i.test(host)
    ? `${match[1]?.toLowerCase()}://${host.toLowerCase()}`
    : undefined;
}
