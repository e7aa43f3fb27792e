#!/usr/bin/env node
// Runs the server's database-backed tiers (integration and system) once per database dialect and says which ones ran.
// The unit tier needs no database and runs once, before this (`npm run test:unit`).
//   TEST_DATABASE=sqlite|postgres   run only that dialect (postgres must then be reachable)
//   TEST_REQUIRE_POSTGRES=1         fail instead of skipping when PostgreSQL is not reachable (CI)
//   TEST_POSTGRES_URL               where the PostgreSQL run connects (default postgres://127.0.0.1:5432/test)
// Arguments are passed on to vitest: `node scripts/test-matrix.mjs test/integration/foundation.test.ts`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const postgresUrl = new URL(process.env.TEST_POSTGRES_URL || 'postgres://127.0.0.1:5432/test');
const postgresHost = postgresUrl.hostname || '127.0.0.1';
const postgresPort = Number(postgresUrl.port || 5432);
const only = process.env.TEST_DATABASE;
const requirePostgres = only === 'postgres' || process.env.TEST_REQUIRE_POSTGRES === '1';

/** Whether something accepts TCP connections at the PostgreSQL address within two seconds. */
function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port, timeout: 2000 });
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket
      .once('connect', () => done(true))
      .once('timeout', () => done(false))
      .once('error', () => done(false));
  });
}

/** The vitest projects that need a database, and so run on each dialect. */
const TIERS = ['integration', 'system'];

// Each run also writes vitest's JSON report, so the summary at the very end names the failed tests of every dialect:
// a CI log that keeps only its tail still says what failed in the first run.
const reports = mkdtempSync(join(tmpdir(), 'locator-test-matrix-'));

function runSuite(dialect) {
  console.log(`\n=== ${TIERS.join(' and ')} tests on ${dialect} ===`);
  const projects = TIERS.flatMap((tier) => ['--project', tier]);
  const report = join(reports, `${dialect}.json`);
  const result = spawnSync(
    'npm',
    [
      'run',
      'test',
      '--workspace',
      '@locator/server',
      '--',
      ...projects,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...process.argv.slice(2),
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE: dialect },
    },
  );
  return result.status === 0 ? 'passed' : `FAILED${failuresIn(report)}`;
}

/** The failed tests of a vitest JSON report, a line each with the first line of the reason; empty when unreadable. */
function failuresIn(report) {
  let results;
  try {
    results = JSON.parse(readFileSync(report, 'utf8')).testResults ?? [];
  } catch {
    return '';
  }
  const lines = [];
  for (const file of results) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed)
      lines.push(`${relative(process.cwd(), file.name)}: ${test.fullName} — ${firstLine(test.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === 'failed')
      lines.push(`${relative(process.cwd(), file.name)}: ${firstLine(file.message)}`);
  }
  return lines.map((line) => `\n  ${line}`).join('');
}

function firstLine(text) {
  return (text ?? '').split('\n')[0].slice(0, 300);
}

const outcomes = [];
if (!only || only === 'sqlite') outcomes.push(['sqlite', runSuite('sqlite')]);
if (!only || only === 'postgres') {
  if (await reachable(postgresHost, postgresPort)) outcomes.push(['postgres', runSuite('postgres')]);
  else {
    const why = `nothing listens on ${postgresHost}:${postgresPort}`;
    outcomes.push(['postgres', requirePostgres ? `FAILED (${why})` : `skipped: ${why}`]);
  }
}
if (only && only !== 'sqlite' && only !== 'postgres')
  outcomes.push([only, 'FAILED (TEST_DATABASE must be sqlite or postgres)']);

console.log(`\n=== Test matrix (${TIERS.join(' and ')}) ===`);
for (const [dialect, outcome] of outcomes) console.log(`${dialect.padEnd(9)} ${outcome}`);
rmSync(reports, { recursive: true, force: true });
process.exit(outcomes.some(([, outcome]) => outcome.startsWith('FAILED')) ? 1 : 0);
