import { ConflictError, ForbiddenError } from './errors.ts';
import type { ProjectAccess } from './project-ref.ts';
import { missingScope, type Scope } from './tokens.ts';

/** A member's role in a project, from the least to the most it may do. */
export const ROLES = ['viewer', 'editor', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

const VIEWER: readonly Scope[] = ['user:read', 'project:read', 'location:read'];
const EDITOR: readonly Scope[] = [...VIEWER, 'location:create', 'location:update', 'location:delete'];
const ADMIN: readonly Scope[] = [...EDITOR, 'project:manage', 'member:manage'];
const OWNER: readonly Scope[] = [...ADMIN, 'owner:manage'];

/**
 * What each role may do in a project, in the scopes API tokens carry: the one table of permissions. A request in a
 * project may do what its credential's scopes (a token's, or all of them for a session) and the caller's role there
 * both allow. `viewer` reads; `editor` also writes locations and imports; `admin` also manages the project's settings,
 * publishable keys, webhooks and its members other than owners; `owner` everything, owners included.
 */
export const ROLE_SCOPES: Readonly<Record<Role, ReadonlySet<Scope>>> = {
  viewer: new Set(VIEWER),
  editor: new Set(EDITOR),
  admin: new Set(ADMIN),
  owner: new Set(OWNER),
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Refuses (403) a request whose credential or role in the project lacks one of the scopes it needs. */
export function requireRoleAllows(role: string, access: ProjectAccess): void {
  const allowed = isRole(role) ? ROLE_SCOPES[role] : new Set<Scope>();
  const granted = new Set([...access.granted].filter((scope) => allowed.has(scope as Scope)));
  const missing = missingScope(granted, access.required);
  if (missing === undefined) return;
  throw new ForbiddenError(
    access.granted.has(missing)
      ? `Your role in this project (${role}) does not allow ${missing}.`
      : `This token lacks the ${missing} scope.`,
  );
}

/**
 * Refuses (409) a change that would leave a project without an owner: demoting or removing (`newRole` null) its last
 * one.
 */
export function requireAnOwnerLeft(currentRole: string, newRole: Role | null, owners: number): void {
  if (currentRole === 'owner' && newRole !== 'owner' && owners <= 1) {
    throw new ConflictError('A project keeps at least one owner: make another member owner first.');
  }
}

/** Only an owner manages owners: making one, changing one's role, removing one or inviting one. */
export function requireOwnerPower(role: string, access: ProjectAccess | undefined): void {
  if (access) requireRoleAllows(role, { granted: access.granted, required: ['owner:manage'] });
}
