import { addFieldError, type FieldErrors } from './errors.ts';
import { WEEKDAYS, type Weekday } from './hours.ts';
import { parseHoursText } from './hours-text.ts';
import type { ImportColumn } from './import-columns.ts';
import { parseSpecialHoursText } from './special-hours-text.ts';
import { normalizeDocument, normalizeText } from './text.ts';

/**
 * One value of an import file: a spreadsheet cell (text, a number, a boolean) or a value of a JSON row (which may
 * also be a list or an object, as in a V2 body). Missing and empty cells are null or "".
 */
export type CellValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly unknown[]
  | { readonly [key: string]: unknown };

/** A row as a file reader hands it over: its number in the file and its cells under their column names. */
export interface FileRow {
  /**
   * The row's number as the file's author sees it: a spreadsheet's row (the header is 1), an NDJSON line, a GeoJSON
   * feature.
   */
  row: number;
  /** The column of each cell (a spreadsheet's header, shared by its rows; a JSON row's keys). */
  columns: readonly string[];
  cells: readonly CellValue[];
  /** Why the row could not be read at all (an NDJSON line that is not JSON); such a row fails alone. */
  error?: string;
}

/** A row read into what a V2 write takes, before the V2 schema checks it. */
export interface ImportRow {
  row: number;
  /** A V2 write body with only the keys the row gives; every value in its JSON input form. */
  body: Record<string, unknown>;
  /** The location's public ID from an `id` column, which names the location to update. */
  id: string | undefined;
  /** The row's external ID, when it gives one. */
  externalId: string | undefined;
  /** Values no V2 body could hold: a coordinate that is no number, a cell that is a list where text belongs. */
  errors: FieldErrors;
}

const isBlank = (value: CellValue): boolean =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

type Converted = { value: unknown } | { skip: true } | { error: string };

function asText(value: CellValue): Converted {
  if (isBlank(value)) return { value: null };
  if (typeof value === 'string') return { value: value.trim() };
  if (typeof value === 'number' || typeof value === 'boolean') return { value: String(value) };
  return { error: 'must be text' };
}

/** A decimal number, also with a decimal comma as spreadsheets of many countries write it (`52,37`). */
function asCoordinate(value: CellValue): Converted {
  if (isBlank(value)) return { value: null };
  if (typeof value === 'number') return { value };
  if (typeof value === 'string') {
    const text = value.trim();
    const number = Number(/^[-+]?\d+,\d+$/.test(text) ? text.replace(',', '.') : text);
    if (Number.isFinite(number)) return { value: number };
  }
  return { error: 'must be a number of decimal degrees, e.g. 30.2672' };
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'y']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n']);

/** An empty `visible` cell leaves visibility as it is (a new location is visible). */
function asVisible(value: CellValue): Converted {
  if (isBlank(value)) return { skip: true };
  if (typeof value === 'boolean') return { value };
  const word = String(value).trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return { value: true };
  if (FALSE_WORDS.has(word)) return { value: false };
  return { error: 'must be true or false (1 or 0, yes or no)' };
}

/** A day's hours as people write them (`8am-6pm`, `8-18`, `Closed`, `24 hours`), in the API's form. */
function asDay(value: CellValue): Converted {
  if (isBlank(value)) return { value: null };
  if (typeof value === 'string') return parseHoursText(value);
  return { error: 'must be hours like "9am-5pm", "09:00-17:00" or "closed"' };
}

/** A JSON row's hours object, each day's text read as a day's column is. */
function asHours(value: CellValue): Converted {
  if (value === null) return { value: null };
  if (!isObject(value) || !Object.values(value).every((day) => day === null || typeof day === 'string'))
    return { error: 'must be an object of weekdays, e.g. {"mon": "09:00-17:00"}' };
  const days: Record<string, string | null> = {};
  for (const [day, text] of Object.entries(value as Record<string, string | null>)) {
    const parsed = text === null || text.trim() === '' ? { value: null } : parseHoursText(text);
    if ('error' in parsed) return { error: `${day}: ${parsed.error}` };
    days[day] = parsed.value;
  }
  return { value: days };
}

