import { performance } from 'node:perf_hooks';
import type { RequestContext } from './operations.ts';

const PAGE_SIZE = 100;
const PAGES_IN_FLIGHT = 4;

/** How long one full sync took: every page of the project's locations, read once. */
export interface FullSync {
  api: 'v2' | 'v1';
  pages: number;
  seconds: number;
}

/** Reads every page of the project through one API, as a client's first full sync does, and times it. */
export async function fullSync(
  baseUrl: string,
  ctx: RequestContext,
  api: 'v2' | 'v1',
  onPage: (done: number, total: number) => void,
): Promise<FullSync> {
  const pages = Math.max(1, Math.ceil(ctx.locationCount / PAGE_SIZE));
  const pathOf = (page: number) =>
    api === 'v2'
      ? `/api/v2/projects/${ctx.projectId}/locations?limit=${PAGE_SIZE}&page=${page}&includeHours=1&includeSpecialHours=1&includeFilters=1&includeFields=1&includeCallsToAction=1`
      : `/api/locations?limit=${PAGE_SIZE}&page=${page}`;
  const headers = {
    authorization: `Bearer ${api === 'v2' ? ctx.v2Token : ctx.legacyToken}`,
    accept: 'application/json',
  };
  const started = performance.now();
  let next = 1;
  let done = 0;
  const worker = async () => {
    for (let page = next++; page <= pages; page = next++) {
      const response = await fetch(baseUrl + pathOf(page), { headers });
      if (response.status !== 200)
        throw new Error(
          `full sync (${api}): page ${page} answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
        );
      await response.arrayBuffer();
      onPage(++done, pages);
    }
  };
  await Promise.all(Array.from({ length: PAGES_IN_FLIGHT }, worker));
  return { api, pages, seconds: (performance.now() - started) / 1000 };
}
