import { isIP } from 'node:net';

/**
 * Which proxies may name the client through `X-Forwarded-For`: none (`false`), any (`true`), the nearest
 * `n` hops whatever their address, or the proxies at these addresses and CIDR ranges.
 */
export type TrustProxy = boolean | number | string[];

/** Names the proxy-address matcher understands for the private ranges. */
const RANGE_NAMES: ReadonlySet<string> = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Parses `TRUST_PROXY`; undefined when the text is none of the accepted forms.
 * @example parseTrustProxy('10.0.0.0/8, 127.0.0.1') // ['10.0.0.0/8', '127.0.0.1']
 * @example parseTrustProxy('2') // 2
 */
export function parseTrustProxy(text: string): TrustProxy | undefined {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed.split(',').map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : undefined;
}

function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}
