import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBenchmarkProject, type SeededProject } from '../../../bench/seed.ts';
import { call, startTestServer, type TestServer } from './support/server.ts';

// The benchmark's seeder writes rows directly; this checks they are what the API reads as complete locations.
describe('the benchmark seeder', () => {
  let server: TestServer;
  let seeded: SeededProject;
  const progress: number[] = [];
  beforeAll(async () => {
    server = await startTestServer();
    seeded = await seedBenchmarkProject(server.database.db, { locations: 23, batchSize: 10, sampleSize: 5, onProgress: (n) => progress.push(n) });
  });
  afterAll(async () => server.stop());

  it('writes the requested number of locations in batches, reporting progress', async () => {
    expect(progress).toEqual([10, 20, 23]);
    const list = await call(server, 'GET', `/api/v2/projects/${seeded.projectId}/locations?limit=1`, { token: seeded.v2Token });
    expect(list.status).toBe(200);
    expect(list.body.meta.total).toBe(23);
  });

  it('gives each location coordinates, a full week of hours, 3 filters, 2 custom fields and 1 call to action', async () => {
    const all = await call(server, 'GET', `/api/v2/projects/${seeded.projectId}/locations?limit=100&includeHours=1&includeFilters=1&includeFields=1&includeCallsToAction=1`, {
      token: seeded.v2Token,
    });
    expect(all.body.data).toHaveLength(23);
    for (const location of all.body.data) {
      expect(location.lat).not.toBe(0);
      expect(location.lng).not.toBe(0);
      expect(Object.keys(location.hours).sort()).toEqual(['fri', 'mon', 'sat', 'sun', 'thu', 'tue', 'wed']);
      expect(Object.values(location.hours).every((day) => typeof day === 'string')).toBe(true);
      expect(location.filters).toHaveLength(3);
      expect(location.fields).toHaveLength(2);
      expect(location.callsToAction).toHaveLength(1);
      expect(location.location_type).toEqual(expect.any(String));
      expect(location.marker).toEqual({ id: expect.any(String), name: expect.any(String) });
    }
    expect(new Set(all.body.data.map((location: { slug: string }) => location.slug)).size).toBe(23);
  });

  it('hands back a sample of IDs that name the same locations in V2 and V1, and working tokens', async () => {
    expect(seeded.sample.publicIds.length).toBeGreaterThanOrEqual(5);
    expect(seeded.sample.v1Ids).toHaveLength(seeded.sample.publicIds.length);
    const [publicId] = seeded.sample.publicIds;
    const [v1Id] = seeded.sample.v1Ids;
    const v2 = await call(server, 'GET', `/api/v2/projects/${seeded.projectId}/locations/${publicId}`, { token: seeded.v2Token });
    expect(v2.status).toBe(200);
    if (server.app.hasRoute({ method: 'GET', url: '/api/locations/:id' })) {
      const v1 = await call(server, 'GET', `/api/locations/${v1Id}`, { token: seeded.legacyToken });
      expect(v1.status).toBe(200);
      expect(v1.body.name).toBe(v2.body.data.name);
    }
  });
});
