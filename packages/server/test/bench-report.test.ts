import { describe, expect, it } from 'vitest';
import type { LoadResult } from '../../../bench/load-worker.ts';
import { combineSlices, median, renderReport, verdicts, type Measurement, type RunFacts } from '../../../bench/report.ts';

// The benchmark's arithmetic on made-up numbers: which targets a run meets. Nothing here is timed.
const load = (requestsPerSecond: number): LoadResult => ({ requestsPerSecond, p50Ms: 1, p99Ms: 2, requests: 100, non2xx: 0, errors: 0, statusCodes: { 200: 100 } });
const measured = (operation: Measurement['operation'], server: number, ceiling: number): Measurement => ({
  operation,
  responseBytes: 1000,
  server: load(server),
  ceiling: load(ceiling),
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
  fullSyncs: [{ api: 'v2', pages: 1000, seconds: 12.5 }, { api: 'v1', pages: 1000, seconds: 9.25 }],
  totalSeconds: 300,
  skipped: [{ operation: 'v1-put', reason: 'the V1 route answers 404' }],
  limiterPairs: { on: [950, 990, 970], off: [1000, 1100, 1050] },
};

describe('the benchmark report', () => {
  it('compares reads with their own ceilings and writes with the V2 GET ceiling', () => {
    const results = verdicts(
      [measured('v2-get', 1000, 2000), measured('v2-list', 300, 1000), measured('v1-list', 400, 1000), measured('v2-patch', 500, 9000), measured('v2-post', 300, 9000)],
      facts,
    );
    expect(results.map((v) => [v.measured, v.met])).toEqual([
      ['50%', true],
      ['30%', false],
      ['40%', true],
      ['25%', true],
      ['15%', false],
      ['8%', true],
      ['200 MB', true],
      ['900 ms (median of 5)', true],
    ]);
  });

  it('takes the limiter cost from the alternating pairs, each compared within itself', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    const cost = (limiterPairs: RunFacts['limiterPairs']) => verdicts([], { ...facts, limiterPairs }).find((v) => v.what.startsWith('Rate limiter'));
    expect(cost(facts.limiterPairs)).toMatchObject({ measured: '8%', met: true });
    // The machine slowed for the last "off" run: the ratio of the medians (1500 / 2050) would say 27%.
    expect(cost({ on: [1000, 2000, 1500], off: [1100, 2050, 3000] })).toMatchObject({ measured: '9%', met: true });
  });

  it('leaves a target undecided when its operation was not measured, and lists what was skipped', () => {
    const results = verdicts([], { ...facts, limiterPairs: undefined });
    expect(results.filter((v) => v.met === undefined).map((v) => v.measured)).toEqual(Array(6).fill('not measured'));
    const report = renderReport([measured('v2-get', 1000, 2000)], facts);
    expect(report).toContain('2 cores (test CPU), Node v20.0.0');
    expect(report).toContain('| V2 GET one (every include) | 1000 | 1.0 | 2.0 | 1,000 | 2000 | 50% |');
    expect(report).toContain('- V1 PUT: the V1 route answers 404');
    expect(report).toContain('V2 1,000 pages in 12.5 s, V1 1,000 pages in 9.3 s');
    expect(report).toContain('900 ms, the median of 5 starts (1400, 900, 850, 950, 700 ms)');
  });

  it('compares a write with the V2 GET ceiling measured alongside it, when there is one', () => {
    const patch: Measurement = { ...measured('v2-patch', 500, 9000), getCeiling: load(1000), slices: { server: [450, 500, 520], ceiling: [9000, 8000, 9100], getCeiling: [900, 1000, 1100] } };
    const results = verdicts([measured('v2-get', 1000, 5000), patch], facts);
    expect(results.find((v) => v.what.startsWith('V2 PATCH'))).toMatchObject({ measured: '50%', met: true });
    const report = renderReport([measured('v2-get', 1000, 5000), patch], facts);
    expect(report).toContain('| V2 PATCH one field | 500 | 1.0 | 2.0 | 1,000 | 9000 | 6% | 50% | 0 |');
    expect(report).toContain('- V2 PATCH one field: server 450, 500, 520; ceiling 9000, 8000, 9100; V2 GET ceiling 900, 1000, 1100');
    expect(report).toContain('3 slices of 4 s measured in turn');
  });

  it('combines slices by their medians, counting every request and failure', () => {
    const slice = (requestsPerSecond: number, p99Ms: number, non2xx: number): LoadResult => ({
      requestsPerSecond,
      p50Ms: p99Ms / 4,
      p99Ms,
      requests: requestsPerSecond * 4,
      non2xx,
      errors: 1,
      statusCodes: { 200: requestsPerSecond * 4 - non2xx, ...(non2xx ? { 500: non2xx } : {}) },
    });
    expect(combineSlices([slice(900, 8, 0), slice(1200, 4, 2), slice(1000, 12, 0)])).toEqual({
      requestsPerSecond: 1000,
      p50Ms: 2,
      p99Ms: 8,
      requests: 12_400,
      non2xx: 2,
      errors: 3,
      statusCodes: { 200: 12_398, 500: 2 },
    });
    expect(() => combineSlices([])).toThrow();
  });

  it('judges start-up on the median of the starts, so one slow start does not decide it', () => {
    const startup = (startupsMs: number[]) => verdicts([], { ...facts, startupsMs }).find((v) => v.what.startsWith('Start-up'));
    expect(startup([1400, 900, 850])).toMatchObject({ measured: '900 ms (median of 3)', met: true });
    expect(startup([990, 1020, 1100])).toMatchObject({ measured: '1020 ms (median of 3)', met: false });
  });
});
