import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer, freshBuild } from '../../../../scripts/server-build.mjs';

// A stand-in server package in a temporary folder, so the test never touches the real build.
const server = mkdtempSync(join(tmpdir(), 'locator-build-'));
afterAll(() => rmSync(server, { recursive: true, force: true }));

function writeSource(text: string): void {
  mkdirSync(join(server, 'src', 'cli'), { recursive: true });
  writeFileSync(join(server, 'src', 'cli', 'main.ts'), text);
}

describe('the server build', () => {
  it('is used only while it was made from the current sources', async () => {
    writeFileSync(join(server, 'package.json'), JSON.stringify({ name: 'stand-in', dependencies: {} }));
    writeSource('export const answer: number = 6 * 7;\n');
    expect(freshBuild(server)).toBeUndefined();

    const built = await buildServer(server);
    expect(freshBuild(server)).toBe(built);
    const module = (await import(pathToFileURL(built).href)) as { answer: number };
    expect(module.answer).toBe(42);

    writeSource('export const answer: number = 43;\n');
    expect(freshBuild(server)).toBeUndefined();
    expect(await buildServer(server)).toBe(built);
    expect(freshBuild(server)).toBe(built);
  });
});
