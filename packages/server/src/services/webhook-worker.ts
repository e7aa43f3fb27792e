import type { AppContext } from '../app-context.ts';
import { deleteEventsBefore } from '../repositories/events.repository.ts';
import { type DeliveryContext, type DeliveryResult, deliverNext } from './webhook-delivery.service.ts';

/**
 * A claim outlives the longest try (the timeout) by this much before another worker may take the delivery: time to
 * record the try. Should recording ever take longer, the delivery is sent twice, which at-least-once allows.
 */
const LEASE_MARGIN_MS = 5_000;
/** How often a worker deletes events older than the retention, and how many per statement. */
const PRUNE_EVERY_MS = 3_600_000;
const PRUNE_BATCH = 1_000;

interface Log {
  error(details: { err: unknown }, message: string): void;
}

/**
 * Sends webhook deliveries inside the server process: `concurrency` deliveries at a time, each slot claiming the next
 * due one as soon as it is free and polling when none is due; and once an hour it deletes the events (with their
 * deliveries) that are older than `EVENT_RETENTION_DAYS`. Every server process runs one; they share the queue through
 * the database.
 */
export class WebhookWorker {
  private running = false;
  private loops: Promise<void>[] = [];
  private readonly sleepers = new Set<() => void>();

  constructor(
    private readonly ctx: DeliveryContext,
    private readonly settings: {
      concurrency: number;
      pollMs: number;
      retentionDays: number;
      onError: (error: unknown) => void;
    },
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loops = [...Array.from({ length: this.settings.concurrency }, () => this.deliverLoop()), this.pruneLoop()];
  }

  /** Lets the deliveries in hand finish (each is bounded by the timeout), then returns. */
  async stop(): Promise<void> {
    this.running = false;
    for (const wake of this.sleepers) wake();
    await Promise.all(this.loops);
  }

  /** Deletes the events older than the retention period, a batch at a time; returns how many. */
  async pruneExpiredEvents(): Promise<number> {
    const cutoff = new Date(this.ctx.clock() - this.settings.retentionDays * 86_400_000).toISOString();
    let deleted = 0;
    for (;;) {
      const batch = await deleteEventsBefore(this.ctx.db, cutoff, PRUNE_BATCH);
      deleted += batch;
      if (batch < PRUNE_BATCH || !this.running) return deleted;
    }
  }

  private async deliverLoop(): Promise<void> {
    while (this.running) {
      let result: DeliveryResult = 'idle';
      try {
        result = await deliverNext(this.ctx);
      } catch (error) {
        this.settings.onError(error);
      }
      if (result === 'idle') await this.sleep(this.settings.pollMs);
    }
  }

  private async pruneLoop(): Promise<void> {
    while (this.running) {
      try {
        await this.pruneExpiredEvents();
      } catch (error) {
        this.settings.onError(error);
      }
      await this.sleep(PRUNE_EVERY_MS);
    }
  }

  private sleep(ms: number): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }
}

/** The delivery context of a server process, from its configuration. */
export function deliveryContextOf(ctx: AppContext): DeliveryContext {
  const { timeoutMs, retrySchedule } = ctx.config.webhooks;
  return {
    db: ctx.database.db,
    sender: ctx.webhookSender,
    clock: ctx.clock,
    retrySchedule,
    leaseMs: timeoutMs + LEASE_MARGIN_MS,
  };
}

/** Starts this process's webhook worker unless `WEBHOOK_WORKER=off`. */
export function startWebhookWorker(ctx: AppContext, log: Log): WebhookWorker | undefined {
  const { worker, concurrency, pollMs } = ctx.config.webhooks;
  if (!worker) return undefined;
  const webhookWorker = new WebhookWorker(deliveryContextOf(ctx), {
    concurrency,
    pollMs,
    retentionDays: ctx.config.eventRetentionDays,
    onError: (error) => log.error({ err: error }, 'webhook worker error'),
  });
  webhookWorker.start();
  return webhookWorker;
}
