import type { Scope } from './tokens.ts';

/**
 * What a request may do in the project it names: the scopes its credential grants (a token's, or all of them for a
 * session) and the scopes its route requires. The caller's role in the project narrows what is granted.
 */
export interface ProjectAccess {
  granted: ReadonlySet<string>;
  required: readonly Scope[];
}

/**
 * The project a request works on: one the caller is a member of, by public ID (V2), or the caller's personal project
 * (V1). Without `access` (the CLI, the import worker), the caller's membership is all that is checked.
 */
export type ProjectRef =
  | { userId: number; publicId: string; access?: ProjectAccess }
  | { userId: number; personal: true; access?: ProjectAccess };

/** The reference to a project already found (the CLI's own, which creates its demo project and then fills it). */
export function refOfProject(project: { user_id: number; public_id: string }): ProjectRef {
  return { userId: project.user_id, publicId: project.public_id };
}
