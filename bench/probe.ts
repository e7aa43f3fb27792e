import type { CeilingAnswer } from './ceiling-server.ts';
import { type OperationName, operationNamed, type RequestContext, requestFor } from './operations.ts';
import { seededRandom } from './seed-data.ts';

const PROBES = 3;

/**
 * A few requests of the operation before its load: they fail the run early on a broken request, and tell the
 * ceilings what to answer (the server's status, content-type, mean body size, and the ETag a 304 carries).
 */
export async function probe(url: string, name: OperationName, ctx: RequestContext): Promise<CeilingAnswer> {
  const { label, expectedStatus } = operationNamed(name);
  const random = seededRandom(99);
  const sizes: number[] = [];
  let contentType: string | undefined;
  let etag: string | undefined;
  for (let n = 1; n <= PROBES; n += 1) {
    const spec = requestFor(name, ctx, n, random);
    const response = await fetch(url + spec.path, {
      method: spec.method,
      headers: spec.headers,
      ...(spec.body !== undefined ? { body: spec.body } : {}),
    });
    const text = await response.text();
    if (response.status !== expectedStatus)
      throw new Error(`${label}: the probe got ${response.status}, not ${expectedStatus}: ${text.slice(0, 500)}`);
    sizes.push(Buffer.byteLength(text));
    contentType = response.headers.get('content-type') ?? undefined;
    etag = response.headers.get('etag') ?? spec.headers['if-none-match'];
  }
  const bytes = Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length);
  if (expectedStatus === 304) return { status: 304, bytes: 0, ...(etag === undefined ? {} : { etag }) };
  return { status: expectedStatus, bytes, ...(contentType === undefined ? {} : { contentType }) };
}
