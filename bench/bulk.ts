// Bulk import and export (issue 22's targets): a CSV of the benchmark's locations imported through the V2 endpoint as
// a dry run, for real into an empty project, and again (every row unchanged); the seeded project exported as CSV. Each
// timed from the POST to the import's end (polled every 50 ms), or from the GET to the last byte, by a server started
// for this alone, so that its peak RSS (VmHWM) is the bulk work's.
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { stringify } from 'csv-stringify/sync';
import { openDatabase } from '../packages/server/src/db/connection.ts';
import type { ServerProcess } from './processes.ts';
import { seedBenchmarkProject } from './seed.ts';
import { BENCH_CATALOG, seededRandom, seedLocation } from './seed-data.ts';

/** The targets of issue 22, on either database. */
export const BULK_TARGETS = { importSeconds: 15, importPeakRssBytes: 400 * 1024 * 1024, exportSeconds: 5 } as const;

export interface BulkStep {
  label: string;
  seconds: number;
  /**
   * CPU time the server spent in the step (user and system): what the step costs on an idle machine, whatever the load.
   */
  cpuSeconds: number | undefined;
  /** The server's VmHWM after the step: the most it has held since it started. */
  peakRssBytes: number | undefined;
  /** For the export: the most its resident memory grew over what it held before, sampled every 20 ms. */
  rssGrowthBytes?: number | undefined;
  /** The import's report counts, or the export's size. */
  outcome: string;
  target?: { seconds: number; peakRssBytes?: number };
}

export interface BulkResult {
  rows: number;
  fileBytes: number;
  loadBefore: number[];
  loadAfter: number[];
  steps: BulkStep[];
}

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/**
 * A CSV of `rows` locations as a business would import them: every column the benchmark's locations have, keyed by
 * store number.
 */
export function importFileOf(rows: number): Buffer {
  const random = seededRandom(20261126);
  const header = [
    'external_id',
    'name',
    'address_line_1',
    'address_line_2',
    'city',
    'state',
    'postcode',
    'country',
    'phone',
    'email',
    'url',
    'lat',
    'lng',
    'visible',
    'location_type',
    'marker',
    ...WEEKDAYS,
    'filters',
    'facebook',
    'instagram',
    'twitter',
    ...BENCH_CATALOG.fields.map((name) => `field:${name}`),
    ...BENCH_CATALOG.callsToAction.map((title) => `cta:${title}`),
  ];
  const lines = [stringify([header])];
  for (let start = 0; start < rows; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, rows - start) }, (_, offset) => {
      const index = start + offset;
      const l = seedLocation(index, random);
      return [
        `store-${index + 1}`,
        l.name,
        l.address_line_1,
        l.address_line_2 ?? '',
        l.city,
        l.state,
        l.postcode,
        l.country,
        l.phone,
        l.email,
        l.url,
        l.lat,
        l.lng,
        l.visible ? 'true' : 'false',
        BENCH_CATALOG.types[l.typeIndex]?.name ?? '',
        BENCH_CATALOG.markers[l.markerIndex]?.name ?? '',
        ...WEEKDAYS.map((day) => l.hours[day] ?? ''),
        l.filterIndexes.map((f) => BENCH_CATALOG.filters[f]).join('|'),
        l.facebook ?? '',
        l.instagram,
        l.twitter ?? '',
        ...l.fieldValues,
        ...BENCH_CATALOG.callsToAction.map((_, cta) => (cta === l.callToAction.index ? l.callToAction.value : '')),
      ];
    });
    lines.push(stringify(batch));
  }
  return Buffer.from(lines.join(''));
}

