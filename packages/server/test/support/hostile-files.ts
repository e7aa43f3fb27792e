import { constants, crc32, deflateRawSync } from 'node:zlib';

// Files made to hurt a reader (bombs, liars, pathological text), built at run time: a deflated part of gigabytes is
// one small block compressed once and repeated, so building it costs milliseconds.

/** A part of a ZIP archive, compressed (deflate), with the size and CRC it declares. */
export interface ZipPart {
  name: string;
  data: Buffer;
  size: number;
  crc: number;
}

/** A part deflated as it is. */
export function deflatedPart(name: string, text: string | Buffer): ZipPart {
  const bytes = Buffer.from(text);
  return { name, data: deflateRawSync(bytes), size: bytes.length, crc: crc32(bytes) };
}

/**
 * A part that unpacks to `head`, then `unit` repeated `times`, then `tail`: each piece deflated on its own and ended
 * by a full flush (byte-aligned, nothing referring back), so the pieces join into one valid deflate stream. Its CRC
 * is computed only up to 256 MiB (past that a reader refuses it by its size before reading it).
 */
export function repeatedPart(name: string, head: string, unit: string, times: number, tail: string): ZipPart {
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const block = deflateRawSync(Buffer.from(unit), flush);
  const size = Buffer.byteLength(head) + Buffer.byteLength(unit) * times + Buffer.byteLength(tail);
  let crc = 0;
  if (size <= 256 * 1024 * 1024) {
    crc = crc32(head);
    const unitBytes = Buffer.from(unit);
    for (let n = 0; n < times; n += 1) crc = crc32(unitBytes, crc);
    crc = crc32(tail, crc);
  }
  const data = Buffer.concat([
    deflateRawSync(Buffer.from(head), flush),
    ...Array<Buffer>(times).fill(block),
    deflateRawSync(Buffer.from(tail)),
  ]);
  return { name, data, size, crc };
}

/** A ZIP archive of the parts, in order, each declaring the size given (which may lie). */
export function zipOf(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(part.crc >>> 0, 14);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(part.size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, part.data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt16LE(0x21, 14);
    entry.writeUInt32LE(part.crc >>> 0, 16);
    entry.writeUInt32LE(part.data.length, 20);
    entry.writeUInt32LE(part.size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    directory.push(entry, name);
    offset += 30 + name.length + part.data.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts every workbook has besides its sheet and shared strings. */
function workbookParts(): ZipPart[] {
  return [
    deflatedPart(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    deflatedPart(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    deflatedPart(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    deflatedPart(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
  ];
}

/** A worksheet of `rows` (each a list of shared-string indexes), as Excel writes one. */
export function sheetPart(rows: readonly (readonly number[])[]): ZipPart {
  const xml = rows
    .map(
      (cells, row) =>
        `<row r="${row + 1}">${cells.map((index, column) => `<c r="${String.fromCharCode(65 + column)}${row + 1}" t="s"><v>${index}</v></c>`).join('')}</row>`,
    )
    .join('');
  return deflatedPart(
    'xl/worksheets/sheet1.xml',
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${xml}</sheetData></worksheet>`,
  );
}

/** Shared strings of `count` strings of `length` characters each: 4,000,000 of 1,000 is the 4 GB bomb. */
export function sharedStringsBomb(count: number, length: number): ZipPart {
  const perUnit = Math.max(1, Math.min(count, Math.floor((1024 * 1024) / length)));
  const unit = `<si><t>${'a'.repeat(length)}</t></si>`.repeat(perUnit);
  return repeatedPart(
    'xl/sharedStrings.xml',
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}" count="${count}" uniqueCount="${count}">`,
    unit,
    Math.ceil(count / perUnit),
    '</sst>',
  );
}

/** Shared strings as Excel writes them. */
export function sharedStringsPart(strings: readonly string[]): ZipPart {
  return deflatedPart(
    'xl/sharedStrings.xml',
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((text) => `<si><t>${text}</t></si>`).join('')}</sst>`,
  );
}

/** A workbook of the parts every workbook has, then `parts` (shared strings before the sheet, as Excel orders them). */
export function workbookOf(...parts: ZipPart[]): Buffer {
  return zipOf([...workbookParts(), ...parts]);
}

/** JSON nested `depth` lists deep: `[[[…]]]`. */
export const nestedJson = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** UTF-16 (little-endian, with its byte-order mark) text whose `index`th character is half of a surrogate pair. */
export function utf16WithLoneSurrogate(text: string, index: number): Buffer {
  const body = Buffer.from(text, 'utf16le');
  body.writeUInt16LE(0xd83d, index * 2);
  return Buffer.concat([Buffer.from([0xff, 0xfe]), body]);
}
