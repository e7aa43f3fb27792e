// The server's production build: one ES module bundling the TypeScript sources, so a start skips compiling them
// (tsx) and loading a thousand small ES modules (typebox, kysely). `npm run build` writes it; bin/locator.js runs it
// only while it matches the sources, and otherwise the sources themselves, so a stale build never runs.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = join(root, 'packages', 'server');
const outputOf = (server) => ({
  outfile: join(server, 'dist', 'locator.mjs'),
  fingerprintFile: join(server, 'dist', 'locator.fingerprint'),
});
/** Pure ES-module packages of many files are bundled; every other dependency is loaded from node_modules. */
const BUNDLED_PACKAGES = ['typebox', 'kysely'];

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : [join(dir, entry.name)]))
    .sort();
}

/**
 * Worker threads' entry files: plain JavaScript (`name.worker.mjs`, copied) or TypeScript (`name.worker.ts`, bundled
 * into `name.worker.mjs`) beside the TypeScript that starts them with
 * `new Worker(new URL('./name.worker.mjs', import.meta.url))`, which the bundle resolves beside itself.
 */
const workerFiles = (server) => sourceFiles(join(server, 'src')).filter((file) => file.endsWith('.worker.mjs'));
const workerSources = (server) => sourceFiles(join(server, 'src')).filter((file) => file.endsWith('.worker.ts'));

/** A hash of everything the build is made from: the sources, the server's package.json and this script. */
export function sourceFingerprint(server = SERVER) {
  const hash = createHash('sha256');
  for (const file of [
    ...sourceFiles(join(server, 'src')),
    join(server, 'package.json'),
    fileURLToPath(import.meta.url),
  ]) {
    hash.update(relative(server, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** The built entry point when a build exists and was made from the current sources, else undefined. */
export function freshBuild(server = SERVER) {
  const { outfile, fingerprintFile } = outputOf(server);
  if (!existsSync(outfile) || !existsSync(fingerprintFile)) return undefined;
  return readFileSync(fingerprintFile, 'utf8') === sourceFingerprint(server) ? outfile : undefined;
}

/** Bundles the CLI (and with it the server) into `<server>/dist/locator.mjs`; returns its path. */
export async function buildServer(server = SERVER) {
  const { build } = await import('esbuild');
  const { outfile, fingerprintFile } = outputOf(server);
  const { dependencies = {} } = JSON.parse(readFileSync(join(server, 'package.json'), 'utf8'));
  const fingerprint = sourceFingerprint(server);
  // Built in a folder of its own and renamed into place, so a start running meanwhile sees the old build or the
  // new one, never half of one.
  const stage = join(dirname(outfile), `.build-${process.pid}`);
  const staged = join(stage, basename(outfile));
  const options = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(dependencies).filter((name) => !BUNDLED_PACKAGES.includes(name)),
    logLevel: 'warning',
  };
  await build({
    ...options,
    entryPoints: [join(server, 'src', 'cli', 'main.ts')],
    outfile: staged,
    sourcemap: 'linked',
  });
  for (const file of workerSources(server)) {
    await build({ ...options, entryPoints: [file], outfile: join(stage, basename(file).replace(/\.ts$/, '.mjs')) });
  }
  for (const file of workerFiles(server)) copyFileSync(file, join(stage, basename(file)));
  // The workers before the bundle, so the new bundle never starts without them.
  for (const file of readdirSync(stage).filter((name) => name.endsWith('.worker.mjs'))) {
    renameSync(join(stage, file), join(dirname(outfile), file));
  }
  renameSync(`${staged}.map`, `${outfile}.map`);
  renameSync(staged, outfile);
  rmSync(stage, { recursive: true, force: true });
  writeFileSync(fingerprintFile, fingerprint);
  return outfile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const built = await buildServer();
  console.log(`Built ${relative(root, built)}`);
}
