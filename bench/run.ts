// `npm run bench [-- --quick] [-- --db postgres://...]`: seeds a fresh database, starts the server, and measures each
// operation from a separate autocannon process in slices alternating with two ceilings that answer the same bytes
// without work (bare node:http, the one judged against, and a bare Fastify route for reference). Writes the table to
// bench/results/. How to read it: bench/README.md.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import cliProgress from 'cli-progress';
import { sql } from 'kysely';
import { openDatabase } from '../packages/server/src/db/connection.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { type BulkResult, measureBulk } from './bulk.ts';
import { readETags, whyNotRevalidated } from './etags.ts';
import { finderIndexText, measureFinderIndex } from './finder-index.ts';
import { createFreshDatabase, type FreshDatabase } from './fresh-database.ts';
import { type FullSync, fullSync } from './full-sync.ts';
import type { LoadResult } from './load-result.ts';
import type { LoadJob } from './load-worker.ts';
import { OPERATIONS, type Operation, type RequestContext } from './operations.ts';
import { type Options, parseOptions, SLICES, sliceSecondsOf } from './options.ts';
import { probe } from './probe.ts';
import {
  REPO_ROOT,
  runLoad,
  type ServerProcess,
  startCeilingServer,
  startScanServer,
  startServerUnderTest,
} from './processes.ts';
import { combineSlices, type Measurement, type RunFacts, renderReport } from './report.ts';
import { seedBenchmarkProject } from './seed.ts';

/** Starts of the server under test whose median is its start-up time: one start varies by a fifth on a shared VM. */
const STARTS = 5;

/**
 * A rate limit that is on but never refuses: the limiter's cost, as production runs it, without a 429 in the numbers.
 */
const LIMIT_NEVER_REACHED = '1000000000';
const LIMITER_ON = {
  RATE_LIMIT_PER_MINUTE: LIMIT_NEVER_REACHED,
  V1_RATE_LIMIT_PER_MINUTE: LIMIT_NEVER_REACHED,
  PUBLIC_RATE_LIMIT_PER_MINUTE: LIMIT_NEVER_REACHED,
  AUTH_FAILURE_LIMIT_PER_MINUTE: LIMIT_NEVER_REACHED,
  // The run times the store finder's first search, which then builds the index, rather than a build begun at start.
  STORE_FINDER_WARM_UP: 'off',
};

const log = (line: string) => process.stderr.write(`${line}\n`);

async function seed(database: FreshDatabase, locations: number) {
  const handle = openDatabase(database.url);
  const bar = new cliProgress.SingleBar(
    { format: 'Seeding  [{bar}] {value}/{total} locations  {duration}s', stream: process.stderr },
    cliProgress.Presets.shades_classic,
  );
  try {
    await migrateToLatest(handle);
    bar.start(locations, 0);
    const seeded = await seedBenchmarkProject(handle.db, { locations, onProgress: (written) => bar.update(written) });
    // PostgreSQL plans from table statistics, and autovacuum would vacuum and analyze a bulk load a while later,
    // competing with the measurements for the two cores; a database that has served for a while has had both.
    if (database.dialect === 'postgres') await sql`vacuum analyze`.execute(handle.db);
    return seeded;
  } finally {
    bar.stop();
    await handle.close();
  }
}

function gitCommit(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no', '--', 'packages/server/src'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    }).trim();
    return dirty ? `${commit} + uncommitted server changes` : commit;
  } catch {
    return 'unknown';
  }
}

/**
 * Measures several loads in turn, slice after slice (server, ceiling, server, ceiling, …), so that each is compared
 * with the others as the machine was in the same minute: a shared VM's speed drifts by a third within a run, and a
 * ceiling measured minutes apart moved a ratio by as much. The first slice of each load warms it up fully.
 */
async function alternate(jobs: LoadJob[], sliceSeconds: number): Promise<{ combined: LoadResult; rates: number[] }[]> {
  const slices: LoadResult[][] = jobs.map(() => []);
  for (let slice = 0; slice < SLICES; slice += 1) {
    for (const [index, job] of jobs.entries()) {
      const result = await runLoad({
        ...job,
        warmupSeconds: slice === 0 ? job.warmupSeconds : Math.min(1, job.warmupSeconds),
        durationSeconds: sliceSeconds,
        round: slice,
      });
      slices[index]?.push(result);
    }
  }
  return slices.map((results) => ({
    combined: combineSlices(results),
    rates: results.map((result) => result.requestsPerSecond),
  }));
}

/**
 * The context an operation's requests need, or why it cannot be measured. The 304 operation sends each location's
 * current ETag, read here, just before its load: anything written earlier would have made them stale.
 */
