import { loadConfig } from '../config/config.ts';
import { type DatabaseHandle, openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { systemClock } from '../domain/time.ts';
import { type Accounts, createAccounts } from '../features/accounts/index.ts';

/** The accounts of a command's database, with the machine's clock. */
export const accountsOf = ({ db }: DatabaseHandle): Accounts => createAccounts({ db, clock: systemClock });

/** Opens the configured database, migrated, runs `work` and closes it whatever happens. */
export async function withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = openDatabase(loadConfig().databaseUrl);
  try {
    await migrateToLatest(handle);
    return await work(handle);
  } finally {
    await handle.close();
  }
}

/** Writes a value as one line of JSON (for `--json`) or as text. */
export function print(json: boolean, value: unknown, text: string): void {
  process.stdout.write(json ? `${JSON.stringify(value)}\n` : `${text}\n`);
}
