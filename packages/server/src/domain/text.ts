import type { FieldErrors } from './errors.ts';
import { addFieldError } from './errors.ts';

/**
 * C0 control characters but tab, line feed and carriage return: no database or page should hold them (U+0000 least).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/** Text of printable ASCII characters only (and tab, line feed, carriage return). */
const PRINTABLE_ASCII = /^[\t\n\r\x20-\x7e]*$/;

/**
 * A text in Unicode normal form C, or why it cannot be stored: `normalizeDocument` for one string.
 * @example normalizeText('Cafe\u0301') // { value: 'Café' }
 */
export function normalizeText(text: string): { value: string } | { error: string } {
  if (PRINTABLE_ASCII.test(text)) return { value: text };
  const reason = unstorableTextReason(text);
  return reason ? { error: reason } : { value: text.normalize('NFC') };
}

/** Half of a surrogate pair (with the `u` flag a whole pair is one code point and does not match). */
const UNPAIRED_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Why a text cannot be stored, or undefined when it can: a control character (PostgreSQL refuses U+0000, SQLite would
 * keep it), or half of a surrogate pair, which is no character at all and cannot be encoded as UTF-8.
 * @example unstorableTextReason('a\u0000b') // "must not contain control characters (U+0000)"
 */
export function unstorableTextReason(text: string): string | undefined {
  const control = CONTROL_CHARACTER.exec(text);
  if (control)
    return `must not contain control characters (U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})`;
  if (UNPAIRED_SURROGATE.test(text)) return 'must not contain unpaired surrogates (text that is not Unicode)';
  return undefined;
}

/**
 * A parsed JSON document with every string (keys too) in Unicode normal form C, so `Café` typed with a combining
 * accent and with `é` is one text; and the field errors of strings that cannot be stored, keyed with dots
 * (`fields.Manager`, `hours.mon`, `filters.2`).
 * @example normalizeDocument({ name: 'Cafe\u0301' }) // { value: { name: 'Café' }, errors: {} }
 */
export function normalizeDocument(document: unknown): { value: unknown; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const visit = (value: unknown, path: string): unknown => {
    if (typeof value === 'string') {
      // Printable ASCII holds no control character or surrogate and is its own normal form: most text of most
      // requests (and of every row of an import) passes here without a copy.
      if (PRINTABLE_ASCII.test(value)) return value;
      const reason = unstorableTextReason(value);
      if (reason) addFieldError(errors, path || 'body', reason);
      return reason ? value : value.normalize('NFC');
    }
    if (Array.isArray(value)) return value.map((item, index) => visit(item, path ? `${path}.${index}` : String(index)));
    if (value !== null && typeof value === 'object') {
      const normalized: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        const keyReason = PRINTABLE_ASCII.test(key) ? undefined : unstorableTextReason(key);
        const field = path ? `${path}.${key}` : key;
        if (keyReason) addFieldError(errors, field, `has a name that ${keyReason}`);
        const name = keyReason ? key : key.normalize('NFC');
        // `__proto__` is defined, not assigned, so it stays an own property (the JSON parser refuses it anyway).
        if (name === '__proto__')
          Object.defineProperty(normalized, name, {
            value: visit(item, field),
            enumerable: true,
            writable: true,
            configurable: true,
          });
        else normalized[name] = visit(item, field);
      }
      return normalized;
    }
    return value;
  };
  return { value: visit(document, ''), errors };
}