async function contextFor(
  operation: Operation,
  serverUrl: string,
  context: RequestContext,
): Promise<{ context: RequestContext } | { skip: string }> {
  if (operation.expectedStatus !== 304) return { context };
  log(`${operation.label}: reading the ETag of ${context.locations.length} locations…`);
  const locations = await readETags(serverUrl, context);
  const reason = whyNotRevalidated(locations);
  return reason === undefined ? { context: { ...context, locations } } : { skip: reason };
}

/**
 * One operation against the server and its two ceilings, each a fresh process answering what the probe saw; for the
 * store finder also against the SQL haversine scan it is compared with, on the same database.
 */
async function measure(
  operation: Operation,
  serverUrl: string,
  context: RequestContext,
  options: Options,
  databaseUrl: string,
): Promise<Measurement> {
  const answer = await probe(serverUrl, operation.name, context);
  const spec = { method: operation.method, route: operation.route, answer };
  const others: { url: string; stop(): Promise<void> }[] = [];
  try {
    const nodeHttp = await startCeilingServer({ kind: 'node-http', ...spec });
    others.push(nodeHttp);
    const fastify = await startCeilingServer({ kind: 'fastify', ...spec });
    others.push(fastify);
    const scanServer =
      operation.scanFloor === undefined
        ? undefined
        : await startScanServer({ databaseUrl, projectId: context.projectId, answer });
    if (scanServer) others.push(scanServer);
    const job = (url: string): LoadJob => ({
      url,
      operation: operation.name,
      context,
      connections: options.connections,
      warmupSeconds: options.warmupSeconds,
      durationSeconds: options.durationSeconds,
    });
    const loads = [job(serverUrl), job(nodeHttp.url), job(fastify.url), ...(scanServer ? [job(scanServer.url)] : [])];
    log(
      `${operation.label}: ${SLICES} slices each of the server, node:http, Fastify${scanServer ? ' and the SQL haversine scan' : ''}…`,
    );
    const [served, bare, framework, scanned] = await alternate(loads, sliceSecondsOf(options));
    if (!served || !bare || !framework) throw new Error('alternate() returns one result per load');
    log(
      `  ${served.combined.requestsPerSecond.toFixed(0)} req/s (node:http ${bare.combined.requestsPerSecond.toFixed(0)}, Fastify ${framework.combined.requestsPerSecond.toFixed(0)}${scanned ? `, SQL scan ${scanned.combined.requestsPerSecond.toFixed(1)}` : ''}), p50 ${served.combined.p50Ms} ms, p99 ${served.combined.p99Ms} ms`,
    );
    return {
      operation: operation.name,
      responseBytes: answer.bytes,
      server: served.combined,
      nodeHttp: bare.combined,
      fastify: framework.combined,
      ...(scanned ? { scan: scanned.combined } : {}),
      slices: {
        server: served.rates,
        nodeHttp: bare.rates,
        fastify: framework.rates,
        ...(scanned ? { scan: scanned.rates } : {}),
      },
    };
  } finally {
    for (const other of others) await other.stop();
  }
}

/** Where `--cpu-prof` writes the profiles of the server under test (and of the bulk steps' server). */
const PROFILE_DIR = join(REPO_ROOT, 'bench', 'profiles');

/** Starts the server several times, keeps the last one running, and returns it with every start-up time. */
async function startServer(
  databaseUrl: string,
  options: Options,
): Promise<{ server: ServerProcess; startupsMs: number[] }> {
  if (options.cpuProfile) mkdirSync(PROFILE_DIR, { recursive: true });
  const startupsMs: number[] = [];
  for (let start = 1; start < STARTS; start += 1) {
    const trial = await startServerUnderTest({ databaseUrl, env: LIMITER_ON });
    startupsMs.push(trial.startupMs);
    await trial.stop();
  }
  const server = await startServerUnderTest({
    databaseUrl,
    env: LIMITER_ON,
    ...(options.cpuProfile ? { cpuProfileDir: PROFILE_DIR } : {}),
  });
  startupsMs.push(server.startupMs);
  log(`Server up; start-ups ${startupsMs.map((ms) => ms.toFixed(0)).join(', ')} ms (pid ${server.pid})`);
  if (options.cpuProfile) log(`CPU profile of the server: ${PROFILE_DIR} (written when the server stops)`);
  return { server, startupsMs };
}

