import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.ts';
import { verifyPassword } from '../../src/domain/passwords.ts';
import { hashToken } from '../../src/domain/tokens.ts';
import { runLocator } from '../support/cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
let database: TestDatabase;

/** Runs the real `locator` binary against the temp database. */
const locator = (...args: string[]) => runLocator(args, { env: { DATABASE_URL: database.url }, timeoutMs: 60_000 });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.dispose());

describe('locator CLI', () => {
  it('creates a user with --json: exactly one object with the user, project and both tokens', async () => {
    const result = await locator('users', 'create', '--email', 'Ada@Example.com', '--name', 'Ada', '--json');
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const output = JSON.parse(lines[0] ?? '');
    expect(output).toEqual({
      user: { id: expect.stringMatching(/^usr_/), email: 'ada@example.com', name: 'Ada' },
      project: { id: expect.stringMatching(/^prj_/), name: expect.any(String), plan: 'business' },
      token: expect.stringMatching(/^lct2_/),
      legacy_token: expect.stringMatching(/^lct1_/),
    });
    // Only hashes are stored.
    const handle = openDatabase(database.url);
    const rows = await handle.db.selectFrom('api_tokens').select(['token_hash']).execute();
    await handle.close();
    expect(rows.map((row) => row.token_hash)).toEqual(
      expect.arrayContaining([hashToken(output.token), hashToken(output.legacy_token)]),
    );
    expect(JSON.stringify(rows)).not.toContain(output.token);
  });

  it('sets the dashboard password from stdin with --password-stdin (the line break a shell adds dropped), stored as a scrypt hash', async () => {
    const password = 'a long enough password';
    const created = await runLocator(
      ['users', 'create', '--email', 'pat@example.com', '--name', 'Pat', '--password-stdin', '--json'],
      { env: { DATABASE_URL: database.url }, timeoutMs: 60_000, stdin: `${password}\n` },
    );
    expect(created.code, created.stderr).toBe(0);
    const handle = openDatabase(database.url);
    const user = await handle.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'pat@example.com')
      .executeTakeFirstOrThrow();
    await handle.close();
    expect(user.password_hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword(password, user.password_hash)).toBe(true);
    expect(await verifyPassword(`${password}\n`, user.password_hash)).toBe(false);

    const short = await runLocator(
      ['users', 'create', '--email', 'sam@example.com', '--name', 'Sam', '--password-stdin'],
      { env: { DATABASE_URL: database.url }, timeoutMs: 60_000, stdin: 'short' },
    );
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/password/);

    const link = await locator('users', 'reset-link', '--email', 'pat@example.com', '--json');
    expect(link.code, link.stderr).toBe(0);
    expect(JSON.parse(link.stdout)).toEqual({
      reset_url: expect.stringMatching(/^http:\/\/localhost:8080\/dashboard\/reset-password#token=lcr_\w{40}$/),
    });
    const nobody = await locator('users', 'reset-link', '--email', 'nobody@example.com');
    expect(nobody.code).toBe(1);
  });

  it('refuses bad input with one clear line and exit 1', async () => {
    const duplicate = await locator('users', 'create', '--email', 'ada@example.com', '--name', 'Again');
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr.trim().split('\n')).toEqual([expect.stringContaining('already exists')]);
    const plan = await locator('users', 'create', '--email', 'b@example.com', '--name', 'B', '--plan', 'gold');
    expect(plan.code).toBe(1);
    expect(plan.stderr).toMatch(/Unknown plan "gold"/);
    const unknownUser = await locator('tokens', 'create', '--email', 'nobody@example.com');
    expect(unknownUser.code).toBe(1);
    expect(unknownUser.stderr).toMatch(/No user with email/);
    const scope = await locator(
      'tokens',
      'create',
      '--email',
      'ada@example.com',
      '--scopes',
      'location:read,location:fly',
    );
    expect(scope.code).toBe(1);
    expect(scope.stderr).toMatch(/Unknown scope "location:fly"/);
  });

  it('creates projects and scoped, expiring tokens, lists and revokes them', async () => {
    const project = await locator(
      'projects',
      'create',
      '--email',
      'ada@example.com',
      '--name',
      'Second',
      '--plan',
      'plus',
      '--json',
    );
    expect(JSON.parse(project.stdout)).toEqual({
      project: { id: expect.stringMatching(/^prj_/), name: 'Second', plan: 'plus' },
    });
    const token = await locator(
      'tokens',
      'create',
      '--email',
      'ada@example.com',
      '--name',
      'ci',
      '--scopes',
      'location:read',
      '--expires-in',
      '30d',
      '--json',
    );
    const issued = JSON.parse(token.stdout);
    expect(issued).toEqual({
      token: expect.stringMatching(/^lct2_/),
      id: expect.stringMatching(/^tok_/),
      scopes: ['location:read'],
    });
    const list = await locator('tokens', 'list', '--email', 'ada@example.com', '--json');
    const tokens = JSON.parse(list.stdout) as { id: string; expires_at: string | null; revoked_at: string | null }[];
    // 30 days from when the command ran.
    const expiresInMs = Date.parse(tokens.find((t) => t.id === issued.id)?.expires_at ?? '') - Date.now();
    expect(expiresInMs).toBeGreaterThan(30 * DAY_MS - 10 * 60_000);
    expect(expiresInMs).toBeLessThanOrEqual(30 * DAY_MS);
    expect(list.stdout).not.toContain(issued.token);
    expect((await locator('tokens', 'revoke', issued.id)).code).toBe(0);
    const after = JSON.parse(
      (await locator('tokens', 'list', '--email', 'ada@example.com', '--json')).stdout,
    ) as typeof tokens;
    expect(after.find((t) => t.id === issued.id)?.revoked_at).toEqual(expect.any(String));
  });

  it('says in one line which PORT to set when the port is in use, and exits 1 without a stack trace', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as AddressInfo;
    try {
      const result = await runLocator(['serve'], {
        env: { DATABASE_URL: database.url, HOST: '127.0.0.1', PORT: String(port) },
        timeoutMs: 60_000,
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `locator: Port ${port} is in use; set PORT to another port, e.g. PORT=${port + 1} npm start\n`,
      );
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});
