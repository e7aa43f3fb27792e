import { randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Prefixes make a public ID say what it names (`loc_…` is a location). */
export const ID_PREFIX = {
  user: 'usr',
  project: 'prj',
  token: 'tok',
  location: 'loc',
  locationType: 'lty',
  marker: 'mrk',
  filter: 'flt',
  field: 'fld',
  callToAction: 'cta',
  image: 'img',
  publishableKey: 'pky',
  event: 'evt',
  webhook: 'whk',
  delivery: 'dlv',
  import: 'imp',
  invitation: 'inv',
  passkey: 'psk',
} as const;

/** Random bytes drawn from the system's generator a page at a time: one call per ID cost more than the rest of it. */
const pool = Buffer.alloc(4096);
let used = pool.length;

function randomByte(): number {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  return pool[used++] as number;
}

/** Random base-62 text; 62^n possibilities with no modulo bias (rejection sampling). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

/**
 * A new opaque public ID: never the database integer, never reused.
 * @example newPublicId('location') // "loc_4f9XkQ2mZr8TbW1c"
 */
export function newPublicId(kind: keyof typeof ID_PREFIX): string {
  return `${ID_PREFIX[kind]}_${randomBase62(16)}`;
}
