import { describe, expect, it } from 'vitest';
import { generateToken, hashToken, tokenKindOf } from '../../src/domain/tokens.ts';

describe('token hashes', () => {
  it('are the hex SHA-256 of the token, as every stored token was hashed', () => {
    // A known vector: tokens issued before any change of the hashing code must still be found by their hash.
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const token = generateToken('v2');
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toBe(hashToken(generateToken('v2')));
    expect(tokenKindOf(token)).toBe('v2');
  });
});
