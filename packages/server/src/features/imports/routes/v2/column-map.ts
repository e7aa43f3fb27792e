import { InvalidInputError } from '../../../../domain/errors.ts';
import { type ColumnMap, columnMapErrors } from '../../../../domain/import-columns.ts';

/** The `columns` parameter read as a mapping; `422` when it is not a JSON object of names (or null) one can set. */
export function columnMapOf(text: string | undefined): ColumnMap | undefined {
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw InvalidInputError.fields({ columns: ['must be a JSON object of headers to input names (or null)'] });
  }
  const isMap =
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    Object.values(parsed).every((value) => value === null || typeof value === 'string');
  if (!isMap)
    throw InvalidInputError.fields({ columns: ['must be a JSON object of headers to input names (or null)'] });
  const map = parsed as ColumnMap;
  const errors = columnMapErrors(map);
  if (Object.keys(errors).length > 0)
    throw InvalidInputError.fields(
      Object.fromEntries(Object.entries(errors).map(([header, messages]) => [`columns.${header}`, messages])),
    );
  return map;
}
