import ipaddr from 'ipaddr.js';

/** How far a webhook may reach: public HTTPS only, unless the deployment allows its own network (and plain HTTP). */
export interface WebhookReach {
  allowPrivateNetworks: boolean;
}

const RANGE_NAMES: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  uniqueLocal: 'a private address',
  linkLocal: 'a link-local address (where cloud metadata services answer)',
  carrierGradeNat: 'a shared (carrier-grade NAT) address, where some cloud metadata services answer',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
};

/**
 * Why a webhook may not be sent to an IP address, or undefined when it may: only global unicast addresses are
 * allowed. Loopback, private, link-local (169.254.169.254, the metadata address of most clouds), shared, reserved and
 * multicast ranges are refused, and so are IPv6 forms that embed an IPv4 address (mapped, 6to4, NAT64), judged by the
 * address they embed where they name one.
 * @example addressRefusal('169.254.169.254') // 'a link-local address (where cloud metadata services answer)'
 * @example addressRefusal('93.184.216.34') // undefined
 */
export function addressRefusal(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (range === 'unicast') return undefined;
  return RANGE_NAMES[range] ?? `a reserved address (${range})`;
}

/** The host of a URL as an IP address when it is written as one (`[::1]` → `::1`), else undefined. */
export function literalAddressOf(url: URL): string | undefined {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return ipaddr.isValid(host) ? ipaddr.process(host).toString() : undefined;
}

export const MAX_WEBHOOK_URL_LENGTH = 2048;

/**
 * Checks what can be told of a webhook URL without asking DNS: an absolute `https` URL (or `http` where private
 * networks are allowed), no fragment, and a host that, when written as an address, is a public one. The error is a
 * sentence for the `url` field.
 * @example checkWebhookUrl('http://example.com/hook', { allowPrivateNetworks: false }) // { error: 'must use https' }
 */
export function checkWebhookUrl(text: string, reach: WebhookReach): { url: URL } | { error: string } {
  if (text.length > MAX_WEBHOOK_URL_LENGTH) return { error: `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: 'must be an absolute URL, e.g. https://example.com/webhooks/locator' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { error: 'must be an http(s) URL' };
  if (url.protocol === 'http:' && !reach.allowPrivateNetworks) return { error: 'must use https' };
  if (url.hash) return { error: 'must not have a fragment (#...)' };
  if (!url.hostname) return { error: 'must name a host' };
  const literal = literalAddressOf(url);
  if (literal !== undefined && !reach.allowPrivateNetworks) {
    const refusal = addressRefusal(literal);
    if (refusal) return { error: `must not point at ${refusal} (${literal})` };
  }
  return { url };
}
