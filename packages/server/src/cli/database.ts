import type { Config } from '../config/config.ts';
import { loadConfig } from '../config/config.ts';
import { type DatabaseHandle, openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { systemClock } from '../domain/time.ts';
import { type Accounts, createAccounts, createMailer, createPeople, type People } from '../features/accounts/index.ts';

/** The accounts of a command's database, with the machine's clock. */
export const accountsOf = ({ db }: DatabaseHandle): Accounts => createAccounts({ db, clock: systemClock });

/** The people of a command's database (passwords, reset links), sending e-mail as the server does. */
export const peopleOf = ({ db }: DatabaseHandle, config: Config): People =>
  createPeople({ db, clock: systemClock, config: config.people, mailer: createMailer(config.people.smtp) });

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
