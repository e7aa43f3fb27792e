import type { TrustProxy } from '../config/trust-proxy.ts';

type FastifyTrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/**
 * Fastify's `trustProxy` option for the configured trust, which then derives `request.ip`. Fastify reads a bare
 * number as "trust nobody", so a hop count becomes a function trusting exactly the nearest `hops` proxies.
 * @example fastifyTrustProxy(['10.0.0.0/8']) // ['10.0.0.0/8']
 */
export function fastifyTrustProxy(trust: TrustProxy): FastifyTrustProxy {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
