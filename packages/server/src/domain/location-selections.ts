import {
  configuredList,
  defaultMarkerId,
  defaultTypeId,
  findByName,
  findMarker,
  type ProjectCatalog,
} from './catalog.ts';
import type { LocationColumns, LocationInput, ValuesChange, WriteMode, WritePolicy } from './location-input.ts';

// What a write selects from the project's catalog (its location type, marker, cover image, filters, custom fields and
// calls to action), planned for `planLocationWrite`.

/** Adds a field error. */
export type AddError = (field: string, message: string) => void;

export function planLocationType(
  mode: WriteMode,
  input: LocationInput,
  catalog: ProjectCatalog,
  policy: WritePolicy,
  columns: LocationColumns,
  addError: AddError,
): void {
  const given = input.location_type;
  if (policy.legacyLocationType) {
    if (mode === 'patch' && given === undefined) return;
    const match = typeof given === 'string' ? findByName(catalog.types, given) : undefined;
    // Sending the current type's name matches it, so a nondefault type is kept.
    columns.location_type_id = match ? match.id : defaultTypeId(catalog);
    return;
  }
  if (given === undefined) {
    if (mode !== 'patch') columns.location_type_id = defaultTypeId(catalog);
    return;
  }
  if (given === null || given.trim() === '') {
    columns.location_type_id = null;
    return;
  }
  const match = findByName(catalog.types, given);
  if (match) columns.location_type_id = match.id;
  else
    addError(
      'location_type',
      `"${given}" is not a location type of this project; ${configuredList(
        'location types',
        catalog.types.map((t) => t.name),
      )}`,
    );
}

export function planMarker(
  mode: WriteMode,
  input: LocationInput,
  catalog: ProjectCatalog,
  policy: WritePolicy,
  columns: LocationColumns,
  addError: AddError,
): void {
  const given = input.marker;
  if (given === undefined) {
    const resetsOmitted = mode === 'create' || (mode === 'replace' && !policy.keepMarker);
    if (resetsOmitted) columns.marker_id = defaultMarkerId(catalog);
    return;
  }
  if (given === null || given.trim() === '') {
    columns.marker_id = null;
    return;
  }
  const match = findMarker(catalog, given);
  if (match) columns.marker_id = match.id;
  else
    addError(
      'marker',
      `"${given}" is not a marker ID or name of this project; ${configuredList(
        'markers',
        catalog.markers.map((m) => m.name),
      )}`,
    );
}

export function planCover(
  input: LocationInput,
  catalog: ProjectCatalog,
  columns: LocationColumns,
  addError: AddError,
): void {
  const given = input.cover;
  if (given === undefined) return;
  if (given === null || given.trim() === '') {
    columns.cover_image_url = null;
    columns.cover_image_name = null;
    return;
  }
  if (/^https?:\/\/\S+$/i.test(given.trim())) {
    const url = given.trim();
    const parsed = URL.canParse(url) ? new URL(url) : undefined;
    if (!parsed) {
      addError(
        'cover',
        'must be an http(s) image URL or the name of an image stored in the project; this URL cannot be read',
      );
      return;
    }
    const lastSegment = parsed.pathname.split('/').filter(Boolean).pop();
    columns.cover_image_url = url;
    columns.cover_image_name = lastSegment ? decodedOrAsWritten(lastSegment) : null;
    return;
  }
  const image = findByName(catalog.images, given);
  if (image) {
    columns.cover_image_url = image.url;
    columns.cover_image_name = image.name;
  } else {
    addError(
      'cover',
      `must be an http(s) image URL or the name of an image stored in the project; ${configuredList(
        'images',
        catalog.images.map((i) => i.name),
      )}`,
    );
  }
}

/** A URL path segment decoded, or as written when its percent-encoding is broken. */
function decodedOrAsWritten(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function planFilters(input: LocationInput, catalog: ProjectCatalog, addError: AddError): number[] | undefined {
  if (input.filters === undefined) return undefined;
  const ids = new Set<number>();
  for (const name of input.filters) {
    const match = findByName(catalog.filters, name);
    if (match) ids.add(match.id);
    else
      addError(
        'filters',
        `"${name}" is not a filter of this project; ${configuredList(
          'filters',
          catalog.filters.map((f) => f.name),
        )}`,
      );
  }
  return [...ids];
}

export function planValues(
  mode: WriteMode,
  given: Record<string, string | null> | undefined,
  key: string,
  kind: string,
  lookup: (name: string) => number | undefined,
  configured: string[],
  addError: AddError,
): ValuesChange {
  if (given === undefined) return { kind: 'keep' };
  const upsert = new Map<number, string>();
  const remove: number[] = [];
  for (const [name, value] of Object.entries(given)) {
    const id = lookup(name);
    if (id === undefined) {
      addError(`${key}.${name}`, `is not one of the ${kind} of this project; ${configuredList(kind, configured)}`);
      continue;
    }
    if (value === null || value.trim() === '') remove.push(id);
    else upsert.set(id, value.trim());
  }
  return mode === 'patch' ? { kind: 'merge', upsert, remove } : { kind: 'replace', values: upsert };
}
