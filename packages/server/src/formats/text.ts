import { isUtf8 } from 'node:buffer';
import { UnreadableFileError } from './unreadable-file-error.ts';

/**
 * The UTF-8 bytes of a text file, as spreadsheets save them: UTF-8 with or without a byte-order mark, or UTF-16 with
 * one (Excel's "Unicode Text"). Anything else is refused rather than guessed at, so no name is imported garbled.
 */
export function utf8Of(content: Buffer): Buffer {
  if (content[0] === 0xef && content[1] === 0xbb && content[2] === 0xbf) return checked(content.subarray(3));
  if (content[0] === 0xff && content[1] === 0xfe) return utf16Of(content.subarray(2), { bigEndian: false });
  if (content[0] === 0xfe && content[1] === 0xff) return utf16Of(content.subarray(2), { bigEndian: true });
  return checked(content);
}

/**
 * UTF-16 text as UTF-8. Text with half a character (a lone surrogate, or an odd byte at the end) is
 * refused: written as UTF-8 it would become U+FFFD, a name changed without anyone seeing it.
 */
function utf16Of(units: Buffer, { bigEndian }: { bigEndian: boolean }): Buffer {
  const even = units.subarray(0, units.length - (units.length % 2));
  const text = (bigEndian ? Buffer.from(even).swap16() : even).toString('utf16le');
  // In a `u` expression a pair of surrogates is one character: what matches a surrogate is half of one.
  const lone = text.search(/\p{Surrogate}/u);
  if (lone !== -1 || units.length % 2 === 1) {
    const broken = lone === -1 ? text.length : lone;
    const line = text.slice(0, broken).split('\n').length;
    throw new UnreadableFileError(
      `The file is UTF-16 text with a broken character on line ${line} (half of a character: a lone surrogate or an odd byte). Save it again as UTF-8 (in Excel: "CSV UTF-8") and import it again.`,
    );
  }
  return Buffer.from(text, 'utf8');
}

function checked(content: Buffer): Buffer {
  if (!isUtf8(content))
    throw new UnreadableFileError(
      'The file is not UTF-8 text. Save it as UTF-8 (in Excel: "CSV UTF-8") and import it again.',
    );
  return content;
}

/**
 * The lines of UTF-8 text (LF or CRLF), each with its number from 1 and where it ends, without copying the text. A
 * line longer than `maxBytes` comes without its text, unread.
 */
export function* linesOf(
  text: Buffer,
  maxBytes = Number.POSITIVE_INFINITY,
): Generator<{ line: number; text: string | undefined; end: number }> {
  let start = 0;
  for (let line = 1; start < text.length; line += 1) {
    const newline = text.indexOf(0x0a, start);
    const end = newline === -1 ? text.length : newline;
    const stop = end > start && text[end - 1] === 0x0d ? end - 1 : end;
    yield { line, text: stop - start > maxBytes ? undefined : text.toString('utf8', start, stop), end: end + 1 };
    start = end + 1;
  }
}
