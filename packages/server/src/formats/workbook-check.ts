import { createInflateRaw } from 'node:zlib';
import { FILE_BOUND_SETTINGS, type FileBounds, sizeText } from '../domain/file-bounds.ts';
import { UnreadableFileError } from './unreadable-file-error.ts';

/** One part of a ZIP archive as its central directory lists it. */
interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedBytes: number;
  unpackedBytes: number;
  /** Where its local header starts, and where its data starts and ends. */
  headerAt: number;
  dataAt: number;
  dataEnd: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

const damaged = (detail: string) => new UnreadableFileError(`The XLSX workbook is damaged: ${detail}.`);

/** Where the archive's end record is: in the last 22 bytes, or before a comment of up to 64 KiB. */
function endOfDirectoryAt(content: Buffer): number {
  for (let at = content.length - 22; at >= Math.max(0, content.length - 22 - 0xffff); at -= 1)
    if (content.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  throw new UnreadableFileError(
    'The file is not an XLSX workbook: it is no ZIP archive (a workbook saved with a password is none either: save it without one).',
  );
}

/** The parts the archive's central directory lists, each checked against its local header. */
function entriesOf(content: Buffer): ZipEntry[] {
  const end = endOfDirectoryAt(content);
  const count = content.readUInt16LE(end + 10);
  let at = content.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff)
    throw new UnreadableFileError('The XLSX workbook is a ZIP64 archive, which no workbook an import takes needs.');
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || content.readUInt32LE(at) !== DIRECTORY_ENTRY) throw damaged('its list of parts is cut short');
    const nameBytes = content.readUInt16LE(at + 28);
    const name = content.toString('utf8', at + 46, at + 46 + nameBytes);
    const headerAt = content.readUInt32LE(at + 42);
    if (headerAt + 30 > content.length || content.readUInt32LE(headerAt) !== LOCAL_HEADER)
      throw damaged(`its part ${name} is not where its list says`);
    const dataAt = headerAt + 30 + content.readUInt16LE(headerAt + 26) + content.readUInt16LE(headerAt + 28);
    const compressedBytes = content.readUInt32LE(at + 20);
    const method = content.readUInt16LE(at + 10);
    entries.push({
      name,
      flags: content.readUInt16LE(at + 8),
      method,
      compressedBytes,
      // A stored part is as large as its data, whatever it declares.
      unpackedBytes: method === 0 ? compressedBytes : content.readUInt32LE(at + 24),
      headerAt,
      dataAt,
      dataEnd: dataAt + compressedBytes,
    });
    at += 46 + nameBytes + content.readUInt16LE(at + 30) + content.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * The workbook's parts follow each other, as a reader that walks the archive from its start (as exceljs does) sees
 * them: a part hidden between the listed ones, or two listed parts sharing bytes, would be read unchecked.
 */
function checkContiguous(content: Buffer, entries: readonly ZipEntry[]): void {
  let next = 0;
  for (const entry of [...entries].sort((a, b) => a.headerAt - b.headerAt)) {
    if (entry.headerAt !== next || entry.dataEnd > content.length)
      throw damaged(`its part ${entry.name} overlaps another or leaves a gap`);
    next = entry.dataEnd;
    // A data descriptor (flag 3) follows the data: CRC and sizes, with or without its signature.
    if (entry.flags & 0x08)
      next += next + 4 <= content.length && content.readUInt32LE(next) === DATA_DESCRIPTOR ? 16 : 12;
  }
}

/** Bytes a deflated part unpacks to, counted as it unpacks, stopping past `most`: memory stays flat. */
function unpackedBytesOf(data: Buffer, most: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const inflate = createInflateRaw({ chunkSize: 1024 * 1024 });
    inflate.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > most) {
        inflate.destroy();
        resolve(bytes);
      }
    });
    inflate.on('error', reject);
    inflate.on('end', () => resolve(bytes));
    inflate.end(data);
  });
}

/**
 * Checks an XLSX workbook before it is read: a ZIP archive with a workbook and a worksheet, whose parts unpack to no
 * more than `bounds.xlsxUnpackedBytes` together and whose shared strings (which a reader must hold whole) to no more
 * than `bounds.xlsxSharedStringsBytes`. The sizes the archive declares are checked first (a bomb fails at once); then
 * each part is unpacked and counted, so one that unpacks to more than it declares fails too. Throws an
 * `UnreadableFileError` naming the bound and its setting.
 */
export async function checkWorkbook(content: Buffer, bounds: FileBounds): Promise<void> {
  const entries = entriesOf(content);
  const names = new Set(entries.map((entry) => entry.name));
  if (!names.has('xl/workbook.xml'))
    throw new UnreadableFileError('The file is a ZIP archive but not an XLSX workbook: it has no xl/workbook.xml.');
  if (!entries.some((entry) => WORKSHEET.test(entry.name)))
    throw new UnreadableFileError('The XLSX workbook has no worksheet.');
  for (const entry of entries) {
    if (entry.flags & 0x01)
      throw new UnreadableFileError('The XLSX workbook is encrypted: save it without a password.');
    if (entry.method !== 0 && entry.method !== 8)
      throw damaged(`its part ${entry.name} is compressed by a method Excel does not use (${entry.method})`);
  }
  checkContiguous(content, entries);
  const total = entries.reduce((sum, entry) => sum + entry.unpackedBytes, 0);
  const tooLarge = (what: string, bytes: number, bound: keyof FileBounds) =>
    new UnreadableFileError(
      `The XLSX workbook's ${what} unpack to ${sizeText(bytes)}, more than the ${sizeText(bounds[bound])} an import reads (${FILE_BOUND_SETTINGS[bound]}).`,
    );
  const sharedStrings = entries.find((entry) => entry.name === SHARED_STRINGS)?.unpackedBytes ?? 0;
  if (sharedStrings > bounds.xlsxSharedStringsBytes)
    throw tooLarge(`shared strings (${SHARED_STRINGS})`, sharedStrings, 'xlsxSharedStringsBytes');
  if (total > bounds.xlsxUnpackedBytes) throw tooLarge('parts', total, 'xlsxUnpackedBytes');
  for (const entry of entries) {
    if (entry.method !== 8) continue;
    const data = content.subarray(entry.dataAt, entry.dataEnd);
    const bytes = await unpackedBytesOf(data, entry.unpackedBytes).catch((error: unknown) => {
      throw damaged(
        `its part ${entry.name} cannot be unpacked (${error instanceof Error ? error.message : String(error)})`,
      );
    });
    if (bytes > entry.unpackedBytes)
      throw damaged(`its part ${entry.name} unpacks to more than the ${entry.unpackedBytes} bytes it declares`);
  }
}
