import { NotFoundError, UnavailableError } from '../../../../domain/errors.ts';
import type { App } from '../../../../http/app-type.ts';
import { noneMatchHits } from '../../../../http/etag.ts';
import type { Finder } from '../../finder.service.ts';

/**
 * The built widget for websites: `locator.js`, which host pages load with a script tag, and `map.js`, which it loads
 * with `import()` from those pages' origins (hence CORS for every origin: the files are public and carry no data).
 * A short public cache and a content hash as the tag: a release reaches visitors within minutes, revalidated cheaply.
 */
export function registerWidgetFiles(app: App, { finder }: { finder: Finder }): void {
  app.get<{ Params: { file: string } }>('/widget/v1/:file', { schema: { hide: true } }, async (request, reply) => {
    const found = await finder.widgetFile(request.params.file);
    if (found.kind === 'not-built')
      throw new UnavailableError(
        'The widget has not been built: run npm run build -w @locator/widget, then ask again.',
      );
    if (found.kind === 'missing') throw new NotFoundError(`The widget has no file ${request.params.file}.`);
    void reply
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=300')
      .header('etag', found.file.etag)
      .type('text/javascript; charset=utf-8');
    if (noneMatchHits(request.headers['if-none-match'], found.file.etag)) return reply.code(304).send();
    return reply.send(found.file.bytes);
  });
}
