import { describe, expect, it } from 'vitest';
import { lockProjectForChange } from '../../src/features/accounts/projects.repository.ts';
import { StoreFinderIndexes } from '../../src/features/finder/store-finder-index.ts';
import { createLocationDirectly } from '../support/factories.ts';
import { createAccount, useTestServer } from '../support/server.ts';

// The store finder's index of a project over a long life: when it catches up and when it reads the project again.

const server = useTestServer();
const DAY = 24 * 60 * 60 * 1000;

async function setUp() {
  const account = await createAccount(server);
  const location = await createLocationDirectly(server.database.db, account.project, {
    name: 'Congress',
    city: 'Austin',
    lat: 30.27,
    lng: -97.74,
  });
  const projectId = account.project.id;
  const version = async () =>
    (
      await server.database.db
        .selectFrom('projects')
        .select('data_version')
        .where('id', '=', projectId)
        .executeTakeFirstOrThrow()
    ).data_version;
  /** A write of the location's special hours, as a write stores it: a new data version on the project and the row. */
  const closeOn = async (date: string) =>
    server.database.db.transaction().execute(async (trx) => {
      const dataVersion = await lockProjectForChange(trx, projectId);
      await trx
        .updateTable('locations')
        .set({ special_hours: JSON.stringify([{ date, hours: 'closed' }]), data_version: dataVersion })
        .where('id', '=', location.record.id)
        .execute();
      return dataVersion;
    });
  return { projectId, version, closeOn };
}

describe('the store finder index', () => {
  it('catches up within six days of its last read, and reads the project again after that', async () => {
    const { projectId, version, closeOn } = await setUp();
    const indexes = new StoreFinderIndexes(() => undefined);
    const start = Date.now();
    const built = await indexes.of(server.database.db, { projectId, dataVersion: await version() }, start);
    const caughtUp = await indexes.of(
      server.database.db,
      { projectId, dataVersion: await closeOn('2027-01-04') },
      start + 5 * DAY,
    );
    expect(caughtUp).toBe(built);
    // Deletions are remembered seven days from their own clock; a day less leaves room for late commits and skew.
    const rebuilt = await indexes.of(
      server.database.db,
      { projectId, dataVersion: await closeOn('2027-01-05') },
      start + 5 * DAY + 6.5 * DAY,
    );
    expect(rebuilt).not.toBe(built);
    expect(rebuilt.locations.size).toBe(1);
  });

  it('lets go of schedules no location holds any more, however often the hours change', async () => {
    const { projectId, closeOn } = await setUp();
    const indexes = new StoreFinderIndexes(() => undefined);
    const start = Date.now();
    let index = await indexes.of(server.database.db, { projectId, dataVersion: 0 }, start);
    for (let day = 0; day < 1_200; day += 1) {
      const date = new Date(Date.UTC(2027, 0, 1) + day * DAY).toISOString().slice(0, 10);
      index = await indexes.of(server.database.db, { projectId, dataVersion: await closeOn(date) }, start);
    }
    expect(index.interned.schedules.values.length).toBeLessThan(1_010);
    expect(index.locations.size).toBe(1);
    // 1,200 writes and catch-ups: seconds on a quiet machine, more on a busy one.
  }, 90_000);
});
