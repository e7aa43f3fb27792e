import { hash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Names a page may ask for: the widget's scripts only, so no path (`..`, `/`) and no other file ever reaches the disk.
 */
const SERVABLE = /^[a-z0-9-]+\.js$/;

/** A built file of the widget, read once for each version of it on disk. */
export interface WidgetFile {
  bytes: Buffer;
  /** A strong validator: a hash of the bytes. */
  etag: string;
}

/** What was found for a name: the file, `not-built` (no build at all), or `missing` (no such file in the build). */
export type WidgetFileLookup = { kind: 'file'; file: WidgetFile } | { kind: 'not-built' } | { kind: 'missing' };

/**
 * The repository's `packages/widget/dist`, found by walking up from this module: it runs from the sources
 * (`packages/server/src/features/finder/`) and from the bundle (`packages/server/dist/locator.mjs`), at different depths.
 * Undefined outside a checkout of the repository (an installed bundle without the widget beside it).
 */
export function defaultWidgetDir(from: string = fileURLToPath(import.meta.url)): string | undefined {
  for (let folder = dirname(from); ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'packages', 'widget', 'package.json')))
      return join(folder, 'packages', 'widget', 'dist');
    if (dirname(folder) === folder) return undefined;
  }
}

/**
 * The widget's built files, kept in memory by name and checked against the disk on every request (one `stat`), so a
 * rebuild shows without a restart and an unchanged file is neither read nor hashed again.
 */
export class WidgetFiles {
  readonly #dir: string | undefined;
  readonly #held = new Map<string, { version: string; file: WidgetFile }>();

  constructor(dir: string | undefined) {
    this.#dir = dir;
  }

  async lookup(name: string): Promise<WidgetFileLookup> {
    if (!SERVABLE.test(name)) return { kind: 'missing' };
    const dir = this.#dir;
    // build.json is written last by the build: without it there is no complete build to serve.
    if (dir === undefined || !(await exists(join(dir, 'build.json')))) return { kind: 'not-built' };
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return { kind: 'missing' };
    const version = `${info.mtimeMs}:${info.size}`;
    const held = this.#held.get(name);
    if (held?.version === version) return { kind: 'file', file: held.file };
    const bytes = await readFile(path);
    const file = { bytes, etag: `"${hash('sha256', bytes, 'base64url')}"` };
    this.#held.set(name, { version, file });
    return { kind: 'file', file };
  }
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );
