import type { Executor } from '../../db/executor.ts';
import type { ProjectRow } from '../../db/tables/projects.table.ts';
import type { UserRow } from '../../db/tables/users.table.ts';
import { ConflictError, InvalidInputError } from '../../domain/errors.ts';
import { newPublicId } from '../../domain/ids.ts';
import type { Plan } from '../../domain/plans.ts';
import { insertMember } from './members.repository.ts';
import { insertProject } from './projects.repository.ts';
import { findUserByEmail, insertUser } from './users.repository.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A new user's e-mail (trimmed, lower case) and name (trimmed), or the rule they break. */
export function newUserInput(input: { email: string; name: string }): { email: string; name: string } {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw new InvalidInputError(`Invalid email "${input.email}".`);
  if (input.name.trim() === '') throw new InvalidInputError('The name must not be empty.');
  return { email, name: input.name.trim() };
}

/**
 * Inserts a user (with the hash of their password, if they have one) and their personal project, inside the caller's
 * transaction. An e-mail already taken is a conflict.
 */
export async function insertUserWithProject(
  trx: Executor,
  input: { email: string; name: string; plan: Plan; passwordHash: string | null; now: string },
): Promise<{ user: UserRow; project: ProjectRow }> {
  if (await findUserByEmail(trx, input.email)) {
    throw new ConflictError(`A user with email ${input.email} already exists.`);
  }
  const user = await insertUser(trx, {
    public_id: newPublicId('user'),
    email: input.email,
    name: input.name,
    password_hash: input.passwordHash,
    created_at: input.now,
  });
  const project = await insertProject(trx, {
    public_id: newPublicId('project'),
    user_id: user.id,
    name: `${user.name}'s project`,
    plan: input.plan,
    personal: 1,
    created_at: input.now,
    updated_at: input.now,
  });
  await insertMember(trx, { project_id: project.id, user_id: user.id, role: 'owner', created_at: input.now });
  return { user, project };
}
