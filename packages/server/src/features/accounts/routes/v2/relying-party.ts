import type { FastifyRequest } from 'fastify';
import { baseUrlOf } from '../../../../http/base-url.ts';
import type { RelyingParty } from '../../passkeys.service.ts';

/**
 * The site passkeys are made for: `PUBLIC_URL`'s origin and host name when it is set, else those the request was
 * made to (its `Host`). A passkey works only on the host name it was made on.
 */
export function relyingPartyOf(request: FastifyRequest): RelyingParty {
  const url = new URL(baseUrlOf(request));
  return { id: url.hostname, origin: url.origin };
}
