import { hash } from 'node:crypto';
import { randomBase62 } from './ids.ts';

export const SCOPES = [
  'user:read',
  'project:read',
  'project:manage',
  'location:read',
  'location:create',
  'location:update',
  'location:delete',
  'member:manage',
  'owner:manage',
] as const;
export type Scope = (typeof SCOPES)[number];

export type TokenKind = 'v2' | 'legacy';

/** The first of the required scopes the granted ones lack, or undefined when they hold them all. */
export function missingScope(granted: ReadonlySet<string>, required: readonly Scope[]): Scope | undefined {
  return required.find((scope) => !granted.has(scope));
}

/** Recognisable prefixes, so a leaked token can be spotted and its kind told at a glance. */
export const TOKEN_PREFIX: Record<TokenKind, string> = { v2: 'lct2_', legacy: 'lct1_' };

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** A new secret token of the given kind, e.g. `lct2_…` (40 random base-62 characters, ~238 bits). */
export function generateToken(kind: TokenKind): string {
  return TOKEN_PREFIX[kind] + randomBase62(40);
}

/**
 * Tokens carry enough entropy that a fast hash is safe; only this hash is stored. Every authenticated request hashes
 * its token, and the one-shot `hash` takes a third of the time of a `createHash` object (Node 20.12 and later).
 */
export function hashToken(token: string): string {
  return hash('sha256', token);
}

/** The kind a token claims by its prefix, or undefined for anything else. */
export function tokenKindOf(token: string): TokenKind | undefined {
  if (token.startsWith(TOKEN_PREFIX.v2)) return 'v2';
  if (token.startsWith(TOKEN_PREFIX.legacy)) return 'legacy';
  return undefined;
}

/**
 * Parses a lifetime such as `30d`, `12h`, `90m` or `1y` into milliseconds.
 * @example parseDuration('30d') // 2592000000
 */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+)\s*([mhdwy])$/.exec(text.trim());
  if (!match) return undefined;
  const unitMs = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000, y: 31_536_000_000 } as const;
  const amount = Number(match[1]);
  return amount > 0 ? amount * unitMs[match[2] as keyof typeof unitMs] : undefined;
}
