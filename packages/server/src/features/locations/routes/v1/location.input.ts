import type { FastifyRequest } from 'fastify';
import { InvalidInputError } from '../../../../domain/errors.ts';
import type { LocationInput, WritePolicy } from '../../../../domain/location-input.ts';
import { readV1LocationBody } from '../../../../domain/v1-input.ts';

/**
 * How V1 writes: the legacy `location_type` exception (omitted, null or unknown selects the default; the current name
 * keeps a nondefault type), and a PUT keeps the marker, which V1 cannot write.
 */
export const V1_WRITE_POLICY: WritePolicy = { legacyLocationType: true, keepMarker: true };

/** A V1 body read into the domain's input, or a 422 with every field error. */
export function locationInputFromV1(body: unknown): LocationInput & { name: string } {
  const result = readV1LocationBody(body);
  if ('errors' in result) throw InvalidInputError.fields(result.errors);
  return result.input;
}

/**
 * The `preValidation` hook of V1 writes: the V1 reader checks the body before the schema does, so a request learns
 * all its field errors at once, in the reader's words. The schema accepts everything the reader accepts, so it then
 * only guards the types it documents.
 */
export async function checkV1LocationBody(request: FastifyRequest): Promise<void> {
  locationInputFromV1(request.body);
}
