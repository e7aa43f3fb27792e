import { describe, expect, it } from 'vitest';
import { createCatalogAccount, fullLocationBody } from '../support/factories.ts';
import { addMember } from '../support/people.ts';
import { call, createAccount, signInAs, useTestServer } from '../support/server.ts';

// The change feed as a history: read backwards (newest first), one location's events, one person's changes. What the
// dashboard's Activity screen and a store's own history read.

const server = useTestServer({ env: { GEOCODER: 'offline' } });

interface FeedPage {
  data: {
    id: string;
    type: string;
    actor: { type: string; id: string };
    location_id: string | null;
    changes: unknown;
  }[];
  links: { self: string; next: string };
  meta: {
    after: string | null;
    next_after: string | null;
    before: string | null;
    next_before: string | null;
    has_more: boolean;
  };
}

describe('the change feed read as a history', () => {
  it('reads backwards from the newest, filtered by location and by the person who made the change', async () => {
    const owner = await createCatalogAccount(server);
    const { project, user } = owner.account;
    const editor = await createAccount(server);
    await addMember(server, project.id, editor.user.id, 'editor');
    const ada = await signInAs(server, user.id);
    const bob = await signInAs(server, editor.user.id);
    const feed = `/api/v2/projects/${project.public_id}/events`;
    const read = async (query: string) => {
      const response = await call<FeedPage>(server, 'GET', `${feed}${query}`, { session: ada });
      expect(response.status, response.text).toBe(200);
      return response.body;
    };

    const first = (
      await call(server, 'POST', owner.locations, { session: ada, body: fullLocationBody({ name: 'First' }) })
    ).body.data.id as string;
    const second = (
      await call(server, 'POST', owner.locations, { session: bob, body: fullLocationBody({ name: 'Second' }) })
    ).body.data.id as string;
    const patched = await call(server, 'PATCH', `${owner.locations}/${first}`, {
      session: bob,
      body: { phone: '+1 512 555 0101' },
    });
    expect(patched.status, patched.text).toBe(200);
    await call(server, 'PATCH', `${owner.locations}/${second}`, { session: ada, body: { name: 'Second, renamed' } });
    await call(server, 'DELETE', `${owner.locations}/${first}`, { session: ada });

    const newest = await read('?before=latest');
    expect(newest.data.map((event) => [event.type, event.location_id, event.actor.id])).toEqual([
      ['location.deleted', first, user.public_id],
      ['location.updated', second, user.public_id],
      ['location.updated', first, editor.user.public_id],
      ['location.created', second, editor.user.public_id],
      ['location.created', first, user.public_id],
    ]);
    expect(newest.data.every((event) => event.actor.type === 'user')).toBe(true);
    expect(newest.meta).toMatchObject({
      before: 'latest',
      next_before: newest.data[4]?.id,
      next_after: null,
      has_more: false,
    });

    // One location's history, also once it is deleted, paged backwards by links.next.
    const history = await read(`?location=${first}&before=latest&limit=2`);
    expect(history.data.map((event) => event.type)).toEqual(['location.deleted', 'location.updated']);
    expect(history.meta.has_more).toBe(true);
    expect(history.links.next).toBe(`${server.url}${feed}?location=${first}&limit=2&before=${history.data[1]?.id}`);
    const older = await read(new URL(history.links.next).search);
    expect(older.data.map((event) => [event.type, event.location_id])).toEqual([['location.created', first]]);
    expect(older.meta.has_more).toBe(false);

    // One person's changes, with what changed field by field.
    const bobs = await read(`?actor=${editor.user.public_id}&before=latest`);
    expect(bobs.data.map((event) => [event.type, event.location_id])).toEqual([
      ['location.updated', first],
      ['location.created', second],
    ]);
    expect(bobs.data[0]?.changes).toMatchObject({ phone: { old: expect.anything(), new: '+1 512 555 0101' } });

    // The filters hold forwards too, and together.
    const forwards = await read(`?location=${second}&actor=${user.public_id}`);
    expect(forwards.data.map((event) => [event.type, event.location_id])).toEqual([['location.updated', second]]);
    expect(forwards.data[0]?.changes).toMatchObject({ name: { old: 'Second', new: 'Second, renamed' } });
    expect((await read('?location=loc_nosuchlocation&before=latest')).data).toEqual([]);
  });

  it('refuses after with before (422) and a before the project does not have (410)', async () => {
    const owner = await createCatalogAccount(server);
    const { project, token } = owner.account;
    await call(server, 'POST', owner.locations, { token: token.token, body: fullLocationBody() });
    const feed = `/api/v2/projects/${project.public_id}/events`;
    const both = await call(server, 'GET', `${feed}?after=latest&before=latest`, { token: token.token });
    expect(both.status).toBe(422);
    expect(both.body.errors).toHaveProperty('before');
    const gone = await call(server, 'GET', `${feed}?before=evt_notoneofthisproject`, { token: token.token });
    expect(gone.status).toBe(410);
  });
});
