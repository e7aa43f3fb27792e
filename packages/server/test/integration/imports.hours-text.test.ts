import { beforeEach, describe, expect, it } from 'vitest';
import { type CatalogAccount, createCatalogAccount } from '../support/factories.ts';
import { importFile, NDJSON } from '../support/imports.ts';
import { call, useTestServer } from '../support/server.ts';

const server = useTestServer({ importWorker: true });
let owner: CatalogAccount;
let projectId: string;
let token: string;

const run = (file: string, contentType?: string) =>
  importFile(server, { token, projectId, file, ...(contentType ? { contentType } : {}) });
const hoursOf = async (externalId: string) =>
  (await call(server, 'GET', `${owner.locations}?external_id=${externalId}&includeHours=1`, { token })).body.data[0]
    ?.hours;

beforeEach(async () => {
  owner = await createCatalogAccount(server);
  projectId = owner.account.project.public_id;
  token = owner.account.token.token;
});

describe('hours in an import file', () => {
  it('are read as people write them, and a row whose hours stay ambiguous fails with the form to use', async () => {
    const file = [
      'external_id,name,city,mon,tue,wed,thu,fri,sat,sun',
      'H-1,One,Austin,8am-6pm,8:00 AM – 6:00 PM,8-18,08.00-18.00,"9-12, 13-17",24 hours,Closed',
      'H-2,Two,Austin,9-5,9-17,9-17,9-17,9-17,closed,closed',
    ].join('\n');
    const imported = await run(file);
    expect(imported.report).toMatchObject({ created: 1, failed: 1 });
    expect(imported.report.errors).toEqual([
      {
        row: 3,
        external_id: 'H-2',
        errors: { 'hours.mon': [expect.stringMatching(/"9-5" is ambiguous.*"9am-5pm" or "09:00-17:00"/)] },
      },
    ]);
    expect(await hoursOf('H-1')).toEqual({
      mon: '08:00-18:00',
      tue: '08:00-18:00',
      wed: '08:00-18:00',
      thu: '08:00-18:00',
      fri: '09:00-12:00,13:00-17:00',
      sat: '00:00-24:00',
      sun: 'closed',
    });
    // The same file again changes nothing: what it reads equals what was saved.
    expect((await run(file)).report).toMatchObject({ unchanged: 1, failed: 1 });
  });

  it("reads a JSON row's hours object the same way", async () => {
    const row = { external_id: 'J-1', name: 'Json', city: 'Austin', hours: { mon: '9am-5pm', tue: '10-2am' } };
    const imported = await run(JSON.stringify(row), NDJSON);
    expect(imported.report.errors).toEqual([]);
    expect(await hoursOf('J-1')).toMatchObject({ mon: '09:00-17:00', tue: '22:00-02:00' });
  });
});
