import { hash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The names of built assets: Vite's `<name>-<hash>.<ext>` in `assets/`, so no path (`..`, `/`) reaches the disk. The
 * hash in the name is what lets browsers keep them for a year.
 */
const ASSET_NAME = /^[A-Za-z0-9_-]+\.(js|css|svg|png|woff2)$/;

const MEDIA_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** A built file of the dashboard, read once for each version of it on disk. */
export interface DashboardFile {
  bytes: Buffer;
  mediaType: string;
  /** A strong validator: a hash of the bytes. */
  etag: string;
}

/** What was found: the file, `not-built` (no `index.html`: no build at all), or `missing` (no such asset). */
export type DashboardFileLookup = { kind: 'file'; file: DashboardFile } | { kind: 'not-built' } | { kind: 'missing' };

/**
 * The repository's `packages/dashboard/dist`, found by walking up from this module, which runs from the sources and
 * from the server's bundle at different depths. Undefined outside a checkout of the repository.
 */
export function defaultDashboardDir(from: string = fileURLToPath(import.meta.url)): string | undefined {
  for (let folder = dirname(from); ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'packages', 'dashboard', 'package.json')))
      return join(folder, 'packages', 'dashboard', 'dist');
    if (dirname(folder) === folder) return undefined;
  }
}

/**
 * The dashboard's build (Vite's `dist/`): `index.html` and the hashed `assets/`, kept in memory by path and checked
 * against the disk on every request (one `stat`), so a new build shows without a restart.
 */
export class DashboardFiles {
  readonly #dir: string | undefined;
  readonly #held = new Map<string, { version: string; file: DashboardFile }>();

  constructor(dir: string | undefined) {
    this.#dir = dir;
  }

  /** The page every address of the dashboard answers with. */
  index(): Promise<DashboardFileLookup> {
    return this.#read('index.html');
  }

  asset(name: string): Promise<DashboardFileLookup> {
    return ASSET_NAME.test(name) ? this.#read(join('assets', name)) : Promise.resolve({ kind: 'missing' });
  }

  async #read(path: string): Promise<DashboardFileLookup> {
    const dir = this.#dir;
    // index.html is written last by the build: without it there is no complete build to serve.
    if (dir === undefined || !(await isFile(join(dir, 'index.html')))) return { kind: 'not-built' };
    const info = await stat(join(dir, path)).catch(() => undefined);
    if (!info?.isFile()) return { kind: 'missing' };
    const version = `${info.mtimeMs}:${info.size}`;
    const held = this.#held.get(path);
    if (held?.version === version) return { kind: 'file', file: held.file };
    const bytes = await readFile(join(dir, path));
    const file = {
      bytes,
      mediaType: MEDIA_TYPES[extname(path)] ?? 'application/octet-stream',
      etag: `"${hash('sha256', bytes, 'base64url')}"`,
    };
    this.#held.set(path, { version, file });
    return { kind: 'file', file };
  }
}

const isFile = (path: string) =>
  stat(path).then(
    (info) => info.isFile(),
    () => false,
  );
