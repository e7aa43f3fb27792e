import { createRequire } from 'node:module';

const requireFromHere = createRequire(import.meta.url);

/**
 * Loads a CommonJS package when first needed instead of at start-up: the PostgreSQL and Redis clients take ~110 ms
 * to load, which an embedded SQLite server without Redis never needs.
 * @example const { Pool } = loadWhenNeeded<typeof import('pg')>('pg');
 */
export function loadWhenNeeded<Module>(name: string): Module {
  return requireFromHere(name) as Module;
}
