import { beforeEach, describe, expect, it } from 'vitest';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { createCatalogAccount, fullLocationBody, INCLUDE_ALL } from '../support/factories.ts';
import { call, useTestServer } from '../support/server.ts';

// Optimistic concurrency of one location: a write with `If-Match` runs only while the location is at the version the
// caller read; without the header every write runs as before.

const server = useTestServer();
let account: CreatedUser;
let base: string;
let at: string;

const v2 = (method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
  call(server, method, path, { token: account.token.token, ...options });

async function tagOf(query = ''): Promise<string> {
  const read = await v2('GET', `${at}${query}`);
  expect(read.status, read.text).toBe(200);
  const tag = read.headers.get('etag');
  expect(tag).toMatch(/^"\d+\.[\w-]{27}"$/);
  return tag ?? '';
}

beforeEach(async () => {
  ({ account, locations: base } = await createCatalogAccount(server));
  const created = await v2('POST', base, { body: fullLocationBody() });
  expect(created.status, created.text).toBe(201);
  at = `${base}/${created.body.data.id}`;
});

describe('If-Match on a location', () => {
  it('lets a PATCH with the current tag through and answers the new tag, which the next PATCH uses', async () => {
    const tag = await tagOf();
    const first = await v2('PATCH', at, { body: { phone: '+1 512 555 0101' }, headers: { 'if-match': tag } });
    expect(first.status, first.text).toBe(200);
    const next = first.headers.get('etag') ?? '';
    expect(next).toMatch(/^"\d+\.[\w-]{27}"$/);
    expect(next).not.toBe(tag);
    expect(next).toBe(await tagOf(`?${INCLUDE_ALL}`));
    const second = await v2('PATCH', at, { body: { phone: '+1 512 555 0102' }, headers: { 'if-match': next } });
    expect(second.status, second.text).toBe(200);
    expect((await v2('GET', at)).body.data.phone).toBe('+1 512 555 0102');
  });

  it('refuses with 412 a PATCH, PUT or DELETE whose tag someone else’s write made old, and changes nothing', async () => {
    const stale = await tagOf();
    expect((await v2('PATCH', at, { body: { name: 'Theirs' } })).status).toBe(200);
    const before = await v2('GET', `${at}?${INCLUDE_ALL}`);
    for (const [method, body] of [
      ['PATCH', { name: 'Mine' }],
      ['PUT', fullLocationBody({ name: 'Mine' })],
      ['DELETE', undefined],
    ] as const) {
      const refused = await v2(method, at, { body, headers: { 'if-match': stale } });
      expect(refused.status, `${method} ${refused.text}`).toBe(412);
      expect(Object.keys(refused.body)).toEqual(['message']);
      expect(refused.body.message).toMatch(/changed since you read it/);
      expect(refused.headers.get('etag')).toBeNull();
    }
    const after = await v2('GET', `${at}?${INCLUDE_ALL}`);
    expect(after.body).toEqual(before.body);
  });

  it('takes a tag read with any include flags, or with the status, since the location is what it versions', async () => {
    for (const query of [`?${INCLUDE_ALL}`, '?includeHours=1', '?includeStatus=1', '']) {
      const tag = await tagOf(query);
      const saved = await v2('PATCH', at, { body: { city: `Austin ${query.length}` }, headers: { 'if-match': tag } });
      expect(saved.status, `${query} ${saved.text}`).toBe(200);
    }
  });

  it('moves the tag on for a write by another path than the location routes (a renamed filter it shows)', async () => {
    const tag = await tagOf();
    const project = account.project.public_id;
    const filters = await v2('GET', `/api/v2/projects/${project}/filters`);
    const wifi = (filters.body.data as { id: string; name: string }[]).find((filter) => filter.name === 'Wifi');
    const renamed = await v2('PATCH', `/api/v2/projects/${project}/filters/${wifi?.id}`, {
      body: { name: 'Free wifi' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await v2('PATCH', at, { body: { phone: null }, headers: { 'if-match': tag } })).status).toBe(412);
  });

  it('checks the tag before the project’s rules: a stale tag with a name not configured is 412, a current one 422', async () => {
    const tag = await tagOf();
    const unknownType = { location_type: 'Not configured' };
    expect((await v2('PATCH', at, { body: unknownType, headers: { 'if-match': tag } })).status).toBe(422);
    expect((await v2('PATCH', at, { body: { name: 'Other' } })).status).toBe(200);
    expect((await v2('PATCH', at, { body: unknownType, headers: { 'if-match': tag } })).status).toBe(412);
    // A body of the wrong shape is refused before anything is read, whatever the tag.
    expect((await v2('PATCH', at, { body: { lat: 91 }, headers: { 'if-match': tag } })).status).toBe(422);
  });

  it('takes * and lists of tags, and refuses weak or malformed tags', async () => {
    const tag = await tagOf();
    expect((await v2('PATCH', at, { body: {}, headers: { 'if-match': `"1.x", ${tag}` } })).status).toBe(200);
    const current = await tagOf();
    for (const header of [`W/${current}`, '"not-a-tag"', current.replace(/^"\d+/, '"0')]) {
      expect((await v2('PATCH', at, { body: {}, headers: { 'if-match': header } })).status, header).toBe(412);
    }
    expect((await v2('PATCH', at, { body: {}, headers: { 'if-match': '*' } })).status).toBe(200);
    expect((await v2('DELETE', at, { headers: { 'if-match': await tagOf() } })).status).toBe(200);
    expect((await v2('PATCH', at, { body: {}, headers: { 'if-match': '*' } })).status).toBe(404);
  });

  it('changes nothing without If-Match: every write runs, as before', async () => {
    await tagOf();
    expect((await v2('PATCH', at, { body: { name: 'One' } })).status).toBe(200);
    expect((await v2('PUT', at, { body: fullLocationBody({ name: 'Two' }) })).status).toBe(200);
    expect((await v2('GET', at)).body.data.name).toBe('Two');
    expect((await v2('DELETE', at)).status).toBe(200);
  });

  it('is one of the ways two editors at once cannot overwrite each other: exactly one of two writes wins', async () => {
    const tag = await tagOf();
    const answers = await Promise.all(
      ['First', 'Second'].map((name) => v2('PATCH', at, { body: { name }, headers: { 'if-match': tag } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412]);
    const winner = answers.find((answer) => answer.status === 200);
    expect((await v2('GET', at)).body.data.name).toBe(winner?.body.data.name);
  });
});
