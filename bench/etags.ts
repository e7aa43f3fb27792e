import { type RequestContext, type SampledLocation, v2GetOne } from './operations.ts';

const IN_FLIGHT = 4;

/**
 * Reads the current `ETag` of each sampled location (one V2 GET with every include each, the request the 304
 * operation revalidates), so that operation can send the matching `If-None-Match`. A location whose answer has no
 * `ETag` header is returned without one.
 */
export async function readETags(baseUrl: string, ctx: RequestContext): Promise<SampledLocation[]> {
  const read: SampledLocation[] = new Array<SampledLocation>(ctx.locations.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < ctx.locations.length; index = next++) {
      const location = ctx.locations[index];
      if (!location) continue;
      const spec = v2GetOne(ctx, location.publicId);
      const response = await fetch(baseUrl + spec.path, { headers: spec.headers });
      await response.arrayBuffer();
      if (response.status !== 200)
        throw new Error(`reading the ETag of ${location.publicId}: the GET answered ${response.status}`);
      const etag = response.headers.get('etag');
      read[index] = { publicId: location.publicId, v1Id: location.v1Id, ...(etag === null ? {} : { etag }) };
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return read;
}

/**
 * Why the 304 operation cannot be measured with these locations, or undefined when every one has an ETag.
 * @example whyNotRevalidated([{ publicId: 'loc_1', v1Id: 1 }]) // 'the server sent no ETag'
 */
export function whyNotRevalidated(locations: readonly SampledLocation[]): string | undefined {
  const missing = locations.filter((location) => location.etag === undefined).length;
  if (locations.length === 0) return 'no sampled locations';
  if (missing === 0) return undefined;
  if (missing === locations.length) return 'the server sent no ETag';
  return `the server sent no ETag for ${missing.toLocaleString('en-US')} of ${locations.length.toLocaleString('en-US')} sampled locations`;
}
