import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { RateLimitStore } from '../../ratelimit/store.ts';
import { pingDatabase } from './health.repository.ts';

export type CheckStatus = 'ok' | 'unreachable';

export interface Readiness {
  ready: boolean;
  checks: { database: CheckStatus; redis: CheckStatus | 'not configured' };
}

/** A hung dependency must not hang the probe: the orchestrator should hear "not ready", not time out. */
const CHECK_TIMEOUT_MS = 2_000;

/** Whether the process can serve requests: the database answers and, when configured, so does Redis. */
export async function checkReadiness({
  db,
  rateLimitStore,
}: {
  db: Kysely<Database>;
  rateLimitStore: RateLimitStore;
}): Promise<Readiness> {
  const [database, redis] = await Promise.all([
    statusOf(pingDatabase(db)),
    rateLimitStore.kind === 'redis' ? statusOf(rateLimitStore.ping()) : Promise.resolve('not configured' as const),
  ]);
  return { ready: database === 'ok' && redis !== 'unreachable', checks: { database, redis } };
}

async function statusOf(check: Promise<void>): Promise<CheckStatus> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckStatus>((resolve) => {
    timer = setTimeout(() => resolve('unreachable'), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check.then(() => 'ok' as const), timeout]);
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}
