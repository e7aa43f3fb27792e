// `npm run bench [-- --quick] [-- --db postgres://...]`: seeds a fresh database, starts the server and a ceiling
// server as processes of their own, loads each operation from a separate autocannon process, and writes the table
// to bench/results/. How to read it: bench/README.md.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { sql } from 'kysely';
import { openDatabase } from '../packages/server/src/db/connection.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import type { CeilingRoute } from './ceiling-server.ts';
import { createFreshDatabase, type FreshDatabase } from './fresh-database.ts';
import { fullSync, type FullSync } from './full-sync.ts';
import type { LoadJob, LoadResult } from './load-worker.ts';
import { OPERATIONS, operationNamed, requestFor, type OperationName, type RequestContext } from './operations.ts';
import { REPO_ROOT, runLoad, startCeilingServer, startServerUnderTest, type ServerProcess } from './processes.ts';
import { combineSlices, renderReport, type Measurement, type RunFacts } from './report.ts';
import { seededRandom } from './seed-data.ts';
import { seedBenchmarkProject } from './seed.ts';

/** Each operation is measured in this many slices, alternating between the server and its ceilings. */
const SLICES = 3;
const USAGE = `Usage: npm run bench -- [options]
  --db <url>            sqlite:<new file> or postgres://... (a fresh schema is made there); default: a temporary SQLite file
  --quick               smoke run: 5,000 locations, 1 s warm-up + 3 s per operation, written to bench/results/quick.md
  --locations <n>       locations to seed (default 100000)
  --duration <s>        measured seconds per operation and per ceiling, in ${SLICES} alternating slices (default 12)
  --warmup <s>          warm-up seconds per operation (default 2)
  --connections <n>     concurrent connections (default 16)
  --only <names>        comma-separated operations: ${OPERATIONS.map((o) => o.name).join(', ')}
  --cpu-prof            write a V8 CPU profile of the server to bench/profiles/
  --out <file>          where to write the table (default bench/results/latest.md, latest-postgres.md with --db postgres://...)
  --keep                keep the database afterwards`;

const LIMITER_ROUNDS = 5;
/** Starts of the server under test whose median is its start-up time. */
const STARTS = 5;

/** A rate limit that is on but never refuses: the limiter's full cost without a 429 in the numbers. */
const LIMIT_NEVER_REACHED = '1000000000';

interface Options {
  db: string | undefined;
  locations: number;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  only: OperationName[];
  cpuProfile: boolean;
  out: string;
  keep: boolean;
}

