import type { FieldErrors } from '../../../../domain/errors.ts';
import { InvalidInputError } from '../../../../domain/errors.ts';
import { READ_ONLY_FIELDS } from '../../../../domain/location-fields.ts';
import type { LocationInput } from '../../../../domain/location-input.ts';
import type { LocationPatchV2 } from '../../schemas/location.v2.ts';

type NamedValues = Record<string, string | null> | { name?: string; title?: string; value: string | null }[];

/** The object form of fields or calls to action, from either the object or a GET body's list form. */
function valuesByName(
  values: NamedValues | undefined,
  key: 'name' | 'title',
): Record<string, string | null> | undefined {
  if (values === undefined || !Array.isArray(values)) return values;
  return Object.fromEntries(values.map((entry) => [entry[key] ?? '', entry.value]));
}

/**
 * A validated V2 body as the domain reads it: `zip` and `postal_code` folded into `postcode`
 * (422 when they disagree), read-only keys dropped, and the shapes of a GET body (`marker` object,
 * `filters`, `fields` and `callsToAction` lists) read as their input forms, so a body read can be sent back.
 */
export function locationInputFromV2<T extends LocationPatchV2>(body: T): LocationInput & Pick<T, 'name'> {
  const { zip, postal_code, marker, filters, fields, callsToAction, ...rest } = body;
  const input: Record<string, unknown> = { ...rest };
  if (marker !== undefined) input.marker = marker !== null && typeof marker === 'object' ? marker.id : marker;
  if (filters !== undefined)
    input.filters = filters.map((filter) => (typeof filter === 'string' ? filter : filter.name));
  if (fields !== undefined) input.fields = valuesByName(fields, 'name');
  if (callsToAction !== undefined) input.callsToAction = valuesByName(callsToAction, 'title');
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
    for (const [key] of postcodes.slice(1))
      errors[key] = [`disagrees with ${postcodes[0]?.[0]}: send the postcode once`];
    throw InvalidInputError.fields(errors);
  }
  if (postcodes[0]) input.postcode = postcodes[0][1];
  return input as LocationInput & Pick<T, 'name'>;
}
