import type { FullSync } from './full-sync.ts';
import type { LoadResult } from './load-worker.ts';
import { operationNamed, type OperationName } from './operations.ts';

/**
 * One measured operation: the server's numbers and the ceiling's for a body of the same size, each combined from
 * slices measured in turn (`combineSlices`), so both sides saw the machine in the same minute.
 */
export interface Measurement {
  operation: OperationName;
  responseBytes: number;
  server: LoadResult;
  ceiling: LoadResult;
  /** A write's V2 GET ceiling, measured in slices alternating with the write's own. */
  getCeiling?: LoadResult;
  /** req/s of each slice, in the order measured. */
  slices?: { server: number[]; ceiling: number[]; getCeiling?: number[] };
}

/**
 * Slices of one load combined: the median slice's rate and latencies (the machine's speed drifts within minutes, and
 * a median ignores one slice caught in a neighbour's burst), every request and failure counted.
 */
export function combineSlices(slices: readonly LoadResult[]): LoadResult {
  if (slices.length === 0) throw new Error('combineSlices needs at least one slice');
  const statusCodes: Record<string, number> = {};
  for (const slice of slices) for (const [code, count] of Object.entries(slice.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  const sum = (pick: (slice: LoadResult) => number) => slices.reduce((total, slice) => total + pick(slice), 0);
  return {
    requestsPerSecond: median(slices.map((slice) => slice.requestsPerSecond)),
    p50Ms: median(slices.map((slice) => slice.p50Ms)),
    p99Ms: median(slices.map((slice) => slice.p99Ms)),
    requests: sum((slice) => slice.requests),
    non2xx: sum((slice) => slice.non2xx),
    errors: sum((slice) => slice.errors),
    statusCodes,
  };
}

/** The V2 GET ceiling a write is compared with: its own alternating one, or the V2 GET operation's. */
function getCeilingOf(m: Measurement, measurements: readonly Measurement[]): number | undefined {
  return (m.getCeiling ?? measurements.find((other) => other.operation === 'v2-get')?.ceiling)?.requestsPerSecond;
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
  /** Spawn to first answer of each start of the server under test, in order; the target is judged on their median. */
  startupsMs: number[];
  peakRssBytes: number | undefined;
  seedSeconds: number;
  /** The first full sync of each API after seeding, which builds every stored document. */
  fullSyncs: FullSync[];
  totalSeconds: number;
  /** Operations not measured, with the reason (e.g. a V1 route that answers 404). */
  skipped: { operation: OperationName; reason: string }[];
  /** V2 GET req/s in alternating runs with the rate limiter on and off, when both were measured. */
  limiterPairs: { on: number[]; off: number[] } | undefined;
}

/** How long each slice measured. */
function sliceText(facts: RunFacts): string {
  const seconds = facts.durationSeconds / facts.slices;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

/** The median start-up and each start, as the report states them. */
function startupText(startupsMs: readonly number[]): string {
  if (startupsMs.length === 1) return `${startupsMs[0]?.toFixed(0)} ms`;
  return `${median(startupsMs).toFixed(0)} ms, the median of ${startupsMs.length} starts (${startupsMs.map((ms) => ms.toFixed(0)).join(', ')} ms)`;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The first targets, as ratios or absolute bounds. */
export const TARGETS = {
  getRatio: 0.5,
  listRatio: 0.35,
  writeRatioOfGetCeiling: 0.2,
  limiterCost: 0.1,
  peakRssBytes: 300 * 1024 * 1024,
  startupMs: 1000,
} as const;

export interface Verdict {
  what: string;
  target: string;
  measured: string;
  met: boolean | undefined;
}

const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const rps = (value: number) => value.toFixed(0);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function ratioTarget(operation: OperationName): number | undefined {
  switch (operation) {
    case 'v2-get':
      return TARGETS.getRatio;
    case 'v2-list':
    case 'v1-list':
      return TARGETS.listRatio;
    default:
      return undefined;
  }
}

/** Checks every target against a run; an operation that was not measured gives an undecided verdict. */
export function verdicts(measurements: Measurement[], facts: RunFacts): Verdict[] {
  const find = (name: OperationName) => measurements.find((m) => m.operation === name);
  const result: Verdict[] = [];
  for (const name of ['v2-get', 'v2-list', 'v1-list'] as const) {
    const target = ratioTarget(name);
    const m = find(name);
    if (target === undefined) continue;
    const ratio = m ? m.server.requestsPerSecond / m.ceiling.requestsPerSecond : undefined;
    result.push({
      what: `${operationNamed(name).label}: share of its ceiling`,
      target: `≥ ${percent(target)}`,
      measured: ratio === undefined ? 'not measured' : percent(ratio),
      met: ratio === undefined ? undefined : ratio >= target,
    });
  }
  for (const name of ['v2-patch', 'v2-post'] as const) {
    const m = find(name);
    const getCeiling = m && getCeilingOf(m, measurements);
    const ratio = m && getCeiling ? m.server.requestsPerSecond / getCeiling : undefined;
    result.push({
      what: `${operationNamed(name).label}: share of the V2 GET ceiling`,
      target: `≥ ${percent(TARGETS.writeRatioOfGetCeiling)}`,
      measured: ratio === undefined ? 'not measured' : percent(ratio),
      met: ratio === undefined ? undefined : ratio >= TARGETS.writeRatioOfGetCeiling,
    });
  }
  const pairs = facts.limiterPairs;
  const on = find('v2-get')?.server.requestsPerSecond;
  const off = find('v2-get-no-limiter')?.server.requestsPerSecond;
  // Each pair ran back to back, so its ratio holds whatever the machine's speed did between pairs.
  const ratio = pairs ? median(pairs.on.map((rate, index) => rate / (pairs.off[index] ?? Number.NaN))) : on !== undefined && off ? on / off : undefined;
  const cost = ratio === undefined || Number.isNaN(ratio) ? undefined : 1 - ratio;
  result.push({
    what: pairs ? `Rate limiter cost on V2 GET (1 − on/off, median of ${pairs.on.length} alternating pairs)` : 'Rate limiter cost on V2 GET (1 − on/off)',
    target: `< ${percent(TARGETS.limiterCost)}`,
    measured: cost === undefined ? 'not measured' : percent(cost),
    met: cost === undefined ? undefined : cost < TARGETS.limiterCost,
  });
  result.push({
    what: `Server peak RSS with ${facts.locations.toLocaleString('en-US')} locations`,
    target: `< ${mb(TARGETS.peakRssBytes)}`,
    measured: facts.peakRssBytes === undefined ? 'not measured' : mb(facts.peakRssBytes),
    met: facts.peakRssBytes === undefined ? undefined : facts.peakRssBytes < TARGETS.peakRssBytes,
  });
  result.push({
    what: 'Start-up: spawn to first answered request',
    target: `< ${TARGETS.startupMs} ms`,
    measured: `${median(facts.startupsMs).toFixed(0)} ms (median of ${facts.startupsMs.length})`,
    met: median(facts.startupsMs) < TARGETS.startupMs,
  });
  return result;
}

const mark = (met: boolean | undefined) => (met === undefined ? '–' : met ? 'met' : '**missed**');

function fullSyncText(syncs: RunFacts['fullSyncs']): string {
  if (syncs.length === 0) return 'none';
  return syncs.map((sync) => `${sync.api.toUpperCase()} ${sync.pages.toLocaleString('en-US')} pages in ${sync.seconds.toFixed(1)} s`).join(', ');
}

/** The results as Markdown: the machine, one row per operation, the targets, and anything skipped. */
export function renderReport(measurements: Measurement[], facts: RunFacts): string {
  const rows = measurements.map((m) => {
    const op = operationNamed(m.operation);
    const own = m.server.requestsPerSecond / m.ceiling.requestsPerSecond;
    const getCeiling = getCeilingOf(m, measurements);
    const ofGet = op.alsoComparedWith && getCeiling ? percent(m.server.requestsPerSecond / getCeiling) : '';
    const failures = m.server.non2xx + m.server.errors;
    return `| ${op.label} | ${rps(m.server.requestsPerSecond)} | ${ms(m.server.p50Ms)} | ${ms(m.server.p99Ms)} | ${m.responseBytes.toLocaleString('en-US')} | ${rps(m.ceiling.requestsPerSecond)} | ${percent(own)} | ${ofGet} | ${failures === 0 ? '0' : `**${failures}** ${JSON.stringify(m.server.statusCodes)}`} |`;
  });
  const load = (values: number[]) => values.map((v) => v.toFixed(2)).join(', ');
  const lines = [
    '# Benchmark results',
    '',
    `Run ${facts.date} on commit \`${facts.commit}\`.`,
    '',
    `- Machine: ${facts.cores} cores (${facts.cpuModel}), Node ${facts.nodeVersion}`,
    `- Load average (1, 5, 15 min) before: ${load(facts.loadBefore)}; after: ${load(facts.loadAfter)}`,
    `- Database: ${facts.database}, one project of ${facts.locations.toLocaleString('en-US')} locations (seeded in ${facts.seedSeconds.toFixed(0)} s)`,
    `- Load: autocannon in its own process on 127.0.0.1, ${facts.connections} connections; per operation ${facts.slices} slices of ${sliceText(facts)} measured in turn against the server and its ceiling (writes: and the V2 GET ceiling), after ${facts.warmupSeconds} s warm-up of each; every figure is the median slice's`,
    `- Before measuring, one full sync per API read every page of 100 (which builds each location's stored document): ${fullSyncText(facts.fullSyncs)}`,
    `- Whole run: ${facts.totalSeconds.toFixed(0)} s`,
    '',
    '| Operation | req/s | p50 ms | p99 ms | body bytes | ceiling req/s | of own ceiling | of V2 GET ceiling | non-2xx / errors |',
    '| - | -: | -: | -: | -: | -: | -: | -: | -: |',
    ...rows,
    '',
    `Server peak RSS: ${facts.peakRssBytes === undefined ? 'not measured' : mb(facts.peakRssBytes)}. Start-up of the built server (\`npm run build\`, then \`node bin/locator.js serve\`) to its first answered request: ${startupText(facts.startupsMs)}.`,
    '',
    '## Targets',
    '',
    '| Target | Goal | Measured | |',
    '| - | - | - | - |',
    ...verdicts(measurements, facts).map((v) => `| ${v.what} | ${v.target} | ${v.measured} | ${mark(v.met)} |`),
  ];
  const list = (values: number[]) => values.map(rps).join(', ');
  const sliced = measurements.filter((m) => m.slices);
  if (sliced.length > 0) {
    lines.push('', '## Slices', '', 'req/s of each slice, in the order measured:', '');
    for (const m of sliced) {
      const slices = m.slices;
      if (!slices) continue;
      const get = slices.getCeiling ? `; V2 GET ceiling ${list(slices.getCeiling)}` : '';
      lines.push(`- ${operationNamed(m.operation).label}: server ${list(slices.server)}; ceiling ${list(slices.ceiling)}${get}`);
    }
  }
  if (facts.limiterPairs) {
    lines.push('', `Rate limiter pairs, V2 GET req/s: on ${list(facts.limiterPairs.on)}; off ${list(facts.limiterPairs.off)}.`);
  }
  if (facts.skipped.length > 0) {
    lines.push('', '## Not measured', '', ...facts.skipped.map((s) => `- ${operationNamed(s.operation).label}: ${s.reason}`));
  }
  return `${lines.join('\n')}\n`;
}