/** Smoke runs stay out of the committed results; PostgreSQL runs have a file of their own. */
function defaultResultsFile(quick: boolean, db: string | undefined): string {
  if (quick) return 'quick.md';
  return db?.startsWith('postgres') ? 'latest-postgres.md' : 'latest.md';
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' },
      quick: { type: 'boolean', default: false },
      locations: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      only: { type: 'string' },
      'cpu-prof': { type: 'boolean', default: false },
      out: { type: 'string' },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const number = (text: string | undefined, fallback: number, name: string) => {
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a positive integer, not "${text}"\n${USAGE}`);
    return value;
  };
  const known = new Set<string>(OPERATIONS.map((o) => o.name));
  const only = (values.only?.split(',').map((name) => name.trim()) ?? [...known]).filter(Boolean);
  const unknown = only.filter((name) => !known.has(name));
  if (unknown.length > 0) throw new Error(`--only: unknown operation ${unknown.join(', ')}\n${USAGE}`);
  return {
    db: values.db,
    locations: number(values.locations, values.quick ? 5_000 : 100_000, 'locations'),
    durationSeconds: number(values.duration, values.quick ? 3 : 12, 'duration'),
    warmupSeconds: values.warmup === '0' ? 0 : number(values.warmup, values.quick ? 1 : 2, 'warmup'),
    connections: number(values.connections, 16, 'connections'),
    only: only as OperationName[],
    cpuProfile: values['cpu-prof'],
    out: values.out ?? join(REPO_ROOT, 'bench', 'results', defaultResultsFile(values.quick, values.db)),
    keep: values.keep,
  };
}

const log = (line: string) => process.stderr.write(`${line}\n`);

async function seed(database: FreshDatabase, locations: number) {
  const handle = openDatabase(database.url);
  const bar = new cliProgress.SingleBar({ format: 'Seeding  [{bar}] {value}/{total} locations  {duration}s', stream: process.stderr }, cliProgress.Presets.shades_classic);
  try {
    await migrateToLatest(handle);
    bar.start(locations, 0);
    const seeded = await seedBenchmarkProject(handle.db, { locations, onProgress: (written) => bar.update(written) });
    // PostgreSQL plans from table statistics, which autovacuum gathers a while after a bulk load; a database that has
    // served for a while has them, so the benchmark gathers them at once rather than measuring plans made blind.
    if (database.dialect === 'postgres') await sql`analyze`.execute(handle.db);
    return seeded;
  } finally {
    bar.stop();
    await handle.close();
  }
}

async function settlePostgres(url: string): Promise<void> {
  const handle = openDatabase(url, { poolSize: 1 });
  try {
    await sql`vacuum analyze`.execute(handle.db);
  } finally {
    await handle.close();
  }
}

/** One request of the operation, to learn the size of its answer and to fail early on a broken request. */
async function probe(url: string, name: OperationName, ctx: RequestContext): Promise<{ status: number; bytes: number; text: string }> {
  const random = seededRandom(99);
  const sizes: number[] = [];
  for (let n = 1; n <= 3; n += 1) {
    const spec = requestFor(name, ctx, n, random);
    const response = await fetch(url + spec.path, { method: spec.method, headers: spec.headers, ...(spec.body !== undefined ? { body: spec.body } : {}) });
    const text = await response.text();
    if (response.status >= 300) return { status: response.status, bytes: 0, text };
    sizes.push(Buffer.byteLength(text));
  }
  return { status: 200, bytes: Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length), text: '' };
}

function gitCommit(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no', '--', 'packages/server/src'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    return dirty ? `${commit} + uncommitted server changes` : commit;
  } catch {
    return 'unknown';
  }
}

/**
 * The limiter's cost is a few per cent, less than two runs minutes apart differ on a shared machine, so it is
 * measured in alternating pairs (on, off, on, off, …) of V2 GETs, each pair compared within itself.
 */
async function compareLimiter(
  job: (url: string, operation: OperationName) => LoadJob,
  onUrl: string,
  offUrl: string,
  durationSeconds: number,
  warmupSeconds: number,
): Promise<{ on: number[]; off: number[] }> {
  const pairs = { on: [] as number[], off: [] as number[] };
  const seconds = Math.max(2, Math.round(durationSeconds / SLICES));
  for (let round = 1; round <= LIMITER_ROUNDS; round += 1) {
    log(`Rate limiter on/off, pair ${round} of ${LIMITER_ROUNDS}…`);
    for (const [url, results] of [[onUrl, pairs.on], [offUrl, pairs.off]] as const) {
      // Both servers are fresh: the first pair gives each the warm-up every other measurement has.
      const result = await runLoad({ ...job(url, 'v2-get'), warmupSeconds: round === 1 ? warmupSeconds : 1, durationSeconds: seconds, round });
      results.push(result.requestsPerSecond);
    }
  }
  return pairs;
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
      const result = await runLoad({ ...job, warmupSeconds: slice === 0 ? job.warmupSeconds : Math.min(1, job.warmupSeconds), durationSeconds: sliceSeconds, round: slice });
      slices[index]?.push(result);
    }
  }
  return slices.map((results) => ({ combined: combineSlices(results), rates: results.map((result) => result.requestsPerSecond) }));
}

async function main(): Promise<void> {
  const options = parseOptions();
  const started = performance.now();
  const loadBefore = loadavg();
  log(`Load average before the run: ${loadBefore.map((v) => v.toFixed(2)).join(', ')} on ${cpus().length} cores`);

  const database = await createFreshDatabase(options.db);
  log(`Database: ${database.description}`);
  const servers: ServerProcess[] = [];
  let ceiling: Awaited<ReturnType<typeof startCeilingServer>> | undefined;
  try {
    const seedStarted = performance.now();
    const seeded = await seed(database, options.locations);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const context: RequestContext = { ...seeded, publicIds: seeded.sample.publicIds, v1Ids: seeded.sample.v1Ids, locationCount: options.locations };

    // What production runs (docs/deploy.md): the bundle of `npm run build`, which bin/locator.js picks while it is fresh.
    log('Building the server (npm run build)…');
    execFileSync(process.execPath, ['scripts/server-build.mjs'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });

    const limiterOn = { RATE_LIMIT_PER_MINUTE: LIMIT_NEVER_REACHED, V1_RATE_LIMIT_PER_MINUTE: LIMIT_NEVER_REACHED, AUTH_FAILURE_LIMIT_PER_MINUTE: LIMIT_NEVER_REACHED };
    const limiterOff = { RATE_LIMIT_PER_MINUTE: '0', V1_RATE_LIMIT_PER_MINUTE: '0', AUTH_FAILURE_LIMIT_PER_MINUTE: '0' };
    const profileDir = join(REPO_ROOT, 'bench', 'profiles');
    if (options.cpuProfile) mkdirSync(profileDir, { recursive: true });
    // One start varies by a fifth on a shared machine, so the server is started several times and the last one stays.
    const startupsMs: number[] = [];
    for (let start = 1; start < STARTS; start += 1) {
      const trial = await startServerUnderTest({ databaseUrl: database.url, env: limiterOn });
      startupsMs.push(trial.startupMs);
      await trial.stop();
    }
    const server = await startServerUnderTest({ databaseUrl: database.url, env: limiterOn, ...(options.cpuProfile ? { cpuProfileDir: profileDir } : {}) });
    servers.push(server);
    startupsMs.push(server.startupMs);
    log(`Server up; start-ups ${startupsMs.map((ms) => ms.toFixed(0)).join(', ')} ms (pid ${server.pid})`);
    // The other servers idle until their measurements, so they take nothing from the others.
    const wanted = new Set(options.only);
    const serverOff = wanted.has('v2-get-no-limiter') ? await startServerUnderTest({ databaseUrl: database.url, env: limiterOff }) : undefined;
    if (serverOff) servers.push(serverOff);
    // The limiter pairs compare this one with the server without a limiter: both start together and are measured
    // in pairs before anything else loads either, so neither carries what the other has not done (the main server
    // holds the full syncs' heap; a server measured for a minute is warmer than one that was not).
    const serverOnForPairs = serverOff && wanted.has('v2-get') ? await startServerUnderTest({ databaseUrl: database.url, env: limiterOn }) : undefined;
    if (serverOnForPairs) servers.push(serverOnForPairs);
    const serverFor = (name: OperationName) => (operationNamed(name).limiter === 'off' && serverOff ? serverOff : server);

    const fullSyncs: FullSync[] = [];
    for (const api of ['v2', 'v1'] as const) {
      const bar = new cliProgress.SingleBar({ format: `Full sync ${api.toUpperCase()} [{bar}] {value}/{total} pages  {duration}s`, stream: process.stderr }, cliProgress.Presets.shades_classic);
      bar.start(Math.ceil(options.locations / 100), 0);
      try {
        fullSyncs.push(await fullSync(server.url, context, api, (done) => bar.update(done)));
      } finally {
        bar.stop();
      }
    }

    // The full syncs wrote a document per location and API; on PostgreSQL autovacuum would now vacuum and analyze
    // those tables, competing with the measurements for the two cores, so the benchmark does it first.
    if (database.dialect === 'postgres') await settlePostgres(database.url);

    // Sizes first: each ceiling route answers with a body as large as the real answer.
    const skipped: RunFacts['skipped'] = [];
    const sizes = new Map<OperationName, number>();
    for (const operation of OPERATIONS.filter((o) => wanted.has(o.name))) {
      const answer = await probe(serverFor(operation.name).url, operation.name, context);
      if (answer.status === 404 && operation.api === 'v1') {
        skipped.push({ operation: operation.name, reason: 'the V1 route answers 404 (not in this build yet)' });
        continue;
      }
      if (answer.status !== 200) throw new Error(`${operation.label}: the probe got ${answer.status}: ${answer.text.slice(0, 500)}`);
      sizes.set(operation.name, answer.bytes);
    }
    const measured = OPERATIONS.filter((o) => sizes.has(o.name));
    // Writes are also compared with the V2 GET ceiling, which the ceiling server then serves whether or not V2 GET
    // itself is measured.
    const getOperation = operationNamed('v2-get');
    if (measured.some((o) => o.alsoComparedWith) && !sizes.has('v2-get')) sizes.set('v2-get', (await probe(server.url, 'v2-get', context)).bytes);
    const routes: CeilingRoute[] = [];
    for (const operation of [...measured, getOperation]) {
      if (!sizes.has(operation.name)) continue;
      const bytes = sizes.get(operation.name) ?? 0;
      if (!routes.some((r) => r.method === operation.method && r.route === operation.route)) routes.push({ method: operation.method, route: operation.route, bytes });
    }
    ceiling = await startCeilingServer(routes);

    const job = (url: string, operation: OperationName): LoadJob => ({
      url,
      operation,
      context,
      connections: options.connections,
      warmupSeconds: options.warmupSeconds,
      durationSeconds: options.durationSeconds,
    });
    const measurements: Measurement[] = [];
    let limiterPairs: RunFacts['limiterPairs'];
    const sliceSeconds = Math.max(1, Math.round(options.durationSeconds / SLICES));
    for (const operation of measured) {
      // Before the server without a limiter is measured alone, so that the pairs compare two servers with the same past.
      if (operation.limiter === 'off' && serverOnForPairs && serverOff) {
        limiterPairs = await compareLimiter(job, serverOnForPairs.url, serverOff.url, options.durationSeconds, options.warmupSeconds);
        await serverOnForPairs.stop();
      }
      log(`${operation.label}: ${SLICES} slices each of the server, its ceiling${operation.alsoComparedWith ? ' and the V2 GET ceiling' : ''}…`);
      const targets = [job(serverFor(operation.name).url, operation.name), job(ceiling.url, operation.name), ...(operation.alsoComparedWith ? [job(ceiling.url, 'v2-get')] : [])];
      const [served, own, get] = await alternate(targets, sliceSeconds);
      if (!served || !own) throw new Error('alternate() returns one result per load');
      log(`  ${served.combined.requestsPerSecond.toFixed(0)} req/s (ceiling ${own.combined.requestsPerSecond.toFixed(0)}), p50 ${served.combined.p50Ms} ms, p99 ${served.combined.p99Ms} ms`);
      measurements.push({
        operation: operation.name,
        responseBytes: sizes.get(operation.name) ?? 0,
        server: served.combined,
        ceiling: own.combined,
        ...(get ? { getCeiling: get.combined } : {}),
        slices: { server: served.rates, ceiling: own.rates, ...(get ? { getCeiling: get.rates } : {}) },
      });
      if (operation.limiter === 'off' && serverOff) await serverOff.stop();
    }

    const peakRssBytes = server.peakRssBytes();
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
      durationSeconds: sliceSeconds * SLICES,
      slices: SLICES,
      loadBefore,
      loadAfter: loadavg(),
      startupsMs,
      peakRssBytes,
      seedSeconds,
      fullSyncs,
      totalSeconds: (performance.now() - started) / 1000,
      skipped,
      limiterPairs,
    };
    const report = renderReport(measurements, facts);
    mkdirSync(join(options.out, '..'), { recursive: true });
    writeFileSync(options.out, report);
    process.stdout.write(`\n${report}\nWritten to ${options.out}\n`);
    if (options.cpuProfile) log(`CPU profile of the server: ${profileDir} (written when the server stops)`);
  } finally {
    await ceiling?.stop();
    for (const running of servers) await running.stop();
    if (options.keep) log(`Kept the database: ${database.url}`);
    else await database.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
