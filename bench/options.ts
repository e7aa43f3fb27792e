import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { OPERATIONS, type OperationName } from './operations.ts';
import { REPO_ROOT } from './processes.ts';

/** Each operation is measured in this many slices, alternating between the server and its ceilings. */
export const SLICES = 3;

const USAGE = `Usage: npm run bench -- [options]
  --db <url>            sqlite:<new file> or postgres://... (a fresh schema is made there); default: a temporary SQLite file
  --quick               smoke run: 5,000 locations, 1 s warm-up + 3 s per operation, written to bench/results/quick.md
  --locations <n>       locations to seed (default 100000)
  --duration <s>        measured seconds per operation and per ceiling, in ${SLICES} alternating slices (default 12)
  --warmup <s>          warm-up seconds before the first slice of each (default 2)
  --connections <n>     concurrent connections (default 16)
  --only <names>        comma-separated operations: ${OPERATIONS.map((o) => o.name).join(', ')}, bulk (import and export)
  --cpu-prof            write a V8 CPU profile of the server to bench/profiles/
  --out <file>          where to write the table (default bench/results/latest.md, latest-postgres.md with --db postgres://...)
  --keep                keep the database afterwards`;

export interface Options {
  db: string | undefined;
  locations: number;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  only: OperationName[];
  /** Whether the bulk import and export steps run (\`bulk\` in --only, or no --only). */
  bulk: boolean;
  cpuProfile: boolean;
  out: string;
  keep: boolean;
}

/** How long each slice measures: the operation's duration shared among its slices, at least a second. */
export function sliceSecondsOf(options: Pick<Options, 'durationSeconds'>): number {
  return Math.max(1, Math.round(options.durationSeconds / SLICES));
}

/** Smoke runs stay out of the committed results; PostgreSQL runs have a file of their own. */
function defaultResultsFile(quick: boolean, db: string | undefined): string {
  if (quick) return 'quick.md';
  return db?.startsWith('postgres') ? 'latest-postgres.md' : 'latest.md';
}

/** The command line's options; prints the usage and exits on --help, throws on a wrong value. */
export function parseOptions(): Options {
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
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`--${name} takes a positive integer, not "${text}"\n${USAGE}`);
    return value;
  };
  const isOperation = (name: string): name is OperationName => OPERATIONS.some((o) => o.name === name);
  const named = values.only
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean) ?? [...OPERATIONS.map((o) => o.name), 'bulk'];
  const unknown = named.filter((name) => !isOperation(name) && name !== 'bulk');
  if (unknown.length > 0) throw new Error(`--only: unknown operation ${unknown.join(', ')}\n${USAGE}`);
  return {
    db: values.db,
    locations: number(values.locations, values.quick ? 5_000 : 100_000, 'locations'),
    durationSeconds: number(values.duration, values.quick ? 3 : 12, 'duration'),
    warmupSeconds: values.warmup === '0' ? 0 : number(values.warmup, values.quick ? 1 : 2, 'warmup'),
    connections: number(values.connections, 16, 'connections'),
    only: named.filter(isOperation),
    bulk: named.includes('bulk'),
    cpuProfile: values['cpu-prof'],
    out: values.out ?? join(REPO_ROOT, 'bench', 'results', defaultResultsFile(values.quick, values.db)),
    keep: values.keep,
  };
}
