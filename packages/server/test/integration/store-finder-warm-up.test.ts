import { describe, expect, it } from 'vitest';
import { refOfProject } from '../../src/domain/project-ref.ts';
import { systemClock } from '../../src/domain/time.ts';
import { warmFinderIndexes } from '../../src/features/finder/store-finder.service.ts';
import { StoreFinderIndexes } from '../../src/features/finder/store-finder-index.ts';
import { createLocationDirectly, setPlan } from '../support/factories.ts';
import { call, createAccount, useTestServer } from '../support/server.ts';

// What a starting server builds before its first search: the index of every project a website may search.

const server = useTestServer();

describe('the store finder warm-up', () => {
  it('builds the index of each Business project with a key not revoked, and searches then use it', async () => {
    const searched = await createAccount(server);
    const revoked = await createAccount(server);
    const downgraded = await createAccount(server);
    await createAccount(server);
    const key = await server.services.finder.keys.create({
      owner: { project: refOfProject(searched.project) },
      origins: [],
    });
    const gone = await server.services.finder.keys.create({
      owner: { project: refOfProject(revoked.project) },
      origins: [],
    });
    await server.services.finder.keys.revoke({ owner: { anyProject: true }, publicId: gone.id });
    await server.services.finder.keys.create({
      owner: { project: refOfProject(downgraded.project) },
      origins: [],
    });
    await setPlan(server, downgraded.project.id, 'basic');
    await createLocationDirectly(server.database.db, searched.project, {
      name: 'Congress',
      city: 'Austin',
      lat: 30.27,
      lng: -97.74,
    });

    expect(await warmFinderIndexes(server.database.db, new StoreFinderIndexes(() => undefined), systemClock)).toBe(1);
    expect(await server.services.finder.warmUp()).toBe(1);
    const found = await call(server, 'GET', `/api/public/v1/search?key=${key.key}&lat=30.27&lng=-97.74`);
    expect(found.body.data.map((location: { name: string }) => location.name)).toEqual(['Congress']);
  });
});
