import type { Kysely } from 'kysely';
import { loadConfig } from '../../src/config/config.ts';
import type { Database } from '../../src/db/database.ts';
import { type Clock, systemClock } from '../../src/domain/time.ts';
import { createAccounts, createPeople, createTeam } from '../../src/features/accounts/index.ts';
import { createPublishableKeys } from '../../src/features/finder/index.ts';
import { createImports } from '../../src/features/imports/index.ts';
import { createLocations } from '../../src/features/locations/index.ts';
import { createSettings } from '../../src/features/settings/index.ts';
import { createWebhooks } from '../../src/features/webhooks/index.ts';

/**
 * The services of a database that no test server holds (a test's own database, or one a process of the CLI uses), as
 * the CLI builds them: with the machine's clock unless told, no geocoder during a create, and the configuration a
 * server would load from `env`.
 */
export function servicesOn(
  db: Kysely<Database>,
  { clock = systemClock, env = {} }: { clock?: Clock; env?: Record<string, string> } = {},
) {
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', ...env });
  const onError = (error: unknown) => {
    throw error;
  };
  return {
    accounts: createAccounts({ db, clock }),
    people: createPeople({ db, clock, config: config.people, mailer: undefined }),
    team: createTeam({ db, clock, mailer: undefined }),
    keys: createPublishableKeys({ db, clock }),
    locations: createLocations({ db, clock }),
    settings: createSettings({ db, clock }),
    imports: createImports({ db, clock, config, onError }),
    webhooks: createWebhooks({
      db,
      clock,
      config: { ...config, webhooks: { ...config.webhooks, allowPrivateNetworks: true } },
      onError,
    }),
  };
}
