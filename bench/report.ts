import { type BulkResult, bulkText } from './bulk.ts';
import { type FinderIndexCost, finderIndexText } from './finder-index.ts';
import type { FullSync } from './full-sync.ts';
import type { LoadResult } from './load-result.ts';
import { OPERATIONS, type OperationName, operationNamed } from './operations.ts';

/**
 * One measured operation: the server's numbers and its two ceilings' for an answer of the same status and size,
 * each combined from slices measured in turn (`combineSlices`), so all three saw the machine in the same minute.
 */
export interface Measurement {
  operation: OperationName;
  responseBytes: number;
  server: LoadResult;
  /** The bare node:http ceiling: ratios and floors are judged against it. */
  nodeHttp: LoadResult;
  /** The bare Fastify route, for reference only. */
  fastify: LoadResult;
  /** The SQL haversine scan the store finder is compared with (operations with a `scanFloor`). */
  scan?: LoadResult;
  /** req/s of each slice, in the order measured. */
  slices?: { server: number[]; nodeHttp: number[]; fastify: number[]; scan?: number[] };
}

/**
 * Slices of one load combined: the median slice's rate and latencies (the machine's speed drifts within minutes, and
 * a median ignores one slice caught in a neighbour's burst), every request and failure counted.
 */
export function combineSlices(slices: readonly LoadResult[]): LoadResult {
  if (slices.length === 0) throw new Error('combineSlices needs at least one slice');
  const statusCodes: Record<string, number> = {};
  for (const slice of slices)
    for (const [code, count] of Object.entries(slice.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  const sum = (pick: (slice: LoadResult) => number) => slices.reduce((total, slice) => total + pick(slice), 0);
  return {
    requestsPerSecond: median(slices.map((slice) => slice.requestsPerSecond)),
    p50Ms: median(slices.map((slice) => slice.p50Ms)),
    p99Ms: median(slices.map((slice) => slice.p99Ms)),
    requests: sum((slice) => slice.requests),
    unexpected: sum((slice) => slice.unexpected),
    errors: sum((slice) => slice.errors),
    statusCodes,
  };
}

export interface RunFacts {
  date: string;
  commit: string;
  cores: number;
  cpuModel: string;
  nodeVersion: string;
  database: string;
  locations: number;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** Alternating slices per operation, each of `durationSeconds / slices`. */
  slices: number;
  loadBefore: number[];
  loadAfter: number[];
  /** Spawn to first answer of each start of the server under test, in order; the report gives their median. */
  startupsMs: number[];
  peakRssBytes: number | undefined;
  seedSeconds: number;
  /** One full sync of each API before the loads: how long reading every page takes. */
  fullSyncs: FullSync[];
  totalSeconds: number;
  /** Operations not measured, with the reason (e.g. a server that sends no ETag). */
  skipped: { operation: OperationName; reason: string }[];
  /** What the store finder's index costs to build and rebuild, as `finder-index.ts` measured it. */
  finderIndex?: FinderIndexCost;
  /** The bulk import and export steps (`bulk.ts`). */
  bulk?: BulkResult;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The server's rate as a share of the node:http ceiling's. */
export function ratioToNodeHttp(m: Measurement): number {
  return m.server.requestsPerSecond / m.nodeHttp.requestsPerSecond;
}

export interface FloorVerdict {
  operation: OperationName;
  floor: number;
  /** The ratio, or why there is none. */
  measured: string;
  /** Undefined when the operation was not measured. */
  met: boolean | undefined;
}

const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const rps = (value: number) => value.toFixed(0);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const failuresOf = (result: LoadResult) => result.unexpected + result.errors;

/**
 * Judges every operation that has a floor. A floor is met only by correct answers: a rate made of wrong statuses
 * or errors (a 200 where a 304 was due) measures something else, so any failure misses it.
 */
export function floorVerdicts(measurements: readonly Measurement[], skipped: RunFacts['skipped']): FloorVerdict[] {
  const verdicts: FloorVerdict[] = [];
  for (const operation of OPERATIONS) {
    if (operation.floor === undefined) continue;
    const m = measurements.find((candidate) => candidate.operation === operation.name);
    if (!m) {
      const reason = skipped.find((s) => s.operation === operation.name)?.reason;
      verdicts.push({
        operation: operation.name,
        floor: operation.floor,
        measured: reason ? `not measured: ${reason}` : 'not measured',
        met: undefined,
      });
      continue;
    }
    const ratio = ratioToNodeHttp(m);
    const failures = failuresOf(m.server);
    verdicts.push({
      operation: operation.name,
      floor: operation.floor,
      measured: failures === 0 ? percent(ratio) : `${percent(ratio)}, with ${failures} failed requests`,
      met: ratio >= operation.floor && failures === 0,
    });
  }
  return verdicts;
}

/**
 * The server's rate as a multiple of the SQL haversine scan's, for operations measured against one. A scan that
 * finished no request within a slice (each takes seconds at a million locations) ran at less than one request a
 * slice: the multiple is then at least the server's rate over that (`atLeast`).
 */
export function timesTheScan(m: Measurement, sliceSeconds: number): { times: number; atLeast: boolean } | undefined {
  if (!m.scan) return undefined;
  const answered = m.scan.requestsPerSecond > 0;
  const scanRate = answered ? m.scan.requestsPerSecond : 1 / sliceSeconds;
  return { times: m.server.requestsPerSecond / scanRate, atLeast: !answered };
}

/** The table of operations measured against the SQL haversine scan, with their floors (empty when there are none). */
function scanLines(measurements: readonly Measurement[], sliceSeconds: number): string[] {
  const rows = measurements.flatMap((m) => {
    const ratio = timesTheScan(m, sliceSeconds);
    const floor = operationNamed(m.operation).scanFloor;
    if (ratio === undefined || floor === undefined || !m.scan) return [];
    const met = ratio.times >= floor && failuresOf(m.server) === 0 && failuresOf(m.scan) === 0;
    const scanRate = ratio.atLeast
      ? `< ${(1 / sliceSeconds).toFixed(2)} (none answered within a slice)`
      : m.scan.requestsPerSecond.toFixed(1);
    return [
      `| ${operationNamed(m.operation).label} | ${rps(m.server.requestsPerSecond)} | ${scanRate} | ${ratio.atLeast ? '> ' : ''}${ratio.times.toFixed(0)}× | ≥ ${floor}× | ${mark(met)} |`,
    ];
  });
  if (rows.length === 0) return [];
  return [
    '## Against the SQL haversine scan',
    '',
    "The common way, measured in the same slices on the same database: one SQL haversine over all of the project's visible locations per request, ordered by distance (`haversine-scan-server.ts`).",
    '',
    '| Operation | server req/s | scan req/s | server / scan | Floor | |',
    '| - | -: | -: | -: | -: | - |',
    ...rows,
    '',
  ];
}

const mark = (met: boolean | undefined) => (met === undefined ? '–' : met ? 'met' : '**missed**');

/** The median start-up and each start, as the report states them. */
function startupText(startupsMs: readonly number[]): string {
  if (startupsMs.length === 1) return `${startupsMs[0]?.toFixed(0)} ms`;
  return `${median(startupsMs).toFixed(0)} ms, the median of ${startupsMs.length} starts (${startupsMs.map((value) => value.toFixed(0)).join(', ')} ms)`;
}

function fullSyncText(syncs: RunFacts['fullSyncs']): string {
  if (syncs.length === 0) return 'not run';
  return syncs
    .map(
      (sync) => `${sync.api.toUpperCase()} ${sync.pages.toLocaleString('en-US')} pages in ${sync.seconds.toFixed(1)} s`,
    )
    .join(', ');
}

/** How long each slice measured. */
function sliceText(facts: RunFacts): string {
  const seconds = facts.durationSeconds / facts.slices;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

function failureText(result: LoadResult): string {
  const failures = failuresOf(result);
  return failures === 0 ? '0' : `**${result.unexpected} / ${result.errors}** ${JSON.stringify(result.statusCodes)}`;
}

function row(m: Measurement): string {
  const cells = [
    operationNamed(m.operation).label,
    rps(m.server.requestsPerSecond),
    ms(m.server.p50Ms),
    ms(m.server.p99Ms),
    m.responseBytes.toLocaleString('en-US'),
    rps(m.nodeHttp.requestsPerSecond),
    percent(ratioToNodeHttp(m)),
    rps(m.fastify.requestsPerSecond),
    failureText(m.server),
  ];
  return `| ${cells.join(' | ')} |`;
}

/** The results as Markdown: the machine, one row per operation, the floors, the recorded figures, the slices. */
export function renderReport(measurements: readonly Measurement[], facts: RunFacts): string {
  const load = (values: number[]) => values.map((v) => v.toFixed(2)).join(', ');
  const lines = [
    '# Benchmark results',
    '',
    `Run ${facts.date} on commit \`${facts.commit}\`.`,
    '',
    `- Machine: ${facts.cores} cores (${facts.cpuModel}), Node ${facts.nodeVersion}`,
    `- Load average (1, 5, 15 min) before: ${load(facts.loadBefore)}; after: ${load(facts.loadAfter)}`,
    `- Database: ${facts.database}, one project of ${facts.locations.toLocaleString('en-US')} locations (seeded in ${facts.seedSeconds.toFixed(0)} s)`,
    `- Load: autocannon in its own process on 127.0.0.1, ${facts.connections} connections; per operation ${facts.slices} slices of ${sliceText(facts)} measured in turn against the server, the node:http ceiling and the Fastify ceiling, after ${facts.warmupSeconds} s warm-up of each; every figure is the median slice's`,
    `- Whole run: ${facts.totalSeconds.toFixed(0)} s`,
    '',
    '| Operation | req/s | p50 ms | p99 ms | body bytes | node:http req/s | of node:http | Fastify req/s (reference) | unexpected status / errors |',
    '| - | -: | -: | -: | -: | -: | -: | -: | -: |',
    ...measurements.map(row),
    '',
    '## Floors',
    '',
    '| Operation | Floor (share of node:http) | Measured | |',
    '| - | -: | - | - |',
    ...floorVerdicts(measurements, facts.skipped).map(
      (v) => `| ${operationNamed(v.operation).label} | ≥ ${percent(v.floor)} | ${v.measured} | ${mark(v.met)} |`,
    ),
    '',
    ...scanLines(measurements, facts.durationSeconds / facts.slices),
    '## Recorded',
    '',
    `- Start-up of the built server (\`npm run build\`, then \`node bin/locator.js serve\`) to its first answered request: ${startupText(facts.startupsMs)}`,
    `- Server peak RSS: ${facts.peakRssBytes === undefined ? 'not measured' : mb(facts.peakRssBytes)}`,
    `- Full sync, every page of 100 read once, 4 pages in flight: ${fullSyncText(facts.fullSyncs)}`,
    ...finderIndexText(facts.finderIndex),
    ...bulkText(facts.bulk),
  ];
  const list = (values: number[]) => values.map(rps).join(', ');
  const sliced = measurements.filter((m) => m.slices);
  if (sliced.length > 0) {
    lines.push('', '## Slices', '', 'req/s of each slice, in the order measured:', '');
    for (const m of sliced) {
      if (!m.slices) continue;
      const scan = m.slices.scan
        ? `; SQL haversine scan ${m.slices.scan.map((value) => value.toFixed(1)).join(', ')}`
        : '';
      lines.push(
        `- ${operationNamed(m.operation).label}: server ${list(m.slices.server)}; node:http ${list(m.slices.nodeHttp)}; Fastify ${list(m.slices.fastify)}${scan}`,
      );
    }
  }
  if (facts.skipped.length > 0) {
    lines.push(
      '',
      '## Not measured',
      '',
      ...facts.skipped.map((s) => `- ${operationNamed(s.operation).label}: ${s.reason}`),
    );
  }
  return `${lines.join('\n')}\n`;
}
