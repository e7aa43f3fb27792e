import { type Static, Type } from 'typebox';
import { PASSWORD_MAX_LENGTH } from '../../../domain/passwords.ts';
import { Timestamp } from '../../../schemas/common.ts';
import type { SessionView } from '../people.service.ts';
import { Password, PersonName } from './people.ts';

export const UserUpdate = Type.Object({ name: PersonName });
export type UserUpdate = Static<typeof UserUpdate>;

export const PasswordChange = Type.Object({
  current_password: Type.String({
    maxLength: PASSWORD_MAX_LENGTH,
    description: 'The password the person signs in with now',
    examples: ['correct horse battery staple'],
  }),
  new_password: Password,
});
export type PasswordChange = Static<typeof PasswordChange>;

/** A browser signed in as the person: never its cookie's value nor its hash. */
export const SignedInSessionBody = Type.Object({
  id: Type.String({ description: 'The session, as this list names it', examples: ['42'] }),
  created_at: Timestamp,
  last_seen_at: Type.String({
    format: 'date-time',
    description: 'When it was last used (ISO 8601 UTC, to the minute)',
    examples: ['2026-11-21T12:00:00.000Z'],
  }),
  user_agent: Type.Union([Type.String(), Type.Null()], {
    description: "The browser's User-Agent at sign-in (up to 500 characters), or null when it sent none",
    examples: ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36'],
  }),
  current: Type.Boolean({ description: 'Whether this is the session of the request' }),
});
export type SignedInSessionBody = Static<typeof SignedInSessionBody>;

export function presentSession(session: SessionView): SignedInSessionBody {
  return {
    id: String(session.id),
    created_at: session.createdAt,
    last_seen_at: session.lastSeenAt,
    user_agent: session.userAgent,
    current: session.current,
  };
}

export const SetupStatusBody = Type.Object({
  needed: Type.Boolean({
    description: 'True while the server has no user: `POST /api/v2/setup` then creates the owner',
  }),
});
