// The ceiling: what the same framework on the same machine can serve when a route does no work at all. Each route
// answers with a pre-serialised JSON body of exactly the size the real server's answer had, so the ratio
// server / ceiling is the share of the framework's best that the service's own work leaves.
// Started by run.ts with fork(); reads its routes from argv, answers with its URL over IPC.
import Fastify from 'fastify';

export interface CeilingRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  route: string;
  bytes: number;
}

/**
 * A JSON document of exactly `bytes` bytes (at least 12).
 * @example paddedJson(20) // '{"data":"xxxxxxxxx"}'
 */
export function paddedJson(bytes: number): string {
  const frame = '{"data":""}';
  return `{"data":"${'x'.repeat(Math.max(0, bytes - frame.length))}"}`;
}

async function main(): Promise<void> {
  const routes = JSON.parse(process.argv[2] ?? '[]') as CeilingRoute[];
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  for (const { method, route, bytes } of routes) {
    // A buffer, as the fastest a route can answer: a string would be encoded again for every response.
    const body = Buffer.from(paddedJson(bytes));
    const status = method === 'POST' ? 201 : 200;
    app.route({ method, url: route, handler: async (_request, reply) => reply.code(status).type('application/json; charset=utf-8').send(body) });
  }
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({ url });
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

void main();
