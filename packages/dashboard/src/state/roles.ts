import type { Role } from '../api/projects.ts';

// What each role may do in the dashboard, so that what a role may not do is not offered. The server decides all the
// same (its scope table): this only keeps buttons that would be refused out of sight.

const RANK: Record<Role, number> = { owner: 3, admin: 2, editor: 1, viewer: 0 };

/** Owners and admins manage the team: members, roles and invitations. */
export const managesTeam = (role: Role): boolean => RANK[role] >= RANK.admin;

/** Whether `actor` may change or remove a member of role `target`: only owners touch owners. */
export const managesMember = (actor: Role, target: Role): boolean =>
  managesTeam(actor) && (target !== 'owner' || actor === 'owner');

/** The roles `actor` may give: an owner every role, an admin every role but owner. */
export const rolesGrantableBy = (actor: Role): Role[] =>
  actor === 'owner' ? ['owner', 'admin', 'editor', 'viewer'] : managesTeam(actor) ? ['admin', 'editor', 'viewer'] : [];

/** Editors and up import files (the scopes location:create and location:update); every role exports. */
export const importsLocations = (role: Role): boolean => RANK[role] >= RANK.editor;
