import { stringify } from 'csv-stringify/sync';
import { escapeFormula } from '../../../domain/csv-formulas.ts';
import type { FieldErrors } from '../../../domain/errors.ts';

/** A failed row as it is downloaded: its number, why it failed, and its cells as the file had them. */
export interface FailedRow {
  row: number;
  errors: FieldErrors;
  cells: Readonly<Record<string, string>>;
}

/** A row's field errors in one cell: `lat: must be <= 90; name: is required`. */
const reasonOf = (errors: FieldErrors) =>
  Object.entries(errors)
    .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
    .join('; ');

/**
 * The failed rows as CSV (UTF-8 with a byte-order mark, CRLF, as the export writes): `Row` and `Errors`, then the
 * file's columns, so the file can be fixed and imported again (the import skips `Row` and `Errors` as unknown
 * columns). Texts a spreadsheet would take for a formula are written after a `'`, as the export writes them.
 */
export function failedRowsCsvOf(rows: readonly FailedRow[]): string {
  const headers = [...new Set(rows.flatMap((row) => Object.keys(row.cells)))];
  const lines = rows.map((row) => [
    row.row,
    escapeFormula(reasonOf(row.errors)),
    ...headers.map((header) => escapeFormula(row.cells[header] ?? '')),
  ]);
  return `\ufeff${stringify([['Row', 'Errors', ...headers], ...lines], { record_delimiter: 'windows' })}`;
}
