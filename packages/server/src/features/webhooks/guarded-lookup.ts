import { type LookupAddress, type LookupAllOptions, type LookupOptions, lookup } from 'node:dns';
import { addressRefusal } from '../../domain/webhook-urls.ts';

/** A host that resolves to an address webhooks may not reach; its message says which and why. */
export class RefusedAddressError extends Error {
  readonly code = 'EWEBHOOKADDRESS';
}

/** Why `hostname` may not be reached at one of `addresses` (all of them must be public), or undefined. */
export function refusalOf(hostname: string, addresses: readonly LookupAddress[]): string | undefined {
  for (const { address } of addresses) {
    const refusal = addressRefusal(address);
    if (refusal) return `${hostname} resolves to ${refusal} (${address})`;
  }
  return undefined;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * `dns.lookup` for sockets that must reach public addresses only: it resolves every address of the host and fails
 * when any is private, loopback, link-local or otherwise reserved. The socket then connects to an address this check
 * saw, so a name that resolves differently the next time (DNS rebinding) cannot slip through between a check and the
 * connection. Handed to `http.request` as `lookup`.
 */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  const all: LookupAllOptions = { ...options, all: true };
  lookup(hostname, all, (error, addresses) => {
    if (error) return callback(error, []);
    const refusal = refusalOf(hostname, addresses);
    if (refusal) return callback(new RefusedAddressError(refusal), []);
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
    return callback(null, first.address, first.family);
  });
}

/** Every address of a host, for checks before anything is sent (creating an endpoint). */
export async function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    lookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );
}