/** An empty project of its own user, with the benchmark's configuration and a token for it. */
export async function emptyProject(databaseUrl: string): Promise<{ projectId: string; token: string }> {
  const handle = openDatabase(databaseUrl);
  try {
    const seeded = await seedBenchmarkProject(handle.db, { locations: 0 });
    return { projectId: seeded.projectId, token: seeded.v2Token };
  } finally {
    await handle.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The CPU time a process has used (user and system, from /proc/<pid>/stat in clock ticks of 1/100 s), or undefined. */
function cpuSecondsOf(pid: number): number | undefined {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return undefined;
  // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and
  // 13th.
  const fields = readFileSync(stat, 'utf8')
    .slice(readFileSync(stat, 'utf8').lastIndexOf(')') + 2)
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The CPU time a process spends in `work`. */
async function withCpu<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; cpuSeconds: number | undefined }> {
  const before = cpuSecondsOf(pid);
  const result = await work();
  const after = cpuSecondsOf(pid);
  return { result, cpuSeconds: before === undefined || after === undefined ? undefined : after - before };
}

interface ImportEnd {
  status: string;
  error: string | null;
  report: {
    created: number;
    updated: number;
    unchanged: number;
    deleted: number;
    failed: number;
    geocoding_queued: number;
  } | null;
}

/** Posts the file and polls until the import ends; the time from the POST to the answer that says it ended. */
async function timedImport(
  url: string,
  project: { projectId: string; token: string },
  file: Buffer,
  query: string,
): Promise<{ seconds: number; end: ImportEnd }> {
  const headers = { authorization: `Bearer ${project.token}` };
  const started = performance.now();
  const posted = await fetch(`${url}/api/v2/projects/${project.projectId}/imports${query}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'text/csv' },
    body: new Uint8Array(file),
  });
  const accepted = (await posted.json()) as { data?: { id: string } };
  if (posted.status !== 202 || !accepted.data)
    throw new Error(`the import was not accepted: ${posted.status} ${JSON.stringify(accepted)}`);
  for (;;) {
    const response = await fetch(`${url}/api/v2/projects/${project.projectId}/imports/${accepted.data.id}`, {
      headers,
    });
    const { data } = (await response.json()) as { data: ImportEnd };
    if (data.status === 'done' || data.status === 'failed')
      return { seconds: (performance.now() - started) / 1000, end: data };
    if (performance.now() - started > 600_000) throw new Error('the import did not end within 10 minutes');
    await sleep(50);
  }
}

const countsOf = (end: ImportEnd) =>
  end.report
    ? `${end.status}: ${end.report.created} created, ${end.report.updated} updated, ${end.report.unchanged} unchanged, ${end.report.failed} failed`
    : `${end.status}: ${end.error ?? ''}`;

/** Streams the export and samples the server's memory meanwhile. */
async function timedExport(
  server: ServerProcess,
  projectId: string,
  token: string,
): Promise<{ seconds: number; bytes: number; rssGrowthBytes: number | undefined }> {
  const before = server.rssBytes();
  let most = before ?? 0;
  const sampler = setInterval(() => (most = Math.max(most, server.rssBytes() ?? 0)), 20);
  const started = performance.now();
  try {
    const response = await fetch(`${server.url}/api/v2/projects/${projectId}/locations/export?format=csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.status !== 200 || !response.body) throw new Error(`the export answered ${response.status}`);
    let bytes = 0;
    for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
    return {
      seconds: (performance.now() - started) / 1000,
      bytes,
      rssGrowthBytes: before === undefined ? undefined : most - before,
    };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * The bulk steps against a server started for them: a dry run, the import, the same file again, all into an empty
 * project; then the export of the seeded project of `exportProject`.
 */
export async function measureBulk(
  startServer: () => Promise<ServerProcess>,
  databaseUrl: string,
  rows: number,
  exportProject: { projectId: string; token: string },
  log: (line: string) => void,
): Promise<BulkResult> {
  const loadBefore = loadavg();
  const file = importFileOf(rows);
  const target = await emptyProject(databaseUrl);
  const server = await startServer();
  const steps: BulkStep[] = [];
  const target15 = { seconds: BULK_TARGETS.importSeconds, peakRssBytes: BULK_TARGETS.importPeakRssBytes };
  try {
    for (const [label, query, goal] of [
      ['Import, dry run', '?dry_run=1', target15],
      ['Import into an empty project', '', target15],
      ['Import of the same file again (every row unchanged)', '', undefined],
    ] as const) {
      log(`${label}: ${rows.toLocaleString('en-US')} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB…`);
      const { result, cpuSeconds } = await withCpu(server.pid, () => timedImport(server.url, target, file, query));
      const { seconds, end } = result;
      steps.push({
        label,
        seconds,
        cpuSeconds,
        peakRssBytes: server.peakRssBytes(),
        outcome: countsOf(end),
        ...(goal ? { target: goal } : {}),
      });
      log(`  ${seconds.toFixed(1)} s (server CPU ${cpuSeconds?.toFixed(1) ?? '?'} s), ${countsOf(end)}`);
    }
    log('Export of the seeded project as CSV…');
    const { result: exported, cpuSeconds } = await withCpu(server.pid, () =>
      timedExport(server, exportProject.projectId, exportProject.token),
    );
    steps.push({
      label: 'Export as CSV (the seeded project)',
      seconds: exported.seconds,
      cpuSeconds,
      peakRssBytes: server.peakRssBytes(),
      rssGrowthBytes: exported.rssGrowthBytes,
      outcome: `${(exported.bytes / 1024 / 1024).toFixed(1)} MB`,
      target: { seconds: BULK_TARGETS.exportSeconds },
    });
    log(`  ${exported.seconds.toFixed(1)} s, ${(exported.bytes / 1024 / 1024).toFixed(1)} MB`);
  } finally {
    await server.stop();
  }
  return { rows, fileBytes: file.length, loadBefore, loadAfter: loadavg(), steps };
}

const mb = (bytes: number | undefined) =>
  bytes === undefined ? 'not measured' : `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** The report's section on the bulk steps. */
export function bulkText(result: BulkResult | undefined): string[] {
  if (!result) return [];
  const verdict = (step: BulkStep) => {
    if (!step.target) return 'recorded';
    const fast = step.seconds < step.target.seconds;
    const small =
      step.target.peakRssBytes === undefined ||
      (step.peakRssBytes !== undefined && step.peakRssBytes < step.target.peakRssBytes);
    return `${fast && small ? 'met' : 'missed'} (< ${step.target.seconds} s${step.target.peakRssBytes ? `, peak RSS < ${mb(step.target.peakRssBytes)}` : ''})`;
  };
  return [
    '',
    '## Bulk import and export',
    '',
    `A CSV of ${result.rows.toLocaleString('en-US')} locations (${(result.fileBytes / 1024 / 1024).toFixed(1)} MB, every column the seeded locations have), posted to the V2 imports endpoint of a server started for these steps alone, timed from the POST to the status that says the import ended (polled every 50 ms). Load average before: ${result.loadBefore.map((v) => v.toFixed(2)).join(', ')}; after: ${result.loadAfter.map((v) => v.toFixed(2)).join(', ')}.`,
    '',
    'Seconds are wall time, judged against the targets; server CPU is the time the server process spent computing in the step, which a busy machine does not stretch (a step that needs more CPU than the target allows cannot meet it on any machine of this speed; one that needs less meets it where the cores are free).',
    '',
    '| Step | Seconds | Server CPU s | Server peak RSS so far | Export RSS growth | Outcome | Target |',
    '| - | -: | -: | -: | -: | - | - |',
    ...result.steps.map(
      (step) =>
        `| ${step.label} | ${step.seconds.toFixed(1)} | ${step.cpuSeconds === undefined ? 'not measured' : step.cpuSeconds.toFixed(1)} | ${mb(step.peakRssBytes)} | ${step.rssGrowthBytes === undefined ? '' : mb(step.rssGrowthBytes)} | ${step.outcome} | ${verdict(step)} |`,
    ),
  ];
}
