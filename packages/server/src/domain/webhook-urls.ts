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
 * multicast ranges are refused. An IPv6 address that carries an IPv4 address (see `embeddedIPv4`) is judged by the
 * IPv4 address it carries, so `[::127.0.0.1]` is loopback and `64:ff9b::8.8.8.8` (NAT64, as DNS64 answers on an
 * IPv6-only network) is public; Teredo addresses, whose IPv4 address is hidden, are refused.
 * @example addressRefusal('169.254.169.254') // 'a link-local address (where cloud metadata services answer)'
 * @example addressRefusal('::7f00:1') // 'an IPv6 form of 127.0.0.1, a loopback address'
 * @example addressRefusal('93.184.216.34') // undefined
 */
export function addressRefusal(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return rangeRefusal(parsed.range());
  const ipv6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIPv4(ipv6);
  if (embedded === 'hidden') return 'a Teredo tunnel address (the IPv4 address it reaches is hidden)';
  if (embedded === 'local') return 'a local-use NAT64 address (64:ff9b:1::/48)';
  if (embedded === undefined) return rangeRefusal(ipv6.range());
  const refusal = rangeRefusal(embedded.range());
  return refusal && `an IPv6 form of ${embedded.toString()}, ${refusal}`;
}

function rangeRefusal(range: string): string | undefined {
  if (range === 'unicast') return undefined;
  return RANGE_NAMES[range] ?? `a reserved address (${range})`;
}

/**
 * The IPv4 address an IPv6 address carries in one of the forms that reach it: IPv4-mapped (`::ffff:a.b.c.d`),
 * IPv4-compatible (`::a.b.c.d`, deprecated but still routed by some stacks), IPv4-translated (`::ffff:0:a.b.c.d`),
 * NAT64 (`64:ff9b::a.b.c.d`), 6to4 (`2002:aabb:ccdd::/48`) and ISATAP (an interface ID of `0:5efe:a.b.c.d` or
 * `200:5efe:a.b.c.d` under any prefix). `hidden` for Teredo (the client's address is obfuscated, the server's is
 * not the one reached), `local` for the local-use NAT64 prefix (RFC 8215, whose IPv4 address sits where the
 * network chooses), undefined when it carries none.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | 'hidden' | 'local' | undefined {
  const parts = address.parts;
  const ipv4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const last = ipv4(parts[6] ?? 0, parts[7] ?? 0);
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return last;
    case 'rfc6052':
      return parts[2] === 0 ? last : 'local';
    case '6to4':
      return ipv4(parts[1] ?? 0, parts[2] ?? 0);
    case 'teredo':
      return 'hidden';
    case 'unspecified':
    case 'loopback':
      return undefined;
  }
  if (parts.slice(0, 6).every((part) => part === 0)) return last;
  if ((parts[4] === 0 || parts[4] === 0x200) && parts[5] === 0x5efe) return last;
  return undefined;
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
