import type { Clock } from '../domain/time.ts';
import { type Lease, newWorkerId } from './lease.ts';

/**
 * A queue of jobs kept in the database, as a runner works it: claim the next due job under a lease, then do it.
 * `Outcome` is what doing one answers (for logs and tests).
 */
export interface JobQueue<Job, Outcome = unknown> {
  /** The next due job, now held by `lease.workerId` until `lease.until`; undefined when none is due. */
  claim(lease: Lease): Promise<Job | undefined>;
  /** Does a claimed job. `signal` aborts when the process is stopping: a long job hands itself back at a safe point. */
  run(job: Job, context: { lease: Lease; signal: AbortSignal }): Promise<Outcome>;
}

export interface JobRunnerOptions {
  /** Jobs done at once, each by a loop of its own. */
  concurrency?: number;
  /** How long a loop waits when nothing is due, unless woken. */
  pollMs: number;
  /** How long a claim lasts: longer than a job takes (or than its lease is renewed apart). */
  leaseMs: number;
  clock: Clock;
  onError(error: unknown): void;
}

/**
 * Claims the next due job and does it: `idle` when none is due. What a runner's loop does once, for a test or a command
 * that works a queue by hand.
 */
export async function runNextJob<Job, Outcome>(
  queue: JobQueue<Job, Outcome>,
  {
    workerId,
    leaseMs,
    clock,
    signal = new AbortController().signal,
  }: {
    workerId: string;
    leaseMs: number;
    clock: Clock;
    signal?: AbortSignal;
  },
): Promise<Outcome | 'idle'> {
  const now = clock();
  const lease = { workerId, now, until: now + leaseMs };
  const job = await queue.claim(lease);
  if (job === undefined) return 'idle';
  return queue.run(job, { lease, signal });
}

/**
 * Works a queue inside the server process: `concurrency` loops each claim the next due job as soon as they are free
 * and wait `pollMs` when none is due (or until `wake`). Every process runs one per queue; they share the queue through
 * the database, and a job of a process that died is claimed again once its lease runs out. `stop` lets the jobs in
 * hand finish (a long one hands itself back at its next safe point), then returns.
 */
export class JobRunner<Job, Outcome = unknown> {
  readonly workerId = newWorkerId();
  #running = false;
  #loops: Promise<void>[] = [];
  readonly #sleepers = new Set<() => void>();
  readonly #stopping = new AbortController();

  constructor(
    private readonly queue: JobQueue<Job, Outcome>,
    private readonly options: JobRunnerOptions,
  ) {}

  start(): this {
    if (this.#running) return this;
    this.#running = true;
    this.#loops = Array.from({ length: this.options.concurrency ?? 1 }, () => this.#loop());
    return this;
  }

  /** Ends the waits now, so a job queued in this process starts at once rather than at the next poll. */
  wake(): void {
    for (const wake of this.#sleepers) wake();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#stopping.abort();
    this.wake();
    await Promise.all(this.#loops);
  }

  async #loop(): Promise<void> {
    const { leaseMs, clock, pollMs, onError } = this.options;
    while (this.#running) {
      let outcome: Outcome | 'idle' = 'idle';
      try {
        outcome = await runNextJob(this.queue, {
          workerId: this.workerId,
          leaseMs,
          clock,
          signal: this.#stopping.signal,
        });
      } catch (error) {
        onError(error);
      }
      if (outcome === 'idle') await this.#sleep(pollMs);
    }
  }

  #sleep(ms: number): Promise<void> {
    if (!this.#running) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.#sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.#sleepers.add(wake);
    });
  }
}

/**
 * Runs `task` now and then every `everyMs` until the returned function is called (which waits for a run in hand): the
 * housekeeping a server process does by itself, such as forgetting old events.
 */
export function every(
  everyMs: number,
  task: (signal: AbortSignal) => Promise<unknown>,
  onError: (error: unknown) => void,
): () => Promise<void> {
  const stopping = new AbortController();
  const { signal } = stopping;
  const pause = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, everyMs);
      signal.addEventListener('abort', done, { once: true });
    });
  const loop = (async () => {
    while (!signal.aborted) {
      await task(signal).catch(onError);
      if (!signal.aborted) await pause();
    }
  })();
  return async () => {
    stopping.abort();
    await loop;
  };
}
