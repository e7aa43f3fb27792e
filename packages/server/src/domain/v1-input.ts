import addFormats from 'ajv-formats';
import { addFieldError, type FieldErrors } from './errors.ts';
import { ADDRESS_COMPONENTS, CONTACT_FIELDS, SOCIAL_FIELDS } from './location-fields.ts';
import type { LocationInput } from './location-input.ts';

/** Keys a V1 client may send (read-only keys of a V1 read, and what only V2 writes) that a V1 write ignores. */
export const V1_IGNORED_FIELDS = [
  'id',
  'slug',
  'socials',
  'marker',
  'cover',
  'cover_image',
  'hours',
  'fields',
  'filters',
  'buttons',
] as const;

/** Longest accepted text per field, the same limits V2 applies. */
export const V1_TEXT_LIMITS = {
  name: 255,
  address: 500,
  display_address: 500,
  address_line_1: 255,
  address_line_2: 255,
  city: 255,
  state: 255,
  postcode: 32,
  country: 100,
  phone: 50,
  email: 254,
  url: 2048,
  facebook: 255,
  instagram: 255,
  twitter: 255,
  yelp: 255,
  youtube: 255,
  tiktok: 255,
} as const;

type TextField = Exclude<keyof typeof V1_TEXT_LIMITS, 'name'>;
const OPTIONAL_TEXT: readonly TextField[] = [
  'address',
  'display_address',
  ...ADDRESS_COMPONENTS,
  ...CONTACT_FIELDS,
  ...SOCIAL_FIELDS,
];

const COORDINATE_RANGE = { lat: 90, lng: 180 } as const;
const NUMERIC_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const TRUE_VALUES: readonly unknown[] = [true, 1, '1', 'true'];
const FALSE_VALUES: readonly unknown[] = [false, 0, '0', 'false'];

const emailFormat = addFormats.default.get('email');
const isEmail = (text: string) => (emailFormat instanceof RegExp ? emailFormat.test(text) : true);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Text as V1 accepts it: a string, or a number written out (postcodes and phone numbers often arrive as numbers). */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * Reads a V1 POST or PUT body the way existing V1 clients send it, or returns the field errors (422) that stop it:
 * - `name` is required and nonempty (both verbs);
 * - numbers accept numeric strings (`"30.26"`); `lat` must be -90..90 and `lng` -180..180; null or `""` clears them;
 * - `visible` accepts `true/false`, `1/0`, `"1"/"0"`, `"true"/"false"`; null leaves it as it is;
 * - text fields accept strings or numbers; null or `""` clears them; `email` must be an address;
 * - `location_type` is a name (or an object with a `name`, as a V1 read returns it); anything matching no configured
 *   type selects the project default, so it is never an error;
 * - non-writable keys (`filters`, `fields`, `buttons`, `hours`, `marker`, `cover`, `slug`, ...) and unknown keys are
 *   ignored.
 * @example readV1LocationBody({ name: 'Shop', lat: '30.5', lng: '-97', visible: '0', hours: {} })
 * // { input: { name: 'Shop', lat: 30.5, lng: -97, visible: false } }
 */
export function readV1LocationBody(
  body: unknown,
): { input: LocationInput & { name: string } } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const addError = (field: string, message: string) => addFieldError(errors, field, message);
  if (!isRecord(body)) return { errors: { body: ['must be a JSON object'] } };

  const input: LocationInput = {};
  const name = textOf(body.name);
  if (body.name === undefined || body.name === null || name === '') addError('name', 'is required');
  else if (name === undefined) addError('name', 'must be a string');
  else if (name.length > V1_TEXT_LIMITS.name) addError('name', `must be at most ${V1_TEXT_LIMITS.name} characters`);

  for (const field of OPTIONAL_TEXT) {
    const value = body[field];
    if (value === undefined) continue;
    if (value === null) {
      input[field] = null;
      continue;
    }
    const text = textOf(value);
    if (text === undefined) addError(field, 'must be a string or null');
    else if (text.length > V1_TEXT_LIMITS[field])
      addError(field, `must be at most ${V1_TEXT_LIMITS[field]} characters`);
    else if (field === 'email' && text !== '' && !isEmail(text)) addError(field, 'must be a valid email address');
    else input[field] = text === '' ? null : text;
  }

  for (const field of ['lat', 'lng'] as const) {
    const coordinate = coordinateOf(body[field], COORDINATE_RANGE[field]);
    if ('error' in coordinate) addError(field, coordinate.error);
    else if (coordinate.value !== undefined) input[field] = coordinate.value;
  }

  const visible = body.visible;
  if (TRUE_VALUES.includes(normalisedFlag(visible))) input.visible = true;
  else if (FALSE_VALUES.includes(normalisedFlag(visible))) input.visible = false;
  else if (visible !== undefined && visible !== null)
    addError('visible', 'must be true or false (1/0, "1"/"0" and "true"/"false" are accepted)');

  if (body.location_type !== undefined) input.location_type = locationTypeNameOf(body.location_type);

  if (Object.keys(errors).length > 0 || name === undefined) return { errors };
  return { input: { ...input, name } };
}

function normalisedFlag(value: unknown): unknown {
  return typeof value === 'string' ? value.trim().toLowerCase() : value;
}

function coordinateOf(value: unknown, limit: number): { value: number | null | undefined } | { error: string } {
  if (value === undefined) return { value: undefined };
  if (value === null || (typeof value === 'string' && value.trim() === '')) return { value: null };
  let number: number | undefined;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'string' && NUMERIC_TEXT.test(value.trim())) number = Number(value.trim());
  if (number === undefined || !Number.isFinite(number)) return { error: 'must be a number' };
  if (number < -limit || number > limit) return { error: `must be between -${limit} and ${limit}` };
  return { value: number };
}

/** The type name a V1 client means, or null (the project default) when it sent none. */
function locationTypeNameOf(value: unknown): string | null {
  const given = isRecord(value) ? value.name : value;
  const text = textOf(given);
  return text ? text : null;
}
