import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLocator } from '../support/cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let database: TestDatabase;
const locator = (...args: string[]) => runLocator(args, { env: { DATABASE_URL: database.url }, timeoutMs: 60_000 });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.dispose());

describe('locator keys', () => {
  it('creates, lists and revokes publishable keys, and refuses bad origins with one clear line', async () => {
    const user = JSON.parse(
      (await locator('users', 'create', '--email', 'keys@example.com', '--name', 'Keys', '--json')).stdout,
    );
    const projectId: string = user.project.id;

    const created = await locator(
      'keys',
      'create',
      '--project',
      projectId,
      '--origins',
      'https://Shop.example,https://*.shop.example',
      '--json',
    );
    expect(created.code, created.stderr).toBe(0);
    const key = JSON.parse(created.stdout);
    expect(key).toEqual({
      key: expect.stringMatching(/^lpk_/),
      id: expect.stringMatching(/^pky_/),
      origins: ['https://shop.example', 'https://*.shop.example'],
    });

    const revoked = await locator('keys', 'revoke', key.id);
    expect(revoked.code, revoked.stderr).toBe(0);
    const listed = JSON.parse((await locator('keys', 'list', '--project', projectId, '--json')).stdout);
    expect(listed).toEqual([
      {
        id: key.id,
        key: key.key,
        origins: key.origins,
        created_at: expect.any(String),
        revoked_at: expect.any(String),
      },
    ]);
    expect((await locator('keys', 'list', '--project', projectId)).stdout).toContain('revoked');

    const bad = await locator('keys', 'create', '--project', projectId, '--origins', 'shop.example');
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain('origins.0');
    const unknown = await locator('keys', 'create', '--project', 'prj_nope');
    expect(unknown.code).toBe(1);
    // Seven commands, each a process that loads the sources: seconds each on a busy machine.
  }, 90_000);
});
