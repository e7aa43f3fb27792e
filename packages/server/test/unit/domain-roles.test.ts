import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError } from '../../src/domain/errors.ts';
import {
  ROLE_SCOPES,
  ROLES,
  requireAnOwnerLeft,
  requireOwnerPower,
  requireRoleAllows,
} from '../../src/domain/roles.ts';
import { SCOPES } from '../../src/domain/tokens.ts';

const ALL = new Set<string>(SCOPES);

describe('roles', () => {
  it('each role holds every scope of the roles below it, and the owner every scope', () => {
    for (let rank = 1; rank < ROLES.length; rank += 1) {
      const below = ROLE_SCOPES[ROLES[rank - 1] as (typeof ROLES)[number]];
      const role = ROLE_SCOPES[ROLES[rank] as (typeof ROLES)[number]];
      expect([...below].filter((scope) => !role.has(scope))).toEqual([]);
      expect(role.size).toBeGreaterThan(below.size);
    }
    expect([...ROLE_SCOPES.owner].sort()).toEqual([...SCOPES].sort());
  });

  it('allows what both the credential and the role allow, and names what is missing', () => {
    expect(() => requireRoleAllows('editor', { granted: ALL, required: ['location:delete'] })).not.toThrow();
    expect(() => requireRoleAllows('viewer', { granted: ALL, required: ['location:delete'] })).toThrow(
      new ForbiddenError('Your role in this project (viewer) does not allow location:delete.'),
    );
    const readOnlyToken = new Set(['location:read']);
    expect(() => requireRoleAllows('owner', { granted: readOnlyToken, required: ['location:update'] })).toThrow(
      /token lacks the location:update scope/,
    );
    expect(() => requireRoleAllows('unknown', { granted: ALL, required: ['location:read'] })).toThrow(ForbiddenError);
  });

  it('keeps an owner, and leaves owners to owners', () => {
    expect(() => requireAnOwnerLeft('owner', 'admin', 1)).toThrow(ConflictError);
    expect(() => requireAnOwnerLeft('owner', null, 1)).toThrow(ConflictError);
    expect(() => requireAnOwnerLeft('owner', null, 2)).not.toThrow();
    expect(() => requireAnOwnerLeft('editor', null, 1)).not.toThrow();
    expect(() => requireOwnerPower('admin', { granted: ALL, required: [] })).toThrow(ForbiddenError);
    expect(() => requireOwnerPower('owner', { granted: ALL, required: [] })).not.toThrow();
    expect(() => requireOwnerPower('admin', undefined)).not.toThrow();
  });
});
