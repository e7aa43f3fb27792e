import { hostname } from 'node:os';
import { randomBase62 } from '../domain/ids.ts';
import type { Clock } from '../domain/time.ts';

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
 * A lease renewed in the background until `stop`. `soon` renews it now (a job's progress shown as it moves) unless
 * that was done, or the job `wrote` its progress itself, within the last `gapMs`.
 */
export interface Renewal {
  soon(): void;
  wrote(): void;
  stop(): void;
}

/**
 * Renews a lease a third of its length apart, one renewal at a time, until `stop` (see `Renewal`). `renew` writes the
 * new end (and whatever progress goes with it); a failure is told to `onError`, and the next renewal tries again.
 */
export function keepRenewing(
  renew: () => Promise<unknown>,
  {
    leaseMs,
    onError,
    clock,
    gapMs = 1000,
  }: { leaseMs: number; onError: (error: unknown) => void; clock: Clock; gapMs?: number },
): Renewal {
  let renewing = false;
  let last = clock();
  const now = () => {
    if (renewing) return;
    renewing = true;
    last = clock();
    renew()
      .catch(onError)
      .finally(() => {
        renewing = false;
      });
  };
  const timer = setInterval(now, Math.max(50, Math.floor(leaseMs / 3)));
  timer.unref();
  return {
    soon: () => {
      if (clock() - last >= gapMs) now();
    },
    wrote: () => {
      last = clock();
    },
    stop: () => clearInterval(timer),
  };
}
