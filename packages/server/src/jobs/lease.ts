import { hostname } from 'node:os';
import { randomBase62 } from '../domain/ids.ts';

/**
 * A worker's claim on a job: who holds it and, in milliseconds since the epoch, from when until when. A job whose
 * lease ran out is taken over by the next worker that claims it (its holder is taken for dead).
 */
export interface Lease {
  workerId: string;
  now: number;
  until: number;
}

/** A name for a process's worker: host, process and a random part, as leases name their holder. */
export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBase62(6)}`;
}

/**
 * Renews a lease a third of its length apart, one renewal at a time, until the returned function is called. `renew`
 * writes the new end (and whatever progress goes with it); a failure is told to `onError`, and the next renewal tries
 * again.
 */
export function keepRenewing(
  renew: () => Promise<unknown>,
  { leaseMs, onError }: { leaseMs: number; onError: (error: unknown) => void },
): () => void {
  let renewing = false;
  const timer = setInterval(
    () => {
      if (renewing) return;
      renewing = true;
      renew()
        .catch(onError)
        .finally(() => {
          renewing = false;
        });
    },
    Math.max(50, Math.floor(leaseMs / 3)),
  );
  timer.unref();
  return () => clearInterval(timer);
}
