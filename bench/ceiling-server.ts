// The ceilings: what this machine can serve when a request costs no work at all. Each answers every request with the
// answer the real server gave the operation's probe (same status, same content-type, a pre-serialised JSON body of
// the same size as a buffer), so server / ceiling is the share of the machine's best the server leaves.
// - node:http: the bare runtime, the ceiling ratios and floors are judged against.
// - Fastify: one route of the operation's method and pattern, kept beside it for reference only.
// Started by processes.ts with fork(), one per operation; reads its CeilingSpec from argv, answers with its URL over
// IPC.
import { createServer } from 'node:http';
import Fastify from 'fastify';
import { paddedJson } from './padded-json.ts';

/** What a ceiling answers: the real server's status, content-type and body size (and ETag for a 304). */
export interface CeilingAnswer {
  status: number;
  /** Absent for a 304, which has no body. */
  contentType?: string;
  bytes: number;
  /** Sent with a 304, as the real one carries the ETag it confirms. */
  etag?: string;
}

export interface CeilingSpec {
  kind: 'node-http' | 'fastify';
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  /** The operation's route pattern, which the Fastify ceiling registers (node:http answers any path). */
  route: string;
  answer: CeilingAnswer;
}

/** The answer's headers; a 304 has neither body nor content-type. */
function headersOf(answer: CeilingAnswer, body: Buffer): Record<string, string> {
  if (answer.status === 304) return answer.etag === undefined ? {} : { etag: answer.etag };
  return {
    'content-type': answer.contentType ?? 'application/json; charset=utf-8',
    'content-length': String(body.length),
  };
}

/** A buffer, the fastest a body can be sent: a string would be encoded again for every response. */
function bodyOf(answer: CeilingAnswer): Buffer {
  return answer.status === 304 ? Buffer.alloc(0) : Buffer.from(paddedJson(answer.bytes));
}

function listenWithNodeHttp(answer: CeilingAnswer): Promise<{ url: string; close(): Promise<void> }> {
  const body = bodyOf(answer);
  const headers = headersOf(answer, body);
  // Answers at once, without reading the request: Node reads and drops a body left unread when the response ends,
  // and keeps the connection; waiting for the request's 'end' first would add a turn of its stream to every GET.
  const server = createServer((_request, response) => {
    response.writeHead(answer.status, headers);
    response.end(body);
  });
  // Fastify's settings (no request timeout, which Node otherwise tracks for every request; 72 s keep-alive), so the
  // two ceilings differ only in what Fastify does per request.
  server.requestTimeout = 0;
  server.keepAliveTimeout = 72_000;
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

async function listenWithFastify(spec: CeilingSpec): Promise<{ url: string; close(): Promise<void> }> {
  const body = bodyOf(spec.answer);
  const headers = headersOf(spec.answer, body);
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  app.route({
    method: spec.method,
    url: spec.route,
    handler: async (_request, reply) => {
      reply.code(spec.answer.status).headers(headers);
      return spec.answer.status === 304 ? reply.send() : reply.send(body);
    },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => app.close() };
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '{}') as CeilingSpec;
  const server = spec.kind === 'node-http' ? await listenWithNodeHttp(spec.answer) : await listenWithFastify(spec);
  process.send?.({ url: server.url });
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

void main();
