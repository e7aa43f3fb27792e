import { isUtf8 } from 'node:buffer';
import { UnreadableFileError } from './unreadable-file-error.ts';

/**
 * The UTF-8 bytes of a text file, as spreadsheets save them: UTF-8 with or without a byte-order mark, or UTF-16 with
 * one (Excel's "Unicode Text"). Anything else is refused rather than guessed at, so no name is imported garbled.
 */
export function utf8Of(content: Buffer): Buffer {
  if (content[0] === 0xef && content[1] === 0xbb && content[2] === 0xbf) return checked(content.subarray(3));
  if (content[0] === 0xff && content[1] === 0xfe) return Buffer.from(content.subarray(2).toString('utf16le'), 'utf8');
  if (content[0] === 0xfe && content[1] === 0xff)
    return Buffer.from(Buffer.from(content.subarray(2)).swap16().toString('utf16le'), 'utf8');
  return checked(content);
}

function checked(content: Buffer): Buffer {
  if (!isUtf8(content))
    throw new UnreadableFileError(
      'The file is not UTF-8 text. Save it as UTF-8 (in Excel: "CSV UTF-8") and import it again.',
    );
  return content;
}

/** The lines of UTF-8 text (LF or CRLF), each with its number from 1 and where it ends, without copying the text. */
export function* linesOf(text: Buffer): Generator<{ line: number; text: string; end: number }> {
  let start = 0;
  for (let line = 1; start < text.length; line += 1) {
    const newline = text.indexOf(0x0a, start);
    const end = newline === -1 ? text.length : newline;
    const stop = end > start && text[end - 1] === 0x0d ? end - 1 : end;
    yield { line, text: text.toString('utf8', start, stop), end: end + 1 };
    start = end + 1;
  }
}
