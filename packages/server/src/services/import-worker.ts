import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { AppContext } from '../app-context.ts';
import type { Database } from '../db/database.ts';
import { randomBase62 } from '../domain/ids.ts';
import { claimNextImport } from '../repositories/imports.repository.ts';
import { runImport } from './import-run.ts';

/** Wakes the worker of this process when an import is queued here, so it starts at once rather than at its next poll. */
export interface ImportQueue {
  wake(): void;
}

export interface ImportWorkerOptions {
  clock: () => number;
  leaseMs: number;
  pollMs: number;
  onError: (error: unknown) => void;
}

/** A name for a process running imports: host, process and a random part, as leases name their holder. */
export function importWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBase62(6)}`;
}

/**
 * Runs the import queue inside a server process, one import at a time: queued imports, and running ones whose
 * process stopped renewing its lease (it ended), which resume where their last batch committed. Stopping hands the
 * import in hand back to the queue after its current batch.
 */
export class ImportWorker implements ImportQueue {
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private readonly stopping = new AbortController();
  readonly workerId = importWorkerId();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: ImportWorkerOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  wake(): void {
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopping.abort();
    this.wakeUp?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    const { clock, leaseMs, pollMs, onError } = this.options;
    while (this.running) {
      let worked = false;
      try {
        const now = clock();
        const job = await claimNextImport(
          this.db,
          this.workerId,
          new Date(now).toISOString(),
          new Date(now + leaseMs).toISOString(),
        );
        if (job) {
          worked = true;
          await runImport(this.db, job, {
            workerId: this.workerId,
            clock,
            leaseMs,
            onError,
            signal: this.stopping.signal,
          });
        }
      } catch (error) {
        onError(error);
      }
      if (!worked && this.running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          this.wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  }
}

/** This process's import worker, started, unless `IMPORT_WORKER=off`. */
export function startImportWorker(
  ctx: Pick<AppContext, 'config' | 'database' | 'clock'>,
  log: { error(details: { err: unknown }, message: string): void },
): ImportWorker | undefined {
  if (!ctx.config.imports.worker) return undefined;
  const worker = new ImportWorker(ctx.database.db, {
    clock: ctx.clock,
    leaseMs: ctx.config.imports.leaseMs,
    pollMs: Math.min(1000, ctx.config.imports.leaseMs),
    onError: (error) => log.error({ err: error }, 'import worker error'),
  });
  worker.start();
  return worker;
}
