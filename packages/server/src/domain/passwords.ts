import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { InvalidInputError } from './errors.ts';

/** Shorter passwords are refused; longer ones than the maximum too, so that hashing stays bounded. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 1024;

/**
 * scrypt with N = 2^15, r = 8, p = 3: 32 MiB of memory and about 0.1 s of one core per hash, one of the settings
 * OWASP's password storage cheat sheet gives for scrypt. Why scrypt and these numbers: docs/decisions/passwords.md.
 * The parameters are stored with each hash, so they can be raised later without invalidating older hashes.
 */
const COST = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; Node refuses more than maxmem (32 MiB by default), so allow what the cost needs.
  const options: ScryptOptions = { ...cost, maxmem: 128 * cost.N * cost.r * 2 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Refuses a password too short or too long to hash, with the field error the API answers. */
export function requireAcceptablePassword(password: string): void {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) {
    throw InvalidInputError.fields({ password: [`must be at least ${PASSWORD_MIN_LENGTH} characters long`] });
  }
  if (length > PASSWORD_MAX_LENGTH) {
    throw InvalidInputError.fields({ password: [`must be at most ${PASSWORD_MAX_LENGTH} characters long`] });
  }
}

/**
 * The stored form of a password: `scrypt$N$r$p$salt$key` (salt and key in base64url).
 * @example await hashPassword('correct horse battery') // 'scrypt$32768$8$3$…$…'
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A hash no password matches, checked for an unknown user so that the answer takes as long as for a known one. */
let decoy: Promise<string> | undefined;

/**
 * Whether the password matches the stored hash, compared in constant time. Without a stored hash (an unknown user,
 * or one who never set a password) a decoy is checked all the same, and the answer is false.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  decoy ??= hashPassword('a password nobody has');
  const known = typeof stored === 'string';
  const [scheme, n, r, p, salt, key] = (known ? stored : await decoy).split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected) && known;
}