function asSpecialHours(value: CellValue): Converted {
  if (isBlank(value)) return { value: [] };
  if (Array.isArray(value)) return { value };
  if (typeof value !== 'string') return { error: 'must be a list of special hours' };
  const parsed = parseSpecialHoursText(value);
  return 'error' in parsed ? { error: parsed.error } : { value: parsed.items };
}

/** Filter names separated by `|` or `;` (or a JSON list of names, or of the `{id, name}` of a V2 GET body). */
function asFilters(value: CellValue): Converted {
  if (isBlank(value)) return { value: [] };
  if (Array.isArray(value)) {
    const names = value.map((item: unknown) =>
      typeof item === 'string' ? item : isObject(item) && typeof item.name === 'string' ? item.name : undefined,
    );
    return names.every((name) => name !== undefined) ? { value: names } : { error: 'must be a list of filter names' };
  }
  if (typeof value === 'string')
    return {
      value: value
        .split(/[|;]/)
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    };
  return { error: 'must be filter names separated by | or ;' };
}

/**
 * Custom fields or calls to action as an object of name -> value, or the `[{name|title, value}]` list of a V2 GET body.
 */
function asNamedValues(value: CellValue, nameKey: 'name' | 'title'): Converted {
  if (value === null || value === undefined) return { skip: true };
  const entries: [unknown, unknown][] = Array.isArray(value)
    ? value.map((item: unknown): [unknown, unknown] =>
        isObject(item) ? [item[nameKey], item.value] : [undefined, undefined],
      )
    : isObject(value)
      ? Object.entries(value)
      : [];
  if ((!Array.isArray(value) && !isObject(value)) || entries.some(([name]) => typeof name !== 'string')) {
    return { error: `must be an object of ${nameKey} -> value` };
  }
  const named: Record<string, string | null> = {};
  for (const [name, item] of entries) {
    const converted = asText(item as CellValue);
    if ('error' in converted) return { error: `must be an object of ${nameKey} -> text` };
    named[name as string] = 'value' in converted ? (converted.value as string | null) : null;
  }
  return { value: named };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The V2 key a marker object of a GET body (`{id, name}`) is read by: its ID. */
function asMarker(value: CellValue): Converted {
  if (isObject(value) && typeof value.id === 'string') return { value: value.id };
  return asText(value);
}

/** Where a converted value goes in the body: a top-level key, or an entry of one of its objects. */
type Destination = { key: string } | { key: 'hours' | 'fields' | 'callsToAction'; entry: string };

function destinationOf(column: ImportColumn): Destination | undefined {
  switch (column.kind) {
    case 'text':
      return { key: column.field };
    case 'coordinate':
      return { key: column.field };
    case 'visible':
    case 'hours':
    case 'special_hours':
    case 'filters':
    case 'fields':
    case 'callsToAction':
      return { key: column.kind };
    case 'day':
      return { key: 'hours', entry: column.day };
    case 'field':
      return { key: 'fields', entry: column.name };
    case 'callToAction':
      return { key: 'callsToAction', entry: column.title };
    case 'id':
    case 'readOnly':
    case 'unknown':
      return undefined;
  }
}

/**
 * `name` and `city` cannot be cleared (V2 requires them): an empty cell is an empty text, which the schema refuses as
 * blank.
 */
const REQUIRED_TEXT = new Set(['name', 'city']);

function convert(column: ImportColumn, value: CellValue): Converted {
  switch (column.kind) {
    case 'text':
      if (REQUIRED_TEXT.has(column.field) && isBlank(value)) return { value: '' };
      return column.field === 'marker' ? asMarker(value) : asText(value);
    case 'coordinate':
      return asCoordinate(value);
    case 'visible':
      return asVisible(value);
    case 'day':
      return asDay(value);
    case 'hours':
      return asHours(value);
    case 'special_hours':
      return asSpecialHours(value);
    case 'filters':
      return asFilters(value);
    case 'fields':
      return asNamedValues(value, 'name');
    case 'callsToAction':
      return asNamedValues(value, 'title');
    case 'field':
    case 'callToAction':
      return asText(value);
    case 'id':
    case 'readOnly':
    case 'unknown':
      return { skip: true };
  }
}

const errorKeyOf = (destination: Destination) =>
  'entry' in destination ? `${destination.key}.${destination.entry}` : destination.key;

/**
 * Reads a row of an import file into a V2 write body: each column by what `columnOf` says it is, each value into the
 * JSON form V2 takes (an empty cell is null, which clears; a blank `visible` is left out). Two columns naming the
 * same thing (`Zip` and `Postal Code`) must agree where both are filled. When a row names all seven weekdays and
 * every one is empty, the schedule is removed rather than made of seven unknown days. Text is put in Unicode normal
 * form C and refused where no database should hold it, as in a V2 body. A row whose every value is empty is no row:
 * undefined.
 */
export function readImportRow(fileRow: FileRow, columnOf: (header: string) => ImportColumn): ImportRow | undefined {
  if (fileRow.cells.every(isBlank)) return undefined;
  const body: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  const filledBy = new Map<string, string>();
  const days = new Set<Weekday>();
  let id: string | undefined;

  for (const [index, cell] of fileRow.cells.entries()) {
    const header = fileRow.columns[index] ?? `(column ${index + 1})`;
    const column = columnOf(header);
    // Text in normal form C, refused where no database should hold it, as a V2 body's (lists and objects of JSON rows
    // too).
    let value = cell;
    if (typeof cell === 'string' || (cell !== null && typeof cell === 'object')) {
      const normalized = typeof cell === 'string' ? normalizeText(cell) : normalizedDocument(cell);
      if ('error' in normalized) {
        const destination = destinationOf(column);
        if (destination) addFieldError(errors, errorKeyOf(destination), normalized.error);
        if (column.kind === 'id') addFieldError(errors, 'id', normalized.error);
        continue;
      }
      value = normalized.value as CellValue;
    }
    if (column.kind === 'id') {
      if (!isBlank(value)) id = String(value).trim();
      continue;
    }
    const destination = destinationOf(column);
    if (!destination) continue;
    if (column.kind === 'day') days.add(column.day);
    const converted = convert(column, value);
    const errorKey = errorKeyOf(destination);
    if ('skip' in converted) continue;
    if ('error' in converted) {
      addFieldError(errors, errorKey, converted.error);
      continue;
    }
    const earlier = filledBy.get(errorKey);
    if (earlier !== undefined && isBlank(value)) continue;
    if (earlier !== undefined && JSON.stringify(valueAt(body, destination)) !== JSON.stringify(converted.value)) {
      addFieldError(errors, errorKey, `is given twice with different values (columns "${earlier}" and "${header}")`);
      continue;
    }
    if (!isBlank(value)) filledBy.set(errorKey, header);
    place(body, destination, converted.value);
  }
  if (days.size === WEEKDAYS.length && isObject(body.hours) && Object.values(body.hours).every((day) => day === null))
    body.hours = null;
  const externalId = typeof body.external_id === 'string' ? body.external_id : undefined;
  return { row: fileRow.row, body, id, externalId, errors };
}

/** A JSON row's list or object with its texts normalised, or the first reason one of them cannot be stored. */
function normalizedDocument(document: object): { value: unknown } | { error: string } {
  const { value, errors } = normalizeDocument(document);
  const first = Object.entries(errors)[0];
  return first ? { error: `${first[0] === 'body' ? '' : `${first[0]}: `}${first[1][0] ?? 'is invalid'}` } : { value };
}

function valueAt(body: Record<string, unknown>, destination: Destination): unknown {
  const top = body[destination.key];
  return 'entry' in destination ? (isObject(top) ? top[destination.entry] : undefined) : top;
}

function place(body: Record<string, unknown>, destination: Destination, value: unknown): void {
  const current = body[destination.key];
  if (!('entry' in destination)) {
    // A whole object (a JSON row's `hours`) under entries given by their own columns (`mon`) keeps those entries.
    body[destination.key] = isObject(current) && isObject(value) ? { ...value, ...current } : value;
    return;
  }
  if (isObject(current)) current[destination.entry] = value;
  else body[destination.key] = { [destination.entry]: value };
}
