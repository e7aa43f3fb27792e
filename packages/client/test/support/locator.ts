import type { CreatedUser } from '../../../server/src/features/accounts/accounts.service.ts';
import { fullLocationBody, seedCatalog } from '../../../server/test/support/factories.ts';
import { createAccount, startTestServer, type TestServer } from '../../../server/test/support/server.ts';
import type { FetchLike, LocationCreate } from '../../src/index.ts';

export { fullLocationBody, startTestServer, type TestServer };

/** A Business account on the real server whose personal project has the seeded configuration (see factories.ts). */
export async function seededAccount(server: TestServer): Promise<CreatedUser> {
  const account = await createAccount(server);
  await seedCatalog(server, account.project);
  return account;
}

/** A valid V2 create body for the seeded catalog; `fullLocationBody` is typed loosely, the client is not. */
export function locationBody(overrides: Partial<LocationCreate> = {}): LocationCreate {
  return { ...(fullLocationBody() as LocationCreate), ...overrides };
}

/** The real `fetch`, noting every request the client sends: what went over the wire, not a stand-in for the server. */
export function recordingFetch(): { fetch: FetchLike; requests: { method: string; url: URL; headers: Headers }[] } {
  const requests: { method: string; url: URL; headers: Headers }[] = [];
  return {
    requests,
    fetch: (url, init) => {
      requests.push({ method: init.method ?? 'GET', url: new URL(url), headers: new Headers(init.headers) });
      return fetch(url, init);
    },
  };
}

/** The project's location count, read from the database the server writes. */
export async function countLocations(server: TestServer, projectId: number): Promise<number> {
  const row = await server.database.db
    .selectFrom('locations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
