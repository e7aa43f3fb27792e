import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../../config/config.ts';
import { NotFoundError, UnavailableError } from '../../../domain/errors.ts';
import type { App } from '../../../http/app-type.ts';
import { noneMatchHits } from '../../../http/etag.ts';
import type { DashboardFile, DashboardFileLookup, DashboardFiles } from '../dashboard-files.ts';
import { ASSET_CACHE_CONTROL, dashboardCsp, PAGE_CACHE_CONTROL } from '../dashboard-headers.ts';

function builtFile(found: DashboardFileLookup, what: string): DashboardFile {
  if (found.kind === 'not-built')
    throw new UnavailableError(
      'The dashboard has not been built: run npm run build -w @locator/dashboard (or npm ci), then ask again.',
    );
  if (found.kind === 'missing') throw new NotFoundError(`The dashboard has no file ${what}.`);
  return found.file;
}

function sendFile(request: FastifyRequest, reply: FastifyReply, file: DashboardFile, cacheControl: string) {
  void reply
    .header('cache-control', cacheControl)
    .header('etag', file.etag)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin')
    .type(file.mediaType);
  if (noneMatchHits(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
  return reply.send(file.bytes);
}

/**
 * The dashboard: its hashed assets under /dashboard/assets/, and its one page at /dashboard and every address below
 * it, where the dashboard's own router takes over (a reload or a shared link of /dashboard/account works).
 */
export function registerDashboard(
  app: App,
  { dashboardFiles, config }: { dashboardFiles: DashboardFiles; config: Pick<Config, 'mapTiles'> },
): void {
  app.get<{ Params: { file: string } }>(
    '/dashboard/assets/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const file = builtFile(await dashboardFiles.asset(request.params.file), request.params.file);
      return sendFile(request, reply, file, ASSET_CACHE_CONTROL);
    },
  );
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const file = builtFile(await dashboardFiles.index(), 'index.html');
    void reply.header('content-security-policy', dashboardCsp(config.mapTiles.url));
    return sendFile(request, reply, file, PAGE_CACHE_CONTROL);
  };
  app.get('/dashboard', { schema: { hide: true } }, page);
  app.get('/dashboard/*', { schema: { hide: true } }, page);
}
