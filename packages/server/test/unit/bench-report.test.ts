import { describe, expect, it } from 'vitest';
import { type LoadResult, unexpectedAnswers } from '../../../../bench/load-result.ts';
import {
  combineSlices,
  floorVerdicts,
  type Measurement,
  median,
  type RunFacts,
  renderReport,
} from '../../../../bench/report.ts';

// The benchmark's arithmetic on made-up numbers: ratios to the node:http ceiling and which floors a run meets.
// Nothing here is timed.
const load = (requestsPerSecond: number, statusCodes: Record<string, number> = { 200: 100 }): LoadResult => ({
  requestsPerSecond,
  p50Ms: 1,
  p99Ms: 2,
  requests: 100,
  unexpected: 0,
  errors: 0,
  statusCodes,
});
const measured = (
  operation: Measurement['operation'],
  server: number,
  nodeHttp: number,
  fastify = nodeHttp / 2,
): Measurement => ({
  operation,
  responseBytes: 1000,
  server: load(server),
  nodeHttp: load(nodeHttp),
  fastify: load(fastify),
});
const facts: RunFacts = {
  date: '2026-11-21T00:00:00Z',
  commit: 'abc1234',
  cores: 2,
  cpuModel: 'test CPU',
  nodeVersion: 'v20.0.0',
  database: 'SQLite',
  locations: 100_000,
  connections: 16,
  warmupSeconds: 2,
  durationSeconds: 12,
  slices: 3,
  loadBefore: [0.5, 0.5, 0.5],
  loadAfter: [1, 1, 1],
  startupsMs: [1400, 900, 850, 950, 700],
  peakRssBytes: 200 * 1024 * 1024,
  seedSeconds: 20,
  fullSyncs: [
    { api: 'v2', pages: 1000, seconds: 12.5 },
    { api: 'v1', pages: 1000, seconds: 9.25 },
  ],
  totalSeconds: 300,
  skipped: [{ operation: 'v2-get-304', reason: 'the server sent no ETag' }],
};

