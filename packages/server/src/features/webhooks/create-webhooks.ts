import type { Kysely } from 'kysely';
import type { Config } from '../../config/config.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../domain/time.ts';
import { every, JobRunner } from '../../jobs/runner.ts';
import { readChangeFeed } from './change-feed.service.ts';
import { webhookSenderFor } from './sender.ts';
import { type DeliveryContext, deliveryQueue, pruneEventsBefore } from './webhook-delivery.service.ts';
import { listWebhookDeliveries, pingWebhook, retryWebhookDelivery } from './webhook-log.service.ts';
import { createWebhookEndpoints } from './webhooks.service.ts';

/**
 * A claim outlives the longest try (the timeout) by this much before another worker may take the delivery: time to
 * record the try. Should recording ever take longer, the delivery is sent twice, which at-least-once allows.
 */
const LEASE_MARGIN_MS = 5_000;
/** How often a process forgets the events older than `EVENT_RETENTION_DAYS`. */
const PRUNE_EVERY_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** What webhooks and the change feed are kept and sent with. */
export interface WebhooksDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Pick<Config, 'webhooks' | 'eventRetentionDays'>;
  /** Told of an unexpected error of the delivery worker or of forgetting old events. */
  onError(error: unknown): void;
}

/**
 * The change feed of a project's events and its webhooks: endpoints, the log of their deliveries, and the worker that
 * sends them (every server runs one, unless `WEBHOOK_WORKER=off`; they share the queue through the database).
 */
export function createWebhooks({ db, clock, config, onError }: WebhooksDeps) {
  const { allowPrivateNetworks, concurrency, pollMs, retrySchedule, timeoutMs } = config.webhooks;
  const sender = webhookSenderFor(config);
  const deliveryContext: DeliveryContext = { db, sender, clock, retrySchedule, leaseMs: timeoutMs + LEASE_MARGIN_MS };
  const log = { db, clock, sender };
  return {
    endpoints: createWebhookEndpoints({ db, clock, reach: { allowPrivateNetworks } }),
    deliveries: {
      list: (options: Parameters<typeof listWebhookDeliveries>[1]) => listWebhookDeliveries(log, options),
      retry: (options: Parameters<typeof retryWebhookDelivery>[1]) => retryWebhookDelivery(log, options),
      ping: (options: Parameters<typeof pingWebhook>[1]) => pingWebhook(log, options),
    },
    /** A page of a project's change feed (see `readChangeFeed`). */
    feed: (options: Omit<Parameters<typeof readChangeFeed>[1], 'retentionDays'>) =>
      readChangeFeed(db, { ...options, retentionDays: config.eventRetentionDays }),
    /** What trying a delivery needs, for a test that works the queue by hand (`deliverNext`). */
    deliveryContext,
    /** This process's delivery worker: `WEBHOOK_CONCURRENCY` deliveries at a time. */
    worker: new JobRunner(deliveryQueue(deliveryContext), {
      concurrency,
      pollMs,
      leaseMs: deliveryContext.leaseMs,
      clock,
      onError,
    }),
    /** Forgets the events (with their deliveries) older than the retention, now and every hour, until stopped. */
    pruneOldEvents: () =>
      every(
        PRUNE_EVERY_MS,
        (signal) => pruneEventsBefore(db, clock() - config.eventRetentionDays * DAY_MS, signal),
        onError,
      ),
    /** Closes the connections the sender keeps. */
    close: () => sender.close(),
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
