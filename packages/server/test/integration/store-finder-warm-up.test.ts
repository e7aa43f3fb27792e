import { describe, expect, it } from 'vitest';
import { refOfProject } from '../../src/services/project-access.ts';
import { createKey, revokeKey } from '../../src/services/publishable-keys.service.ts';
import { warmFinderIndexes } from '../../src/services/store-finder.service.ts';
import { StoreFinderIndexes } from '../../src/services/store-finder-index.ts';
import { createLocationDirectly, setPlan } from '../support/factories.ts';
import { call, createAccount, useTestServer } from '../support/server.ts';

// What a starting server builds before its first search: the index of every project a website may search.

const server = useTestServer();

describe('the store finder warm-up', () => {
  it('builds the index of each Business project with a key not revoked, and searches then use it', async () => {
    const now = () => new Date().toISOString();
    const searched = await createAccount(server);
    const revoked = await createAccount(server);
    const downgraded = await createAccount(server);
    await createAccount(server);
    const key = await createKey(server.database.db, {
      owner: { project: refOfProject(searched.project) },
      origins: [],
      now: now(),
    });
    const gone = await createKey(server.database.db, {
      owner: { project: refOfProject(revoked.project) },
      origins: [],
      now: now(),
    });
    await revokeKey(server.database.db, { owner: { anyProject: true }, publicId: gone.id, now: now() });
    await createKey(server.database.db, {
      owner: { project: refOfProject(downgraded.project) },
      origins: [],
      now: now(),
    });
    await setPlan(server, downgraded.project.id, 'basic');
    await createLocationDirectly(server.database.db, searched.project, {
      name: 'Congress',
      city: 'Austin',
      lat: 30.27,
      lng: -97.74,
    });

    expect(await warmFinderIndexes(server.database.db, new StoreFinderIndexes(), Date.now)).toBe(1);
    expect(await warmFinderIndexes(server.database.db, server.ctx.finderIndexes, Date.now)).toBe(1);
    const found = await call(server, 'GET', `/api/public/v1/search?key=${key.key}&lat=30.27&lng=-97.74`);
    expect(found.body.data.map((location: { name: string }) => location.name)).toEqual(['Congress']);
  });
});
