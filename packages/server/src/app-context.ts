import type { Config } from './config/config.ts';
import type { DatabaseHandle } from './db/connection.ts';

/** What handlers and services need from the running process; reached through `app.ctx`, never imported globally. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  /** Milliseconds since the epoch; injectable so tests control time. */
  clock: () => number;
}
