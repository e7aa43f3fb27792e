/** The project a request works on: one of the caller's, by public ID (V2), or the caller's personal project (V1). */
export type ProjectRef = { userId: number; publicId: string } | { userId: number; personal: true };

/** The reference to a project already found (the CLI's own, which creates its demo project and then fills it). */
export function refOfProject(project: { user_id: number; public_id: string }): ProjectRef {
  return { userId: project.user_id, publicId: project.public_id };
}
