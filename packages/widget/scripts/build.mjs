// Builds the widget into dist/: `locator.js`, the classic script a host page loads, and `map.js`, the ES module of
// the map (Leaflet and the clustering) that it imports only when a map is shown. `build.json` records the fingerprint
// of the sources, so the server's tests can tell a served file that is older than its sources.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const WIDGET = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(WIDGET, 'dist');

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : [join(dir, entry.name)]))
    .sort();
}

/** A hash of everything the build is made from: the sources, the package.json (dependencies) and this script. */
export function widgetFingerprint(widget = WIDGET) {
  const hash = createHash('sha256');
  const files = [
    ...sourceFiles(join(widget, 'src')),
    join(widget, 'package.json'),
    join(widget, 'scripts', 'build.mjs'),
  ];
  for (const file of files) hash.update(relative(widget, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/** The fingerprint `dist/build.json` records, or undefined when there is no build. */
export function builtFingerprint(widget = WIDGET) {
  try {
    return JSON.parse(readFileSync(join(widget, 'dist', 'build.json'), 'utf8')).fingerprint;
  } catch {
    return undefined;
  }
}

export async function buildWidget() {
  const { build } = await import('esbuild');
  mkdirSync(DIST, { recursive: true });
  const common = {
    bundle: true,
    minify: true,
    target: 'es2020',
    legalComments: 'none',
    logLevel: 'warning',
    loader: { '.css': 'text' },
  };
  await build({
    ...common,
    entryPoints: [join(WIDGET, 'src', 'locator.ts')],
    outfile: join(DIST, 'locator.js'),
    format: 'iife',
  });
  await build({
    ...common,
    entryPoints: [join(WIDGET, 'src', 'map', 'map.ts')],
    outfile: join(DIST, 'map.js'),
    format: 'esm',
  });
  writeFileSync(join(DIST, 'build.json'), `${JSON.stringify({ fingerprint: widgetFingerprint() })}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildWidget();
  console.log(`Built ${relative(process.cwd(), DIST)}`);
}
