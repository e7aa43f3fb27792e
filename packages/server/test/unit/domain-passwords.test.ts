import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/domain/errors.ts';
import { hashPassword, requireAcceptablePassword, verifyPassword } from '../../src/domain/passwords.ts';
import { sessionEndsAt } from '../../src/domain/sessions.ts';

describe('passwords', () => {
  it('are stored as a salted scrypt hash with its parameters, and only the same password matches', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$32768\$8\$3\$[\w-]{22}\$[\w-]{43}$/);
    expect(await hashPassword('correct horse battery')).not.toBe(stored);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('correct horse battery', null)).toBe(false);
    expect(await verifyPassword('correct horse battery', 'md5$nonsense')).toBe(false);
  });

  it('take 10 to 1,024 characters', () => {
    expect(() => requireAcceptablePassword('123456789')).toThrow(InvalidInputError);
    expect(() => requireAcceptablePassword('1234567890')).not.toThrow();
    expect(() => requireAcceptablePassword('x'.repeat(1025))).toThrow(InvalidInputError);
  });
});

describe('sessions', () => {
  it('end at the idle timeout after the last request, or at their absolute end, whichever comes first', () => {
    const policy = { idleMs: 10, maxMs: 100 };
    expect(sessionEndsAt({ lastSeenAt: 0, expiresAt: 100 }, policy)).toBe(10);
    expect(sessionEndsAt({ lastSeenAt: 95, expiresAt: 100 }, policy)).toBe(100);
  });
});
