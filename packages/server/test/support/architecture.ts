import { posix } from 'node:path';

/** A source file of src/: its path from src/ (`features/locations/index.ts`) and its text. */
export interface SourceFile {
  path: string;
  text: string;
}

/** One relative import of a file: what it names, resolved to a path from src/ (`..` for files outside src/). */
export interface Import {
  from: string;
  to: string;
}

/**
 * Who may import whom: each kernel folder the kernels it may use; each feature the features it may use (through their
 * `index.ts`); and which kernels features, the root files and the CLI may use.
 */
export interface Rules {
  kernels: Readonly<Record<string, readonly string[]>>;
  features: Readonly<Record<string, readonly string[]>>;
  /** Files directly in src/: the process and its wiring. */
  rootFiles: readonly string[];
}

/** Every relative import, export-from and dynamic import of a file, `import type` too. */
const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\b[^'"]*?\bfrom\s*['"](\.[^'"]+)['"]|\bimport\s*\(\s*['"](\.[^'"]+)['"]\s*\)|^import\s+['"](\.[^'"]+)['"]/gm;

export function importsOf(files: readonly SourceFile[]): Import[] {
  return files.flatMap(({ path, text }) =>
    [...text.matchAll(SPECIFIER)].map((match) => {
      const specifier = match[1] ?? match[2] ?? match[3] ?? '';
      const to = posix.normalize(posix.join(posix.dirname(path), specifier));
      return { from: path, to: to.startsWith('..') ? '..' : to };
    }),
  );
}

/** Where a file sits: `(root)`, a kernel folder (`domain`), `cli`, or `features/<name>`. */
export function areaOf(path: string): string {
  const [first, second, third] = path.split('/');
  if (second === undefined) return '(root)';
  if (first === 'features' && third !== undefined) return `features/${second}`;
  return first ?? '(root)';
}

const isFeature = (area: string) => area.startsWith('features/');
const featureName = (area: string) => area.slice('features/'.length);

/** What an import breaks of the rules, or undefined when it keeps them. */
function brokenRule({ from, to }: Import, rules: Rules): string | undefined {
  if (to === '..') return undefined; // The package's own package.json, for its version.
  const source = areaOf(from);
  const target = areaOf(to);
  if (source === target) return undefined;
  if (source in rules.kernels) {
    const allowed = rules.kernels[source] ?? [];
    return allowed.includes(target)
      ? undefined
      : `${from} imports ${to}: the ${source}/ kernel may import ${allowed.join(', ') || 'nothing of ours'}`;
  }
  if (target in rules.kernels) return undefined; // Features, the CLI and the root may use every kernel.
  if (isFeature(target)) {
    if (to !== `${target}/index.ts`) {
      return `${from} imports ${to}: another feature's internals (only ${target}/index.ts may be imported)`;
    }
    if (!isFeature(source)) return undefined;
    const allowed = rules.features[featureName(source)] ?? [];
    return allowed.includes(featureName(target))
      ? undefined
      : `${from} imports ${to}: ${featureName(source)} may use ${allowed.join(', ') || 'no other feature'}`;
  }
  if (target === '(root)') {
    return source === 'cli' && to === 'server.ts'
      ? undefined
      : `${from} imports ${to}: only the CLI may import the root, and only server.ts`;
  }
  if (target === 'cli') return `${from} imports ${to}: nothing imports the CLI`;
  return `${from} imports ${to}: ${target} is no area the rules know`;
}

/** Every import that breaks the rules, as a sentence. */
export function brokenRules(imports: readonly Import[], rules: Rules): string[] {
  return imports.flatMap((each) => brokenRule(each, rules) ?? []);
}

/**
 * Every set of files that import one another in a circle (strongly connected, more than one file, or one importing
 * itself).
 */
export function cyclesOf(imports: readonly Import[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of imports) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file) ?? 0, index.get(to) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      onStack.delete(top);
      component.push(top);
      if (top === file) break;
    }
    if (component.length > 1 || (next.get(file) ?? []).includes(file)) cycles.push(component.sort());
  };
  for (const file of next.keys()) if (!index.has(file)) visit(file);
  return cycles;
}
