import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { areaOf, brokenRules, cyclesOf, importsOf, type Rules, type SourceFile } from '../support/architecture.ts';

// The rules of docs/architecture.md, checked on every source file.
const RULES: Rules = {
  // Each shared kernel, and the kernels it may import. Features, the root and the CLI may import every kernel.
  kernels: {
    domain: [],
    db: [],
    config: ['domain'],
    schemas: ['domain'],
    formats: ['domain'],
    jobs: ['db', 'domain'],
    events: ['db', 'domain'],
    geocoding: ['config', 'db', 'domain'],
    http: ['config', 'db', 'domain', 'schemas'],
    ratelimit: ['config', 'domain', 'http'],
  },
  // Each feature, and the features it may import (through their index.ts): no two features use each other.
  features: {
    accounts: [],
    operations: [],
    dashboard: [],
    locations: ['accounts'],
    settings: ['accounts', 'locations'],
    finder: ['accounts', 'locations'],
    imports: ['accounts', 'locations'],
    webhooks: ['accounts', 'imports', 'locations'],
    analytics: ['accounts', 'finder'],
  },
  rootFiles: ['app.ts', 'routes.ts', 'server.ts', 'services.ts'],
};

/** Packages that tie code to HTTP. */
const HTTP_PACKAGES = /^(fastify|@fastify\/|find-my-way)/;
/**
 * Files that must not know HTTP exists: the kernels below it, and each feature's services, repositories and presenters.
 */
const withoutHttp = (path: string) =>
  /^(domain|db|formats|jobs|events|geocoding)\//.test(path) ||
  /^features\/[^/]+\/(.*\.service\.ts|.*\.repository\.ts|presenters\/|pages\/)/.test(path);
/** A statement built with Kysely or its `sql` template: it belongs in a repository (or in db/, the migrations). */
const SQL = /\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql(<[^>]*>)?`/;
/** Reading the real time, which only the clock does. */
const REAL_TIME = /\bDate\.now\(|\bnew Date\(\)/;

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

function sourceFiles(folder: string): SourceFile[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.m?ts$/.test(entry.name) ? [{ path: relative(SRC, path), text: readFileSync(path, 'utf8') }] : [];
  });
}

const files = sourceFiles(SRC);
const imports = importsOf(files);
const packagesOf = (text: string) =>
  [...text.matchAll(/(?:from|import)\s*\(?\s*'([^'.][^']*)'/g)].map((match) => match[1] ?? '');

describe('the layout of src/ (docs/architecture.md)', () => {
  it('has each file in a kernel, a feature, the CLI or the root', () => {
    expect(files.length).toBeGreaterThan(200);
    const areas = new Set(files.map((file) => areaOf(file.path)));
    const known = new Set([
      ...Object.keys(RULES.kernels),
      ...Object.keys(RULES.features).map((name) => `features/${name}`),
      'cli',
      '(root)',
    ]);
    expect([...areas].filter((area) => !known.has(area))).toEqual([]);
    expect([...known].filter((area) => !areas.has(area))).toEqual([]);
    expect(
      files
        .filter((file) => areaOf(file.path) === '(root)')
        .map((file) => file.path)
        .sort(),
    ).toEqual(RULES.rootFiles);
    for (const feature of Object.keys(RULES.features))
      expect(files.map((file) => file.path)).toContain(`features/${feature}/index.ts`);
  });

  it('imports only what each part may: kernels their own kernels, features other features through their index.ts', () => {
    expect(brokenRules(imports, RULES)).toEqual([]);
  });

  it('has no import cycle between files, type imports included', () => {
    expect(cyclesOf(imports)).toEqual([]);
  });

  it('keeps HTTP out of the lower kernels and of the services, repositories and presenters of features', () => {
    const broken = files
      .filter((file) => withoutHttp(file.path))
      .flatMap((file) =>
        packagesOf(file.text)
          .filter((name) => HTTP_PACKAGES.test(name))
          .map((name) => `${file.path} imports ${name}`),
      );
    expect(broken).toEqual([]);
  });

  it('keeps SQL in repositories', () => {
    const outside = files.filter(
      (file) => SQL.test(file.text) && !file.path.endsWith('.repository.ts') && !file.path.startsWith('db/'),
    );
    expect(outside.map((file) => file.path)).toEqual([]);
  });

  it('reads the time only through the clock (domain/time.ts)', () => {
    expect(
      files.filter((file) => REAL_TIME.test(file.text) && file.path !== 'domain/time.ts').map((file) => file.path),
    ).toEqual([]);
  });

  it('has no file over 400 lines but the migrations', () => {
    const long = files
      .filter((file) => !file.path.startsWith('db/migrations/') && file.text.split('\n').length > 400)
      .map((file) => `${file.path}: ${file.text.split('\n').length} lines`);
    expect(long).toEqual([]);
  });
});

describe('the architecture checks', () => {
  const file = (path: string, text: string): SourceFile => ({ path, text });

  it('find a cycle, through type imports too', () => {
    const cyclic = importsOf([
      file('features/a/one.ts', "import { two } from './two.ts';"),
      file('features/a/two.ts', "import type { Three } from './three.ts';"),
      file('features/a/three.ts', "export type Three = 3;\nexport { one } from './one.ts';"),
      file('features/a/alone.ts', "import { one } from './one.ts';"),
    ]);
    expect(cyclesOf(cyclic)).toEqual([['features/a/one.ts', 'features/a/three.ts', 'features/a/two.ts']]);
  });

  it("refuse a feature importing another's internals, or a feature it may not use", () => {
    const graph = importsOf([
      file('features/locations/locations.service.ts', "import { lock } from '../accounts/projects.repository.ts';"),
      file('features/finder/search.ts', "import { x } from '../locations/index.ts';"),
      file('features/accounts/users.ts', "import { y } from '../locations/index.ts';"),
      file('domain/rule.ts', "import { z } from '../db/database.ts';"),
    ]);
    expect(brokenRules(graph, RULES)).toEqual([
      "features/locations/locations.service.ts imports features/accounts/projects.repository.ts: another feature's internals (only features/accounts/index.ts may be imported)",
      'features/accounts/users.ts imports features/locations/index.ts: accounts may use no other feature',
      'domain/rule.ts imports db/database.ts: the domain/ kernel may import nothing of ours',
    ]);
  });
});
