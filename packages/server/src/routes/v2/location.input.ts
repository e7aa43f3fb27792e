import type { FieldErrors } from '../../domain/hours.ts';
import type { LocationInput } from '../../domain/location-write.ts';
import { READ_ONLY_FIELDS } from '../../domain/location-fields.ts';
import { ApiError } from '../../http/errors.ts';
import type { LocationPatchV2 } from '../../schemas/location.v2.ts';

/**
 * A validated V2 body as the domain reads it: `zip` and `postal_code` folded into `postcode`
 * (422 when they disagree), `""` for email and url read as null, read-only keys dropped.
 */
export function locationInputFromV2<T extends LocationPatchV2>(body: T): LocationInput & Pick<T, 'name'> {
  const { zip, postal_code, ...rest } = body;
  const input: Record<string, unknown> = { ...rest };
  for (const key of READ_ONLY_FIELDS) delete input[key];
  const postcodes = (
    [
      ['postcode', body.postcode],
      ['zip', zip],
      ['postal_code', postal_code],
    ] as const
  ).filter(([, value]) => value !== undefined);
  const distinct = new Set(postcodes.map(([, value]) => value));
  if (distinct.size > 1) {
    const errors: FieldErrors = {};
    for (const [key] of postcodes.slice(1)) errors[key] = [`disagrees with ${postcodes[0]?.[0]}: send the postcode once`];
    throw ApiError.invalid(errors);
  }
  if (postcodes[0]) input.postcode = postcodes[0][1];
  return input as LocationInput & Pick<T, 'name'>;
}