describe('the benchmark report', () => {
  it('judges each floor on the ratio to the node:http ceiling, not to Fastify', () => {
    const results = floorVerdicts(
      [
        // 12% of node:http, though 48% of the Fastify route: the floor of 10% is met on node:http's figure.
        measured('v2-get', 6000, 50_000, 12_500),
        measured('v2-get-304', 12_000, 50_000),
        measured('v2-list', 400, 10_000, 500),
        measured('v1-list', 600, 10_000),
        measured('public-search', 7000, 20_000),
        measured('v2-patch', 100, 40_000),
      ],
      [],
    );
    expect(results.map((v) => [v.operation, v.floor, v.measured, v.met])).toEqual([
      ['v2-get', 0.1, '12%', true],
      ['v2-get-304', 0.25, '24%', false],
      ['v2-list', 0.05, '4%', false],
      ['v1-list', 0.05, '6%', true],
      ['public-search', 0.25, '35%', true],
    ]);
  });

  it('misses a floor whose rate was made of wrong answers', () => {
    const ignoredRevalidation: Measurement = {
      ...measured('v2-get-304', 20_000, 50_000),
      server: { ...load(20_000, { 200: 90, 304: 10 }), unexpected: 90 },
    };
    const [, revalidation] = floorVerdicts([measured('v2-get', 6000, 50_000), ignoredRevalidation], []);
    expect(revalidation).toEqual({
      operation: 'v2-get-304',
      floor: 0.25,
      measured: '40%, with 90 failed requests',
      met: false,
    });
    const report = renderReport([ignoredRevalidation], facts);
    expect(report).toContain(
      '| V2 GET one, 304 revalidation | 20000 | 1.0 | 2.0 | 1,000 | 50000 | 40% | 25000 | **90 / 0** {"200":90,"304":10} |',
    );
  });

  it('counts every status but the expected one as unexpected, 304 included where 200 is due', () => {
    expect(unexpectedAnswers({ 304: 90, 200: 10 }, 304)).toBe(10);
    expect(unexpectedAnswers({ 304: 90, 200: 10 }, 200)).toBe(90);
    expect(unexpectedAnswers({ 201: 50 }, 201)).toBe(0);
    expect(unexpectedAnswers({ 201: 50, 500: 3, 429: 2 }, 201)).toBe(5);
  });

  it('says why an operation with a floor was not measured, and leaves it undecided', () => {
    const results = floorVerdicts([measured('v2-get', 6000, 50_000)], facts.skipped);
    expect(results.filter((v) => v.met === undefined).map((v) => [v.operation, v.measured])).toEqual([
      ['v2-get-304', 'not measured: the server sent no ETag'],
      ['v2-list', 'not measured'],
      ['v1-list', 'not measured'],
      ['public-search', 'not measured'],
    ]);
    const report = renderReport([measured('v2-get', 6000, 50_000)], facts);
    expect(report).toContain('| V2 GET one, 304 revalidation | ≥ 25% | not measured: the server sent no ETag | – |');
    expect(report).toContain('- V2 GET one, 304 revalidation: the server sent no ETag');
  });

  it('judges the store finder against the SQL haversine scan measured beside it, and records what its index costs', () => {
    const fast: Measurement = {
      ...measured('public-search', 6000, 20_000),
      scan: load(120),
      slices: { server: [6000], nodeHttp: [20_000], fastify: [10_000], scan: [110, 120, 130] },
    };
    const slow: Measurement = { ...measured('public-search', 1000, 20_000), scan: load(120) };
    const finderIndex = {
      firstSearchMs: 812.4,
      buildMs: 4_260,
      warmSearchMs: 1.26,
      rssGrowthBytes: 150 * 1024 * 1024,
      afterWriteMs: [700, 650, 690],
    };
    const report = renderReport([fast], { ...facts, finderIndex });
    expect(report).toContain(
      '| Store finder: nearest 20 within 50 km, one filter | 6000 | 120.0 | 50× | ≥ 20× | met |',
    );
    expect(report).toContain('SQL haversine scan 110.0, 120.0, 130.0');
    expect(report).toContain(
      'first search after start-up (starts the build, answered from the database) 812 ms; built (a search answered by the index) 4.3 s after it; a search once built 1.3 ms; resident memory it added 150 MB',
    );
    expect(report).toContain('first search after a write (the index catches up): median 690 ms (700, 650, 690 ms)');
    expect(renderReport([slow], facts)).toContain('| 1000 | 120.0 | 8× | ≥ 20× | **missed** |');
    expect(renderReport([measured('v2-get', 6000, 50_000)], facts)).not.toContain('SQL haversine scan');
  });

  it('bounds the multiple of a scan that answered nothing within a slice by one request a slice', () => {
    const idleScan: Measurement = { ...measured('public-search', 800, 12_000), scan: load(0) };
    const sliceSeconds = facts.durationSeconds / facts.slices;
    const report = renderReport([idleScan], facts);
    expect(report).toContain(
      `| 800 | < ${(1 / sliceSeconds).toFixed(2)} (none answered within a slice) | > ${(800 * sliceSeconds).toFixed(0)}× | ≥ 20× | met |`,
    );
  });

  it('puts the ceilings beside the server in one row, and writes the recorded figures', () => {
    const patch: Measurement = {
      ...measured('v2-patch', 500, 9000, 7000),
      slices: { server: [450, 500, 520], nodeHttp: [9000, 8000, 9100], fastify: [7000, 6900, 7100] },
    };
    const report = renderReport([measured('v2-get', 6000, 50_000, 30_000), patch], facts);
    expect(report).toContain('2 cores (test CPU), Node v20.0.0');
    expect(report).toContain('| V2 GET one (every include) | 6000 | 1.0 | 2.0 | 1,000 | 50000 | 12% | 30000 | 0 |');
    expect(report).toContain('| V2 PATCH one field | 500 | 1.0 | 2.0 | 1,000 | 9000 | 6% | 7000 | 0 |');
    expect(report).toContain('| V2 GET one (every include) | ≥ 10% | 12% | met |');
    // Writes are recorded, not judged.
    expect(report).not.toMatch(/\| V2 PATCH one field \| ≥/);
    expect(report).toContain(
      '- V2 PATCH one field: server 450, 500, 520; node:http 9000, 8000, 9100; Fastify 7000, 6900, 7100',
    );
    expect(report).toContain('3 slices of 4 s measured in turn');
    expect(report).toContain('V2 1,000 pages in 12.5 s, V1 1,000 pages in 9.3 s');
    expect(report).toContain('900 ms, the median of 5 starts (1400, 900, 850, 950, 700 ms)');
    expect(report).toContain('Server peak RSS: 200 MB');
  });

  it('combines slices by their medians, counting every request and failure', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    const slice = (requestsPerSecond: number, p99Ms: number, unexpected: number): LoadResult => ({
      requestsPerSecond,
      p50Ms: p99Ms / 4,
      p99Ms,
      requests: requestsPerSecond * 4,
      unexpected,
      errors: 1,
      statusCodes: { 200: requestsPerSecond * 4 - unexpected, ...(unexpected ? { 500: unexpected } : {}) },
    });
    expect(combineSlices([slice(900, 8, 0), slice(1200, 4, 2), slice(1000, 12, 0)])).toEqual({
      requestsPerSecond: 1000,
      p50Ms: 2,
      p99Ms: 8,
      requests: 12_400,
      unexpected: 2,
      errors: 3,
      statusCodes: { 200: 12_398, 500: 2 },
    });
    expect(() => combineSlices([])).toThrow();
  });
});
