import { beforeEach, describe, expect, it } from 'vitest';
import { type CatalogAccount, createCatalogAccount } from '../support/factories.ts';
import { importFile, projectSnapshot } from '../support/imports.ts';
import { call, useTestServer } from '../support/server.ts';

const server = useTestServer({ importWorker: true });
let owner: CatalogAccount;
let projectId: string;
let token: string;

const run = (file: string, query = '') => importFile(server, { token, projectId, file, query });
const all = async () =>
  (await call(server, 'GET', `${owner.locations}?limit=100&sort=name`, { token })).body.data as {
    id: string;
    name: string;
    phone: string | null;
    external_id: string | null;
  }[];

/** A store list without keys, as a spreadsheet keeps it. */
const FILE = [
  'Store Name,Address 1,City,Phone',
  'Downtown,1 Main St,Austin,512 555 0101',
  'Riverside,12 River Rd,Austin,512 555 0102',
].join('\n');

beforeEach(async () => {
  owner = await createCatalogAccount(server);
  projectId = owner.account.project.public_id;
  token = owner.account.token.token;
});

describe('importing a file without external_id twice', () => {
  it('reports the rows that match saved stores as possible duplicates in a dry run, and creates them by default', async () => {
    expect((await run(FILE)).report).toMatchObject({ created: 2, possible_duplicates: [] });
    const [downtown, riverside] = await all();

    const before = await projectSnapshot(server, owner.account.project.id);
    // Written differently (case, punctuation): still the same stores.
    const again = FILE.replace('1 Main St', '1 MAIN ST.').replace('Riverside', 'riverside');
    const dry = await run(again, 'dry_run=1');
    expect(dry).toMatchObject({ dry_run: true, match: 'external_id' });
    expect(dry.report).toMatchObject({ created: 2, updated: 0 });
    expect(dry.report.possible_duplicates).toEqual([
      { row: 2, external_id: null, location_ids: [downtown?.id] },
      { row: 3, external_id: null, location_ids: [riverside?.id] },
    ]);
    expect(await projectSnapshot(server, owner.account.project.id)).toBe(before);

    const imported = await run(again);
    expect(imported.report).toMatchObject({ created: 2, possible_duplicates: [{ row: 2 }, { row: 3 }] });
    expect(await all()).toHaveLength(4);
  });

  it('with match=name_address, updates the store with the same name and address instead', async () => {
    await run(FILE);
    const saved = await all();
    const changed = FILE.replace('512 555 0101', '512 555 0199');
    const dry = await run(changed, 'match=name_address&dry_run=1');
    expect(dry).toMatchObject({ match: 'name_address' });
    expect(dry.report).toMatchObject({ created: 0, updated: 1, unchanged: 1, possible_duplicates: [] });

    const imported = await run(`${changed}\nUptown,9 Hill St,Austin,`, 'match=name_address');
    expect(imported.report).toMatchObject({ created: 1, updated: 1, unchanged: 1, failed: 0 });
    const after = await all();
    expect(after.map((location) => location.name)).toEqual(['Downtown', 'Riverside', 'Uptown']);
    expect(after[0]).toMatchObject({ id: saved[0]?.id, phone: '512 555 0199' });
  });

  it('with match=name_address, gives a key to the store it matches, keeps stores with other keys apart, and fails a row matching two', async () => {
    await run(FILE);
    await run('name,address_line_1,city,external_id\nDowntown,1 Main St,Austin,D-2', 'match=external_id');
    // Two "Downtown" at 1 Main St now: one without a key, one with D-2.
    const keyed = await run(
      'name,address_line_1,city,external_id\nRiverside,12 River Rd,Austin,R-1',
      'match=name_address',
    );
    expect(keyed.report).toMatchObject({ created: 0, updated: 1 });
    expect((await all()).find((location) => location.name === 'Riverside')?.external_id).toBe('R-1');
    // A row whose key names a store is that store, whatever its name and address say.
    const moved = await run(
      'name,address_line_1,city,external_id\nRiverside,14 River Rd,Austin,R-1',
      'match=name_address',
    );
    expect(moved.report).toMatchObject({ created: 0, updated: 1 });
    expect((await all()).filter((location) => location.name === 'Riverside')).toHaveLength(1);

    const ambiguous = await run('name,address_line_1,city\nDowntown,1 Main St,Austin', 'match=name_address');
    // The keyed one holds another key, but a row without a key may be either.
    expect(ambiguous.report.failed).toBe(1);
    expect(ambiguous.report.errors[0].errors.name[0]).toMatch(/matches 2 locations by name and address/);
  });

  it('refuses another match', async () => {
    const response = await fetch(`${server.url}/api/v2/projects/${projectId}/imports?match=name`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: FILE,
    });
    expect(response.status).toBe(422);
  });
});
