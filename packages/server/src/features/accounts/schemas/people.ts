import { type Static, Type } from 'typebox';
import type { UserRow } from '../../../db/tables/users.table.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../domain/passwords.ts';
import { Timestamp } from '../../../schemas/common.ts';

export const UserBody = Type.Object({
  id: Type.String({ description: 'Public user ID', examples: ['usr_4f9XkQ2mZr8TbW1c'] }),
  name: Type.String({ examples: ['Ada Lovelace'] }),
  email: Type.String({ format: 'email', examples: ['ada@example.com'] }),
  created_at: Timestamp,
});
export type UserBody = Static<typeof UserBody>;

export function presentUser(user: UserRow): UserBody {
  return { id: user.public_id, name: user.name, email: user.email, created_at: user.created_at };
}

const Email = Type.String({ format: 'email', maxLength: 254, examples: ['ada@example.com'] });
export const Password = Type.String({
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
  description: `At least ${PASSWORD_MIN_LENGTH} characters. Stored only as a scrypt hash.`,
  examples: ['correct horse battery staple'],
});
export const PersonName = Type.String({ minLength: 1, maxLength: 200, examples: ['Ada Lovelace'] });

/** A new person: the first run's owner, or anyone signing up when sign-up is open. */
export const NewPersonBody = Type.Object({ name: PersonName, email: Email, password: Password });
export type NewPersonBody = Static<typeof NewPersonBody>;

export const SignInBody = Type.Object({
  email: Email,
  // Any length: a wrong password is a 401 like any other, never a hint of the rules.
  password: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
});
export type SignInBody = Static<typeof SignInBody>;

export const SessionBody = Type.Object({
  user: UserBody,
  csrf_token: Type.String({
    description: 'Send it as `X-CSRF-Token` with every request of this session other than GET, HEAD and OPTIONS',
    examples: ['Xq2mZr8TbW1c4f9XkQ2mZr8TbW1c4f9XkQ2mZr8T'],
  }),
});
export type SessionBody = Static<typeof SessionBody>;
