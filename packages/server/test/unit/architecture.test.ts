import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The import rules of docs/architecture.md, checked on every source file: a folder may import itself and the folders
// it lists. `(root)` is src/server.ts and src/app-context.ts, which wire the process together.
const MAY_IMPORT: Record<string, readonly string[]> = {
  domain: [],
  config: ['domain'],
  db: [],
  repositories: ['db', 'domain'],
  geocoding: ['config', 'db', 'domain', 'repositories'],
  formats: ['domain'],
  services: ['(root)', 'db', 'domain', 'formats', 'geocoding', 'repositories', 'schemas', 'webhooks'],
  webhooks: ['config', 'domain'],
  schemas: ['domain'],
  ratelimit: ['(root)', 'config', 'http'],
  http: ['(root)', 'config', 'domain', 'ratelimit', 'routes', 'schemas', 'services'],
  routes: ['domain', 'http', 'pages', 'schemas', 'services'],
  pages: ['domain', 'schemas'],
  cli: ['(root)', 'config', 'db', 'domain', 'geocoding', 'services'],
  '(root)': ['config', 'db', 'geocoding', 'http', 'ratelimit', 'services', 'webhooks'],
};

/** Packages that tie code to HTTP, and the folders that must not know HTTP exists. */
const HTTP_PACKAGES = /^(fastify|@fastify\/|find-my-way)/;
const WITHOUT_HTTP = ['domain', 'db', 'formats', 'pages', 'repositories', 'services'];

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.m?ts$/.test(entry.name) ? [path] : [];
  });
}

/** The top folder of src/ a path is in, or `(root)` for files directly in src/. */
function layerOf(path: string): string {
  const [first, second] = relative(SRC, path).split('/');
  return second === undefined ? '(root)' : (first ?? '(root)');
}

const specifiersOf = (text: string) =>
  [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1] ?? '');

const files = sourceFiles(SRC);

describe('the layers of src/ (docs/architecture.md)', () => {
  it('finds the source files and every layer of the table', () => {
    expect(files.length).toBeGreaterThan(100);
    expect([...new Set(files.map(layerOf))].sort()).toEqual(Object.keys(MAY_IMPORT).sort());
  });

  it('imports only what each layer may', () => {
    const broken = files.flatMap((file) => {
      const from = layerOf(file);
      return (
        specifiersOf(readFileSync(file, 'utf8'))
          .filter((specifier) => specifier.startsWith('.'))
          .map((specifier) => layerOf(resolve(dirname(file), specifier)))
          // '..' is a file outside src/ (the package's own package.json, for its version).
          .filter((to) => to !== from && to !== '..' && !(MAY_IMPORT[from] ?? []).includes(to))
          .map((to) => `${relative(SRC, file)} imports ${to}/`)
      );
    });
    expect(broken).toEqual([]);
  });

  it('keeps HTTP out of the domain, the database, the repositories and the services', () => {
    const broken = files
      .filter((file) => WITHOUT_HTTP.includes(layerOf(file)))
      .flatMap((file) =>
        specifiersOf(readFileSync(file, 'utf8'))
          .filter((specifier) => HTTP_PACKAGES.test(specifier))
          .map((specifier) => `${relative(SRC, file)} imports ${specifier}`),
      );
    expect(broken).toEqual([]);
  });
});
