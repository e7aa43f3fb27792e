import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyRequest } from 'fastify';
import { FILE_FORMATS, type FileFormat, MEDIA_TYPES } from '../../../../domain/file-formats.ts';
import type { App } from '../../../../http/app-type.ts';
import { handleError } from '../../../../http/error-handler.ts';
import { ApiError } from '../../../../http/errors.ts';

/**
 * Media types of import files, each with its format; a tab-separated file is read as CSV (the separator is sniffed).
 */
const UPLOAD_TYPES = new Map<string, FileFormat>([
  ...FILE_FORMATS.map((format): [string, FileFormat] => [MEDIA_TYPES[format], format]),
  ['text/tab-separated-values', 'csv'],
]);
export const ACCEPTED_UPLOADS = [...UPLOAD_TYPES.keys()].join(', ');

/**
 * Registers routes that take a file as their raw body (up to `maxBytes`), in a scope of their own: the file types are
 * accepted there only, and their refusals say what the routes take.
 */
export function withFileUpload(app: App, maxBytes: number, register: (scope: App) => void): void {
  void app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<TypeBoxTypeProvider>();
    for (const type of UPLOAD_TYPES.keys())
      scope.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, body, done) =>
        done(null, body),
      );
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
        return handleError(
          new ApiError(415, `Send the file as the body, with its Content-Type: one of ${ACCEPTED_UPLOADS}.`),
          request,
          reply,
        );
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        return handleError(
          new ApiError(413, `The file is larger than the ${maxBytes} bytes an import takes (IMPORT_MAX_BYTES).`),
          request,
          reply,
        );
      return handleError(error, request, reply);
    });
    register(scope);
  });
}

/** The file of a request and its format, by its Content-Type; `415` for a body that is not a file of a format. */
export function uploadOf(request: FastifyRequest): { content: Buffer; format: FileFormat } {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const format = UPLOAD_TYPES.get(type);
  if (!format || !Buffer.isBuffer(request.body))
    throw new ApiError(415, `Send the file as the body, with its Content-Type: one of ${ACCEPTED_UPLOADS}.`);
  return { content: request.body, format };
}
