import { beforeEach, describe, expect, it } from 'vitest';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { createCatalogAccount, fullLocationBody, seedCatalog } from '../support/factories.ts';
import { type ApiResponse, call, createExtraProject, useTestServer } from '../support/server.ts';

const server = useTestServer();
let account: CreatedUser;
let v2Path: string;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What these tests read of an answer: a V2 location's ID, a V1 location's ID, or field errors. */
interface CreateAnswer {
  data: { id: string };
  id: string;
  errors: Record<string, string[]>;
}

function post(
  path: string,
  key: string | undefined,
  body: unknown,
  who: CreatedUser = account,
): Promise<ApiResponse<CreateAnswer>> {
  const token = path.startsWith('/api/v2/') ? who.token.token : who.legacyToken.token;
  return call<CreateAnswer>(server, 'POST', path, {
    token,
    body,
    ...(key !== undefined ? { headers: { 'idempotency-key': key } } : {}),
  });
}

async function locationCount(projectId: number): Promise<number> {
  const rows = await server.database.db
    .selectFrom('locations')
    .select('id')
    .where('project_id', '=', projectId)
    .execute();
  return rows.length;
}

beforeEach(async () => {
  ({ account, locations: v2Path } = await createCatalogAccount(server));
});

describe('Idempotency-Key on POST /api/v2/projects/{id}/locations', () => {
  it('answers a repeated request with the first response and creates one location', async () => {
    const first = await post(v2Path, 'key-1', fullLocationBody());
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await post(v2Path, 'key-1', fullLocationBody());
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await locationCount(account.project.id)).toBe(1);
  });

  it('matches the same JSON whatever the order of its keys', async () => {
    const body = fullLocationBody();
    const first = await post(v2Path, 'key-order', body);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await post(v2Path, 'key-order', reordered);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
  });

  it('refuses the same key with a different body with 422 and creates nothing', async () => {
    await post(v2Path, 'key-2', fullLocationBody());
    const other = await post(v2Path, 'key-2', fullLocationBody({ name: 'Another Store' }));
    expect(other.status).toBe(422);
    expect(other.body.errors).toEqual({ 'Idempotency-Key': [expect.stringMatching(/another request/)] });
    expect(await locationCount(account.project.id)).toBe(1);
  });

  it('refuses the same key for another path (another project of the same user)', async () => {
    const extra = await createExtraProject(server, account);
    await seedCatalog(server, extra);
    await post(v2Path, 'key-3', fullLocationBody());
    const elsewhere = await post(`/api/v2/projects/${extra.public_id}/locations`, 'key-3', fullLocationBody());
    expect(elsewhere.status).toBe(422);
    expect(await locationCount(extra.id)).toBe(0);
  });

  it('keeps keys per user: another user’s same key creates that user’s own location', async () => {
    const { account: other } = await createCatalogAccount(server);
    const mine = await post(v2Path, 'shared-key', fullLocationBody());
    const theirs = await post(
      `/api/v2/projects/${other.project.public_id}/locations`,
      'shared-key',
      fullLocationBody(),
      other,
    );
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    expect(await locationCount(other.project.id)).toBe(1);
  });

  it('stores nothing for a failed request, so the key can be used again', async () => {
    const invalid = await post(v2Path, 'key-4', fullLocationBody({ city: undefined }));
    expect(invalid.status).toBe(422);
    const valid = await post(v2Path, 'key-4', fullLocationBody());
    expect(valid.status).toBe(201);
    expect(valid.headers.get('idempotent-replayed')).toBeNull();
  });

  it('forgets a key after 24 hours', async () => {
    const first = await post(v2Path, 'key-5', fullLocationBody());
    server.clock.now += DAY_MS - 1000;
    const withinDay = await post(v2Path, 'key-5', fullLocationBody());
    expect(withinDay.headers.get('idempotent-replayed')).toBe('true');
    server.clock.now += 2000;
    const nextDay = await post(v2Path, 'key-5', fullLocationBody());
    expect(nextDay.status).toBe(201);
    expect(nextDay.headers.get('idempotent-replayed')).toBeNull();
    expect(nextDay.body.data.id).not.toBe(first.body.data.id);
    expect(await locationCount(account.project.id)).toBe(2);
    const stored = await server.database.db
      .selectFrom('idempotency_keys')
      .select('created_at')
      .where('user_id', '=', account.user.id)
      .execute();
    expect(stored).toEqual([{ created_at: new Date(server.clock.now).toISOString() }]);
  });

  it('takes keys of up to 255 characters and refuses longer ones with 422', async () => {
    expect((await post(v2Path, 'k'.repeat(255), fullLocationBody())).status).toBe(201);
    const tooLong = await post(v2Path, 'k'.repeat(256), fullLocationBody());
    expect(tooLong.status).toBe(422);
    expect(Object.keys(tooLong.body.errors)).toEqual(['idempotency-key']);
    expect(await locationCount(account.project.id)).toBe(1);
  });

  it('creates once when identical requests with one key arrive together', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => post(v2Path, 'key-concurrent', fullLocationBody())),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(201));
    expect(new Set(responses.map((response) => response.text)).size).toBe(1);
    expect(responses.filter((response) => response.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect(await locationCount(account.project.id)).toBe(1);
  });

  it('creates every time without a key', async () => {
    await post(v2Path, undefined, fullLocationBody());
    await post(v2Path, undefined, fullLocationBody());
    expect(await locationCount(account.project.id)).toBe(2);
  });
});

describe('Idempotency-Key on POST /api/locations (V1)', () => {
  const v1Body = { name: 'Legacy Store', city: 'Austin', lat: 30.27, lng: -97.74 };

  it('answers a repeated request with the first response and creates one location', async () => {
    const first = await post('/api/locations', 'v1-key', v1Body);
    expect(first.status).toBe(201);
    const again = await post('/api/locations', 'v1-key', v1Body);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await locationCount(account.project.id)).toBe(1);
  });

  it('refuses the key with another body, and a key already used on V2', async () => {
    await post('/api/locations', 'v1-key-2', v1Body);
    expect((await post('/api/locations', 'v1-key-2', { ...v1Body, name: 'Other' })).status).toBe(422);
    await post(v2Path, 'used-on-v2', fullLocationBody());
    const onV1 = await post('/api/locations', 'used-on-v2', v1Body);
    expect(onV1.status).toBe(422);
    expect(await locationCount(account.project.id)).toBe(2);
  });

  it('creates once when identical requests with one key arrive together', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => post('/api/locations', 'v1-concurrent', v1Body)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(6).fill(201));
    expect(new Set(responses.map((response) => response.body.id)).size).toBe(1);
    expect(await locationCount(account.project.id)).toBe(1);
  });
});

describe('Idempotency-Key on POST of the project configuration', () => {
  it('replays a repeated marker create instead of refusing the name as taken', async () => {
    const path = `/api/v2/projects/${account.project.public_id}/markers`;
    const first = await post(path, 'marker-key', { name: 'Flagship', color: '#e4572e' });
    expect(first.status).toBe(201);
    const again = await post(path, 'marker-key', { name: 'Flagship', color: '#e4572e' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    const unkeyed = await post(path, undefined, { name: 'Flagship', color: '#e4572e' });
    expect(unkeyed.status).toBe(422);
  });
});
