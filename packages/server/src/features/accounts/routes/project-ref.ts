import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../../http/auth.ts';
import type { ProjectRef } from '../project-access.ts';

/** The caller's project named in a V2 path; services resolve and vet it (someone else's is 404). */
export function projectRef(request: FastifyRequest, projectPublicId: string): ProjectRef {
  return { userId: principalOf(request).userId, publicId: projectPublicId };
}

/** V1 works on the token owner's personal project only. */
export function personalProjectRef(request: FastifyRequest): ProjectRef {
  return { userId: principalOf(request).userId, personal: true };
}
