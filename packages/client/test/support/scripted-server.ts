import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the scripted server received it. */
export interface ReceivedRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
  /** `Date.now()` when the request arrived. */
  receivedAt: number;
}

/** Answers request number `index` (from 0); may drop the connection with `response.socket?.destroy()`. */
export type Script = (request: ReceivedRequest, response: ServerResponse, index: number) => void | Promise<void>;

export interface ScriptedServer {
  url: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

/**
 * A local HTTP server that answers as the test scripts it: the cases a real server cannot be made to show on
 * demand (a 429 with a given `Retry-After`, links that drop `limit`, a connection dropped mid-request).
 */
export async function startScriptedServer(script: Script): Promise<ScriptedServer> {
  const requests: ReceivedRequest[] = [];
  const server = createServer(async (incoming, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const received: ReceivedRequest = {
      method: incoming.method ?? 'GET',
      url: new URL(incoming.url ?? '/', 'http://scripted.invalid'),
      headers: incoming.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      receivedAt: Date.now(),
    };
    requests.push(received);
    try {
      await script(received, response, requests.length - 1);
    } catch (error) {
      response.writeHead(599).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Drops the connection without an answer, as a failing network would. */
export function drop(response: ServerResponse): void {
  response.socket?.destroy();
}

/** Sends a JSON answer. */
export function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/**
 * A page of `total` numbered items the way a server whose links drop every parameter but `page` would answer:
 * `limit` from the request (default 25), and `links.next` without it.
 */
export function pageAnswer(
  request: ReceivedRequest,
  total: number,
  base: string,
): {
  data: { id: string; name: string }[];
  links: Record<string, string | null>;
  meta: Record<string, number | string | null>;
} {
  const page = Number(request.url.searchParams.get('page') ?? '1');
  const limit = Number(request.url.searchParams.get('limit') ?? '25');
  const lastPage = Math.max(1, Math.ceil(total / limit));
  const from = (page - 1) * limit;
  const ids = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, index) => from + index + 1);
  const link = (target: number) => `${base}${request.url.pathname}?page=${target}`;
  return {
    data: ids.map((id) => ({ id: String(id), name: `Location ${id}` })),
    links: {
      first: link(1),
      last: link(lastPage),
      prev: page > 1 ? link(page - 1) : null,
      next: page < lastPage ? link(page + 1) : null,
      self: link(page),
    },
    meta: {
      current_page: page,
      from: ids.length ? from + 1 : null,
      last_page: lastPage,
      path: `${base}${request.url.pathname}`,
      per_page: limit,
      to: ids.length ? from + ids.length : null,
      total,
    },
  };
}
