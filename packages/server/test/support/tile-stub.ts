import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';

// A stand-in for a map tile server (and for a customer's website) on 127.0.0.1, so that browser tests never reach out
// to the internet: every tile is the same plain light square, and every request is recorded.

const TILE_PATH = /^\/(\d+)\/(-?\d+)\/(-?\d+)\.png$/;
const BROKEN_TILE_PATH = /^\/broken\/(\d+)\/(-?\d+)\/(-?\d+)\.png$/;

export interface TileStub {
  /** `http://127.0.0.1:{port}` */
  url: string;
  /** The raster tile URL template for the widget's `tiles` or the server's `MAP_TILE_URL`. */
  tiles: string;
  /** A tile URL template whose every tile is a 503, as from a tile server that is down. */
  brokenTiles: string;
  /** The path of every request, in the order they came. */
  requests: string[];
  /** The paths of the tile requests among them. */
  tileRequests(): string[];
  /** Serves an HTML page at `path` (a host page on another origin than Locator's server). */
  page(path: string, html: string): string;
  stop(): Promise<void>;
}

export async function startTileStub(): Promise<TileStub> {
  const requests: string[] = [];
  const pages = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    requests.push(path);
    if (TILE_PATH.test(path)) {
      response.writeHead(200, {
        'content-type': 'image/png',
        'content-length': TILE_PNG.length,
        'access-control-allow-origin': '*',
        'cache-control': 'no-store',
      });
      response.end(TILE_PNG);
      return;
    }
    if (BROKEN_TILE_PATH.test(path)) {
      response.writeHead(503, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' });
      response.end('down');
      return;
    }
    const html = pages.get(path);
    if (html !== undefined) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(html);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    tiles: `${url}/{z}/{x}/{y}.png`,
    brokenTiles: `${url}/broken/{z}/{x}/{y}.png`,
    requests,
    tileRequests: () => requests.filter((path) => TILE_PATH.test(path)),
    page(path, html) {
      pages.set(path, html);
      return url + path;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * A customer's page around the widget: Locator's script (`script`; without it the element stays unknown) and the
 * `<locator-finder>` element, with `css` in the page's own style sheet (rules that would wreck the widget if they
 * reached into it).
 */
export function hostPageHtml({
  script,
  attributes,
  css = '',
}: {
  script?: string;
  attributes: Record<string, string>;
  css?: string;
}): string {
  const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const attributeText = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escaped(value)}"`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>A shop</title>
<style>${css}</style>
${script === undefined ? '' : `<script src="${escaped(script)}" async></script>`}
</head>
<body>
<main>
<h1>Find a shop</h1>
<locator-finder${attributeText}></locator-finder>
</main>
</body>
</html>
`;
}

/**
 * The CSS a careless host page might have: it must not reach into the widget's shadow DOM. Not the font family: the
 * widget takes the page's font unless `--locator-font` says otherwise (packages/widget/README.md).
 */
export const HOSTILE_CSS = `
* { color: red !important; font-size: 40px !important; }
button { display: none !important; }
input, select { visibility: hidden !important; }
li { display: inline !important; }
`;

/** CRC-32 (IEEE 802.3, as PNG uses it); `zlib.crc32` is newer than the Node versions the project supports. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

// A 256×256 tile: light grey with a slightly darker line along its top and left edges, so the tiles together draw a
// plain light map with a subtle grid.
const TILE_SIZE = 256;
const BACKGROUND = 0xf0;
const GRID = 0xe2;

/** The PNG of one tile: 8-bit greyscale, each row filter 0 (none). */
export const TILE_PNG: Buffer = encodeGreyscalePng(TILE_SIZE, TILE_SIZE, (x, y) =>
  x === 0 || y === 0 ? GRID : BACKGROUND,
);

function encodeGreyscalePng(width: number, height: number, grey: (x: number, y: number) => number): Buffer {
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x += 1) raw[row + 1 + x] = grey(x, y);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // colour type: greyscale
  header[10] = 0; // compression: deflate
  header[11] = 0; // filter method
  header[12] = 0; // no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData), 0);
  return Buffer.concat([length, typeAndData, crc]);
}
