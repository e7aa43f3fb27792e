import { beforeEach, describe, expect, it } from 'vitest';
import { type CatalogAccount, createCatalogAccount } from '../support/factories.ts';
import { postImport, waitForImport } from '../support/imports.ts';
import { call, useTestServer } from '../support/server.ts';

// The status of a running import shows its progress as it moves: with each batch a batch-by-batch import commits,
// and at least every second of the server's clock otherwise (a dry run, unchanged rows), not only at the lease's
// renewal (every 10 s by default).

const server = useTestServer({ importWorker: true });
let owner: CatalogAccount;

beforeEach(async () => {
  owner = await createCatalogAccount(server);
});

const ROWS = 6000;
const file = `external_id,name,city\n${Array.from({ length: ROWS }, (_, n) => `P-${n},Store ${n},Austin`).join('\n')}\n`;

/** Polls the import's status until it ends, moving the server's clock `tickMs` a poll; answers the rows done seen. */
async function progressSeen(query: string, tickMs: number): Promise<number[]> {
  const { token } = owner.account.token;
  const projectId = owner.account.project.public_id;
  const posted = await postImport(server, { token, projectId, file, query });
  const { data } = (await posted.json()) as { data: { id: string } };
  const seen: number[] = [];
  for (let poll = 0; poll < 2000; poll += 1) {
    const status = (await call(server, 'GET', `/api/v2/projects/${projectId}/imports/${data.id}`, { token })).body
      .data as { status: string; progress: { rows_done: number } };
    if (status.status !== 'running' && status.status !== 'queued') break;
    seen.push(status.progress.rows_done);
    server.clock.now += tickMs;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await waitForImport(server, token, projectId, data.id);
  return seen;
}

describe("an import's progress", () => {
  it('moves with each batch a batch-by-batch import writes', async () => {
    const seen = await progressSeen('', 0);
    expect(
      seen.some((done) => done > 0 && done < ROWS),
      JSON.stringify(seen),
    ).toBe(true);
  });

  it('moves every second in a dry run, which writes no batch', async () => {
    const seen = await progressSeen('dry_run=1', 1100);
    expect(
      seen.some((done) => done > 0 && done < ROWS),
      JSON.stringify(seen),
    ).toBe(true);
  });
});
