import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// `npm ci` warns (EBADENGINE) for every package it installs whose `engines.node` refuses the running Node. The README
// promises any Node 22 or 24 release from the root's minimum on, so every package of the lock npm would install on a
// 64-bit machine must admit the oldest of each: a dependency update that raises its floor fails here, not on a
// newcomer's first `npm ci`.

interface LockedPackage {
  engines?: { node?: string } | string[];
  cpu?: string[];
  optional?: boolean;
  link?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const lock = readJson('../../../../package-lock.json') as { packages: Record<string, LockedPackage> };
const root = readJson('../../../../package.json') as { engines: { node: string } };

/** The package's name from its place in the lock (`node_modules/a/node_modules/@b/c` → `@b/c`). */
const nameOf = (path: string): string => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

/**
 * The lock's packages that npm leaves out on x64 and arm64: those built for other processors (WebAssembly bindings),
 * and the optional packages that only those need.
 */
function packagesNotInstalled(): Set<string> {
  const left = new Set(
    Object.entries(lock.packages)
      .filter(([, entry]) => entry.cpu && !entry.cpu.some((cpu) => cpu === 'x64' || cpu === 'arm64'))
      .map(([path]) => path),
  );
  for (let grew = true; grew; ) {
    grew = false;
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (left.has(path) || !entry.optional) continue;
      const neededBy = Object.entries(lock.packages).filter(
        ([, other]) => nameOf(path) in { ...other.dependencies, ...other.optionalDependencies },
      );
      if (neededBy.every(([other]) => left.has(other))) {
        left.add(path);
        grew = true;
      }
    }
  }
  return left;
}

describe('the engines of the installed packages', () => {
  const oldest = semver.minVersion(root.engines.node)?.version;
  const notInstalled = packagesNotInstalled();

  it.each([oldest, '24.0.0'])('admit Node %s, so npm ci warns of none', (node) => {
    expect(node).toBeDefined();
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && !entry.link && !notInstalled.has(path))
      .flatMap(([path, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range && !semver.satisfies(node ?? '', range) ? [`${path} (${range})`] : [];
      });
    expect(refusing).toEqual([]);
  });

  it('leave out optional packages only, and the WebAssembly runtime among them', () => {
    expect([...notInstalled].filter((path) => !lock.packages[path]?.optional)).toEqual([]);
    expect(notInstalled).toContain('node_modules/@napi-rs/wasm-runtime');
  });
});
