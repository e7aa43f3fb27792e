import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';

// The committed documents are what the server serves (the drift check regenerates them), so linting them lints the
// API's: Redocly's recommended rules, the ones SDK generators and API catalogues expect. Warnings fail too.
const OPENAPI_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'openapi');

/** The operations each document has at least, so an empty or truncated document cannot pass. */
const AT_LEAST: Record<string, number> = { v2: 5, v1: 5, public: 1 };

describe.each(['v2', 'v1', 'public'])('the %s OpenAPI document', (version) => {
  it("passes Redocly's recommended rules without an error or a warning", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const source = readFileSync(join(OPENAPI_DIR, `${version}.json`), 'utf8');
    const problems = await lintFromString({ source, absoluteRef: join(OPENAPI_DIR, `${version}.json`), config });
    expect(
      problems.map(
        (problem) =>
          `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? '?'}`,
      ),
    ).toEqual([]);
  });

  it('names every operation with a unique operationId', () => {
    const document = JSON.parse(readFileSync(join(OPENAPI_DIR, `${version}.json`), 'utf8')) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const ids = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).map((operation) => operation.operationId),
    );
    expect(ids.length).toBeGreaterThanOrEqual(AT_LEAST[version] ?? Number.POSITIVE_INFINITY);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