/** How long reading every page takes, once per API: a figure recorded for the report, judged against nothing. */
async function fullSyncs(serverUrl: string, context: RequestContext): Promise<FullSync[]> {
  const syncs: FullSync[] = [];
  for (const api of ['v2', 'v1'] as const) {
    const bar = new cliProgress.SingleBar(
      { format: `Full sync ${api.toUpperCase()} [{bar}] {value}/{total} pages  {duration}s`, stream: process.stderr },
      cliProgress.Presets.shades_classic,
    );
    bar.start(Math.ceil(context.locationCount / 100), 0);
    try {
      syncs.push(await fullSync(serverUrl, context, api, (done) => bar.update(done)));
    } finally {
      bar.stop();
    }
  }
  return syncs;
}

async function main(): Promise<void> {
  const options = parseOptions();
  const started = performance.now();
  const loadBefore = loadavg();
  log(`Load average before the run: ${loadBefore.map((v) => v.toFixed(2)).join(', ')} on ${cpus().length} cores`);

  const database = await createFreshDatabase(options.db);
  log(`Database: ${database.description}`);
  let server: ServerProcess | undefined;
  let serverPeakRss: number | undefined;
  try {
    const seedStarted = performance.now();
    const seeded = await seed(database, options.locations);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const locations = seeded.sample.publicIds.map((publicId, index) => ({
      publicId,
      v1Id: seeded.sample.v1Ids[index] ?? 0,
    }));
    const context: RequestContext = {
      projectId: seeded.projectId,
      v2Token: seeded.v2Token,
      legacyToken: seeded.legacyToken,
      publishableKey: seeded.publishableKey,
      locations,
      locationCount: options.locations,
    };

    // What production runs (docs/deploy.md): the bundle of `npm run build`, which bin/locator.js picks while it is
    // fresh.
    log('Building the server (npm run build)…');
    execFileSync(process.execPath, ['scripts/server-build.mjs'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const startup = await startServer(database.url, options);
    server = startup.server;
    // Before anything searches, so the first search is the one that builds the index.
    const finderIndex = options.only.includes('public-search')
      ? await measureFinderIndex(server.url, context, server.rssBytes)
      : undefined;
    if (finderIndex) log(finderIndexText(finderIndex).join('\n'));
    // Reading every page belongs with the list operations; a run of other operations (the store finder at a million
    // locations, say) skips it.
    const syncs = options.only.some((name) => name === 'v2-list' || name === 'v1-list')
      ? await fullSyncs(server.url, context)
      : [];

    const measurements: Measurement[] = [];
    const skipped: RunFacts['skipped'] = [];
    // In the order of OPERATIONS, whatever --only lists: reads before writes (see contextFor).
    for (const operation of OPERATIONS.filter((o) => options.only.includes(o.name))) {
      const prepared = await contextFor(operation, server.url, context);
      if ('skip' in prepared) {
        log(`${operation.label}: not measured, ${prepared.skip}`);
        skipped.push({ operation: operation.name, reason: prepared.skip });
        continue;
      }
      measurements.push(await measure(operation, server.url, prepared.context, options, database.url));
    }

    // Last, with the server under test stopped: a server started for the bulk steps alone, so its peak RSS is theirs.
    let bulk: BulkResult | undefined;
    if (options.bulk) {
      const peakRssBytes = server.peakRssBytes();
      await server.stop();
      server = undefined;
      bulk = await measureBulk(
        () =>
          startServerUnderTest({
            databaseUrl: database.url,
            env: LIMITER_ON,
            ...(options.cpuProfile ? { cpuProfileDir: PROFILE_DIR } : {}),
          }),
        database.url,
        options.locations,
        { projectId: seeded.projectId, token: seeded.v2Token },
        log,
      );
      serverPeakRss = peakRssBytes;
    }

    const facts: RunFacts = {
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      commit: gitCommit(),
      cores: cpus().length,
      cpuModel: cpus()[0]?.model.trim() ?? 'unknown CPU',
      nodeVersion: process.version,
      database: database.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL',
      locations: options.locations,
      connections: options.connections,
      warmupSeconds: options.warmupSeconds,
      durationSeconds: sliceSecondsOf(options) * SLICES,
      slices: SLICES,
      loadBefore,
      loadAfter: loadavg(),
      startupsMs: startup.startupsMs,
      peakRssBytes: serverPeakRss ?? server?.peakRssBytes(),
      seedSeconds,
      fullSyncs: syncs,
      totalSeconds: (performance.now() - started) / 1000,
      skipped,
      ...(finderIndex ? { finderIndex } : {}),
      ...(bulk ? { bulk } : {}),
    };
    const report = renderReport(measurements, facts);
    mkdirSync(join(options.out, '..'), { recursive: true });
    writeFileSync(options.out, report);
    process.stdout.write(`\n${report}\nWritten to ${options.out}\n`);
  } finally {
    await server?.stop();
    if (options.keep) log(`Kept the database: ${database.url}`);
    else await database.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
