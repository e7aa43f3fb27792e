import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { type ChildServer, startChildServer } from '../support/child-server.ts';
import { PASSWORD, sessionOf, tokenOfLink } from '../support/people.ts';
import { call } from '../support/server.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '../support/test-database.ts';

// People on two `locator serve` processes sharing one PostgreSQL schema, as behind a load balancer: the owner set up
// on one instance is signed in on both with one cookie, and a colleague invited on one joins and works on the other,
// within their role.

if (testDialect() !== 'postgres') {
  describe('people on two instances', () => {
    it.skip('runs only when the suite runs on PostgreSQL (TEST_DATABASE=postgres); several instances need it', () =>
      undefined);
  });
} else {
  describe('people on two instances', () => {
    let database: TestDatabase | undefined;
    let handle: DatabaseHandle | undefined;
    const servers: ChildServer[] = [];
    const a = () => servers[0] as ChildServer;
    const b = () => servers[1] as ChildServer;

    beforeAll(async () => {
      database = await createTestDatabase();
      handle = openDatabase(database.url);
      await migrateToLatest(handle);
      const env = { DATABASE_URL: database.url };
      servers.push(...(await Promise.all([startChildServer(env), startChildServer(env)])));
    }, 90_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await handle?.close();
      await database?.dispose();
    });

    it('sets up the owner on one, signs in on both, and an editor invited on one works on the other', async () => {
      const setUp = await call(a(), 'POST', '/api/v2/setup', {
        body: { name: 'Ada Owner', email: 'ada@example.com', password: PASSWORD },
      });
      expect(setUp.status, setUp.text).toBe(201);
      expect((await call(b(), 'GET', '/api/v2/setup')).body.data.needed).toBe(false);

      const onB = sessionOf(
        await call(b(), 'POST', '/api/v2/session', { body: { email: 'ada@example.com', password: PASSWORD } }),
      );
      for (const session of [sessionOf(setUp), onB]) {
        for (const instance of [a(), b()]) {
          expect((await call(instance, 'GET', '/api/v2/session', { session })).status).toBe(200);
        }
      }
      const projects = await call(a(), 'GET', '/api/v2/projects', { session: onB });
      const projectId: string = projects.body.data[0].id;

      const invited = await call(a(), 'POST', `/api/v2/projects/${projectId}/invitations`, {
        session: onB,
        body: { email: 'grace@example.com', role: 'editor' },
      });
      expect(invited.status, invited.text).toBe(201);
      const accepted = await call(b(), 'POST', '/api/v2/invitations/accept', {
        body: { token: tokenOfLink(invited.body.data.invite_url), name: 'Grace Editor', password: PASSWORD },
      });
      expect(accepted.status, accepted.text).toBe(201);
      const editor = sessionOf({ ...accepted, body: { data: accepted.body.data.session } });

      const locations = `/api/v2/projects/${projectId}/locations`;
      const created = await call(a(), 'POST', locations, {
        session: editor,
        body: { name: 'Harbour', city: 'Bergen', country: 'NO', lat: 60.39, lng: 5.32 },
      });
      expect(created.status, created.text).toBe(201);
      const edited = await call(b(), 'PATCH', `${locations}/${created.body.data.id}`, {
        session: editor,
        body: { name: 'Harbour Front' },
      });
      expect(edited.status, edited.text).toBe(200);
      expect((await call(a(), 'GET', `${locations}/${created.body.data.id}`, { session: onB })).body.data.name).toBe(
        'Harbour Front',
      );

      // The team is for owners and admins: an editor may not invite nor change anyone's role, on either instance.
      const inviting = await call(b(), 'POST', `/api/v2/projects/${projectId}/invitations`, {
        session: editor,
        body: { email: 'eve@example.com', role: 'viewer' },
      });
      expect(inviting.status).toBe(403);
      const members = await call(a(), 'GET', `/api/v2/projects/${projectId}/members`, { session: onB });
      const owner = members.body.data.find((member: { role: string }) => member.role === 'owner');
      const demoting = await call(a(), 'PATCH', `/api/v2/projects/${projectId}/members/${owner.user_id}`, {
        session: editor,
        body: { role: 'viewer' },
      });
      expect(demoting.status).toBe(403);
    });
  });
}
