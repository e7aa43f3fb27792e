/**
 * CSV injection: a spreadsheet opens a CSV cell that starts with `=`, `+`, `-` or `@` (or a tab or carriage return
 * before one) as a formula, which can run commands or send the sheet's data away. As OWASP advises, the CSV export
 * writes such a text cell after a `'`, which spreadsheets read as "text follows", and the CSV import takes that `'`
 * off again, so an export imports back as it was. A text that already starts with `'`s before such a character gets
 * one more, so every text survives the round trip. Numbers (coordinates) are written as they are: a number is no
 * formula. Only CSV needs this: an XLSX cell is typed, and a text cell is never a formula.
 */
const FORMULA = /^'*[=+\-@\t\r]/;

/**
 * A text cell as the CSV export writes it.
 * @example escapeFormula('=HYPERLINK("https://evil.example")') // "'=HYPERLINK(\"https://evil.example\")"
 * @example escapeFormula('+1 512 555 0199') // "'+1 512 555 0199"
 * @example escapeFormula('Main St') // 'Main St'
 */
export function escapeFormula<T>(cell: T): T | string {
  return typeof cell === 'string' && FORMULA.test(cell) ? `'${cell}` : cell;
}

/**
 * A CSV cell as the import reads it: one leading `'` taken off where `escapeFormula` put it.
 * @example unescapeFormula("'=SUM(A1:A2)") // '=SUM(A1:A2)'
 * @example unescapeFormula("'quoted") // "'quoted"
 */
export function unescapeFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA.test(cell) ? cell.slice(1) : cell;
}
