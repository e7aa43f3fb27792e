import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readETags, whyNotRevalidated } from '../../../../bench/etags.ts';
import { type RequestContext, requestFor } from '../../../../bench/operations.ts';
import { type SeededProject, seedBenchmarkProject } from '../../../../bench/seed.ts';
import { INCLUDE_ALL } from '../support/factories.ts';
import { call, useTestServer } from '../support/server.ts';

// The benchmark's seeder writes rows directly; this checks they are what the API reads as complete locations.
describe('the benchmark seeder', () => {
  const server = useTestServer();
  let seeded: SeededProject;
  const progress: number[] = [];
  beforeAll(async () => {
    seeded = await seedBenchmarkProject(server.database.db, {
      locations: 23,
      batchSize: 10,
      sampleSize: 5,
      onProgress: (n) => progress.push(n),
    });
  });

  it('writes the requested number of locations in batches, reporting progress', async () => {
    expect(progress).toEqual([10, 20, 23]);
    const list = await call(server, 'GET', `/api/v2/projects/${seeded.projectId}/locations?limit=1`, {
      token: seeded.v2Token,
    });
    expect(list.status).toBe(200);
    expect(list.body.meta.total).toBe(23);
  });

  it('gives each location coordinates, a full week of hours, 3 filters, 2 custom fields and 1 call to action', async () => {
    const all = await call(server, 'GET', `/api/v2/projects/${seeded.projectId}/locations?limit=100&${INCLUDE_ALL}`, {
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
    const v2 = await call(server, 'GET', `/api/v2/projects/${seeded.projectId}/locations/${publicId}`, {
      token: seeded.v2Token,
    });
    expect(v2.status).toBe(200);
    const v1 = await call(server, 'GET', `/api/locations/${v1Id}`, { token: seeded.legacyToken });
    expect(v1.status).toBe(200);
    expect(v1.body.name).toBe(v2.body.data.name);
  });

  it("gives locations their city's zone, and a publishable key the store finder's requests find them with", async () => {
    const context = contextOf(seeded);
    const random = () => 0.5;
    const spec = requestFor('public-search', context, 1, random);
    const found = await call(server, spec.method, spec.path, { headers: spec.headers });
    expect(found.status).toBe(200);
    // Half-way through the list of metros, at its centre: some of the 23 locations are there.
    expect(found.body.data.length).toBeGreaterThan(0);
    expect(
      found.body.data.every((location: { time_zone: string | null }) => location.time_zone?.startsWith('America/')),
    ).toBe(true);
  });

  it("reads each sampled location's ETag as the server sends it for the GET the 304 operation revalidates", async () => {
    const context = contextOf(seeded);
    const read = await readETags(server.url, context);
    expect(read.map((l) => [l.publicId, l.v1Id])).toEqual(context.locations.map((l) => [l.publicId, l.v1Id]));
    // The sample has at least five locations, so the loop below checks something.
    expect(read.length).toBeGreaterThanOrEqual(5);
    for (const location of read) {
      const get = await call(
        server,
        'GET',
        `/api/v2/projects/${seeded.projectId}/locations/${location.publicId}?${INCLUDE_ALL}`,
        { token: seeded.v2Token },
      );
      expect(location.etag).toBe(get.headers.get('etag') ?? undefined);
    }
  });
});

function contextOf(seeded: SeededProject): RequestContext {
  const locations = seeded.sample.publicIds.map((publicId, index) => ({
    publicId,
    v1Id: seeded.sample.v1Ids[index] ?? 0,
  }));
  return {
    projectId: seeded.projectId,
    v2Token: seeded.v2Token,
    legacyToken: seeded.legacyToken,
    publishableKey: seeded.publishableKey,
    locations,
    locationCount: 23,
  };
}

// A stand-in server whose ETags the test chooses, so both answers (with and without an ETag) are checked whatever the
// real server sends today.
describe("the benchmark's ETags for the 304 operation", () => {
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const stub = createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    const id = /\/locations\/([^/?]+)/.exec(request.url ?? '')?.[1] ?? '';
    response.writeHead(200, id.startsWith('tagged') ? { etag: `W/"${id}-v1"` } : {});
    response.end('{}');
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => stub.close(() => resolve())));
  const context = (...ids: string[]): RequestContext => ({
    projectId: 'prj_1',
    v2Token: 'v2-token',
    legacyToken: 'v1-token',
    publishableKey: 'lpk_test',
    locations: ids.map((publicId, index) => ({ publicId, v1Id: index + 1 })),
    locationCount: ids.length,
  });

  it('keeps each ETag next to its public ID, and the 304 request sends it back as If-None-Match', async () => {
    seen.length = 0;
    const read = await readETags(url, context('tagged-a', 'tagged-b'));
    expect(read).toEqual([
      { publicId: 'tagged-a', v1Id: 1, etag: 'W/"tagged-a-v1"' },
      { publicId: 'tagged-b', v1Id: 2, etag: 'W/"tagged-b-v1"' },
    ]);
    expect(seen.map((request) => request.headers.authorization)).toEqual(['Bearer v2-token', 'Bearer v2-token']);
    expect(seen.map((request) => request.url).sort()).toEqual([
      `/api/v2/projects/prj_1/locations/tagged-a?${INCLUDE_ALL}`,
      `/api/v2/projects/prj_1/locations/tagged-b?${INCLUDE_ALL}`,
    ]);
    expect(whyNotRevalidated(read)).toBeUndefined();
    const revalidation = requestFor('v2-get-304', { ...context(), locations: read.slice(1) }, 1, () => 0);
    expect(revalidation.path).toBe(`/api/v2/projects/prj_1/locations/tagged-b?${INCLUDE_ALL}`);
    expect(revalidation.headers['if-none-match']).toBe('W/"tagged-b-v1"');
  });

  it('says the operation cannot be measured when the server sends no ETag, for all locations or some', async () => {
    const none = await readETags(url, context('plain-a', 'plain-b'));
    expect(none).toEqual([
      { publicId: 'plain-a', v1Id: 1 },
      { publicId: 'plain-b', v1Id: 2 },
    ]);
    expect(whyNotRevalidated(none)).toBe('the server sent no ETag');
    expect(whyNotRevalidated(await readETags(url, context('tagged-a', 'plain-b', 'tagged-c')))).toBe(
      'the server sent no ETag for 1 of 3 sampled locations',
    );
    expect(() => requestFor('v2-get-304', { ...context(), locations: none }, 1, () => 0)).toThrow(
      'no ETag was read for location plain-a',
    );
  });
});
