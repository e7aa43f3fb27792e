import type { Config } from './config/config.ts';
import type { DatabaseHandle } from './db/connection.ts';
import type { Geocoder } from './geocoding/geocoder.ts';
import type { RateLimitStore } from './ratelimit/store.ts';
import type { ImportQueue } from './services/import-worker.ts';
import type { StoreFinderIndexes } from './services/store-finder-index.ts';
import type { WebhookSender } from './webhooks/sender.ts';

/** What handlers and services need from the running process; reached through `app.ctx`, never imported globally. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  /** Milliseconds since the epoch; injectable so tests control time. */
  clock: () => number;
  /** The rate-limit counters: this process's memory, or Redis shared by every instance. Closed with the app. */
  rateLimitStore: RateLimitStore;
  /** Turns addresses into coordinates: during a create (bounded) and in the geocoding queue. */
  geocoder: Geocoder;
  /** The store finder's in-memory index of each project searched, rebuilt when the project's data version moves on. */
  finderIndexes: StoreFinderIndexes;
  /** Sends webhook deliveries (the worker's and test pings), reaching only what `WEBHOOK_ALLOW_PRIVATE_NETWORKS` allows. */
  webhookSender: WebhookSender;
  /** This process's import worker, woken when an import is queued here; absent where none runs (`IMPORT_WORKER=off`, most tests). */
  imports?: ImportQueue;
}
