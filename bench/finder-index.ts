// What the store finder's in-memory index costs: the first search after start-up (which starts its build and is
// answered from the database meanwhile), how long the build takes and the memory it adds, and a search right after a
// write (which catches up with it). Single requests, one at a time, timed from here.
import { performance } from 'node:perf_hooks';
import { type RequestContext, requestFor } from './operations.ts';
import { median } from './report.ts';
import { seededRandom } from './seed-data.ts';

/** Writes, each followed by a search, whose median is reported. */
const WRITES = 5;

export interface FinderIndexCost {
  /** The first search of the project: it starts the index's build and is answered from the database. */
  firstSearchMs: number;
  /** From the first search until a search is answered by the index (`Server-Timing: search;desc="index"`). */
  buildMs: number;
  /** A search once built, for comparison. */
  warmSearchMs: number;
  /** The server's resident memory after the first search minus before it (garbage collection makes it approximate). */
  rssGrowthBytes: number | undefined;
  /** Each search right after a V2 PATCH of one location (the index reads what was written since), in order. */
  afterWriteMs: number[];
}

async function timed(
  url: string,
  spec: { path: string; method: string; headers: Record<string, string>; body?: string },
  expected: number,
): Promise<number> {
  return (await answered(url, spec, expected)).ms;
}

async function answered(
  url: string,
  spec: { path: string; method: string; headers: Record<string, string>; body?: string },
  expected: number,
): Promise<{ ms: number; from: string | undefined }> {
  const started = performance.now();
  const response = await fetch(url + spec.path, {
    method: spec.method,
    headers: spec.headers,
    ...(spec.body !== undefined ? { body: spec.body } : {}),
  });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== expected)
    throw new Error(`${spec.method} ${spec.path} answered ${response.status}, not ${expected}`);
  return { ms: elapsed, from: /desc="(\w+)"/.exec(response.headers.get('server-timing') ?? '')?.[1] };
}

/** How often the build is asked after, and for how long at most. */
const BUILD_POLL_MS = 100;
const BUILD_WAIT_MS = 600_000;

export async function measureFinderIndex(
  url: string,
  context: RequestContext,
  rssBytes: () => number | undefined,
): Promise<FinderIndexCost> {
  const random = seededRandom(7);
  const search = () => requestFor('public-search', context, 0, random);
  const before = rssBytes();
  const started = performance.now();
  const firstSearchMs = await timed(url, search(), 200);
  let buildMs = Number.POSITIVE_INFINITY;
  while (performance.now() - started < BUILD_WAIT_MS) {
    if ((await answered(url, search(), 200)).from === 'index') {
      buildMs = performance.now() - started;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, BUILD_POLL_MS));
  }
  const after = rssBytes();
  const warm: number[] = [];
  for (let n = 0; n < WRITES; n += 1) warm.push(await timed(url, search(), 200));
  const afterWriteMs: number[] = [];
  for (let n = 0; n < WRITES; n += 1) {
    await timed(url, requestFor('v2-patch', context, n, random), 200);
    afterWriteMs.push(await timed(url, search(), 200));
  }
  return {
    firstSearchMs,
    buildMs,
    warmSearchMs: median(warm),
    rssGrowthBytes: before === undefined || after === undefined ? undefined : after - before,
    afterWriteMs,
  };
}

export function finderIndexText(cost: FinderIndexCost | undefined): string[] {
  if (!cost) return [];
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  return [
    `- Store finder index: first search after start-up (starts the build, answered from the database) ${cost.firstSearchMs.toFixed(0)} ms; built (a search answered by the index) ${(cost.buildMs / 1000).toFixed(1)} s after it; a search once built ${cost.warmSearchMs.toFixed(1)} ms; resident memory it added ${cost.rssGrowthBytes === undefined ? 'not measured' : mb(cost.rssGrowthBytes)}`,
    `- Store finder, first search after a write (the index catches up): median ${median(cost.afterWriteMs).toFixed(0)} ms (${cost.afterWriteMs.map((value) => value.toFixed(0)).join(', ')} ms)`,
  ];
}
