import type { Kysely } from 'kysely';
import type { PeopleConfig } from '../../config/config.ts';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { UserRow } from '../../db/tables/users.table.ts';
import { ConflictError, ForbiddenError, GoneError, InvalidInputError, NotFoundError } from '../../domain/errors.ts';
import { randomBase62 } from '../../domain/ids.ts';
import { hashPassword, requireAcceptablePassword, verifyPassword } from '../../domain/passwords.ts';
import { hashSessionValue, newSessionSecrets, sessionEndsAt } from '../../domain/sessions.ts';
import { type Clock, isoOf } from '../../domain/time.ts';
import { hashToken } from '../../domain/tokens.ts';
import { ALL_SCOPES, type SessionVerifier } from '../../http/auth.ts';
import type { Mailer } from './mailer.ts';
import { insertUserWithProject, newUserInput } from './new-user.ts';
import * as resets from './password-resets.repository.ts';
import * as sessions from './sessions.repository.ts';
import {
  anyUserExists,
  claimFirstRun,
  findUserByEmail,
  findUserById,
  setPasswordHash,
  setUserName,
} from './users.repository.ts';

/** A session just started: the cookie's value (shown to this browser only) and the CSRF token that goes with it. */
export interface StartedSession {
  user: UserRow;
  value: string;
  csrfToken: string;
  /** How long the browser should keep the cookie: the session's absolute lifetime. */
  maxAgeMs: number;
}

/** What the browser that starts a session tells of itself, shown in the person's list of sessions. */
export interface SessionClient {
  userAgent?: string | undefined;
}

/** A session as its person sees it in their list. */
export interface SessionView {
  id: number;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  current: boolean;
}

const USER_AGENT_MAX_LENGTH = 500;

/** A new person: the one who sets the server up, or anyone when sign-up is open. */
export interface NewPerson {
  name: string;
  email: string;
  password: string;
}

/** last_seen_at is kept to the minute, so most requests with a session do not write. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

export interface PeopleDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Pick<PeopleConfig, 'sessionIdleMs' | 'sessionMaxMs' | 'signupOpen'>;
  mailer: Mailer | undefined;
}

/** A password-reset link works this long, and once. */
export const PASSWORD_RESET_LIFETIME_MS = 3_600_000;

/**
 * People who sign in: the first run, sign-up, passwords and the sessions of their browsers. Sessions live in the
 * database, so any instance serves any request, and end after `SESSION_IDLE_HOURS` without use or `SESSION_MAX_DAYS`
 * after sign-in.
 */
export function createPeople({ db, clock, config, mailer }: PeopleDeps) {
  const policy = { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs };

  async function startSessionIn(trx: Executor, user: UserRow, client: SessionClient = {}): Promise<StartedSession> {
    const { value, csrfToken } = newSessionSecrets();
    const now = clock();
    await sessions.insertSession(trx, {
      user_id: user.id,
      value_hash: hashSessionValue(value),
      csrf_token: csrfToken,
      created_at: isoOf(now),
      last_seen_at: isoOf(now),
      expires_at: isoOf(now + policy.maxMs),
      user_agent: client.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) || null,
    });
    return { user, value, csrfToken, maxAgeMs: policy.maxMs };
  }

  /** Creates a person with a password and a personal project, and signs them in, in one transaction. */
  async function createPerson(
    input: NewPerson,
    plan: 'business' | 'free',
    client: SessionClient,
    allowed: (trx: Executor) => Promise<void>,
  ): Promise<StartedSession> {
    const { email, name } = newUserInput(input);
    requireAcceptablePassword(input.password);
    const passwordHash = await hashPassword(input.password);
    return db.transaction().execute(async (trx) => {
      await allowed(trx);
      const { user } = await insertUserWithProject(trx, { email, name, plan, passwordHash, now: isoOf(clock()) });
      return startSessionIn(trx, user, client);
    });
  }

  return {
    /** The sessions as authentication checks them: alive, by the hash of the cookie, with their user. */
    sessions: {
      async lookup(valueHash) {
        const found = await sessions.findSessionByHash(db, valueHash);
        if (!found) return undefined;
        const now = clock();
        const lastSeenAt = Date.parse(found.last_seen_at);
        if (now >= sessionEndsAt({ lastSeenAt, expiresAt: Date.parse(found.expires_at) }, policy)) {
          await sessions.deleteSession(db, found.id);
          return undefined;
        }
        if (now - lastSeenAt >= LAST_SEEN_RESOLUTION_MS) await sessions.touchSession(db, found.id, isoOf(now));
        return {
          userId: found.user_id,
          userPublicId: found.user_public_id,
          credential: { type: 'session', id: found.id, csrfToken: found.csrf_token },
          scopes: ALL_SCOPES,
        };
      },
    } satisfies SessionVerifier,

    /**
     * The first run: the owner of the server and their personal Business project; 409 once any user exists. The
     * claim of `first_run` makes two setups at once, on any instances, end with one owner and one 409.
     */
    setUp(input: NewPerson, client: SessionClient = {}): Promise<StartedSession> {
      return createPerson(input, 'business', client, async (trx) => {
        const claimed = await claimFirstRun(trx, isoOf(clock()));
        if (!claimed || (await anyUserExists(trx))) {
          throw new ConflictError('This server is set up already: sign in instead.');
        }
      });
    },

    /** Whether the server still waits for its first user (the dashboard then offers the first run). */
    async setupNeeded(): Promise<boolean> {
      return !(await anyUserExists(db));
    },

    /** Self sign-up (`SIGNUP=open`): a person with a personal project on the free plan. */
    signUp(input: NewPerson, client: SessionClient = {}): Promise<StartedSession> {
      if (!config.signupOpen) throw new ForbiddenError('Sign-up is closed on this server: ask an owner to invite you.');
      return createPerson(input, 'free', client, async () => undefined);
    },

    /**
     * A new session for the user with this e-mail and password; undefined for a wrong password or an unknown
     * e-mail alike, which take the same time.
     */
    async signIn(email: string, password: string, client: SessionClient = {}): Promise<StartedSession | undefined> {
      const user = await findUserByEmail(db, email.trim());
      const matches = await verifyPassword(password, user?.password_hash);
      if (!user || !matches) return undefined;
      return db.transaction().execute((trx) => startSessionIn(trx, user, client));
    },

    /** Starts a session for a user already known (after accepting an invitation, or a passkey's sign-in). */
    startSession(userId: number, client: SessionClient = {}): Promise<StartedSession> {
      return db.transaction().execute(async (trx) => {
        const user = await findUserById(trx, userId);
        if (!user) throw NotFoundError.of('User');
        return startSessionIn(trx, user, client);
      });
    },

    /** The sessions of a user, newest first, marking the one asking. */
    async listSessions(userId: number, currentSessionId: number | undefined): Promise<SessionView[]> {
      return (await sessions.listSessionsOfUser(db, userId)).map((row) => ({
        id: row.id,
        createdAt: row.created_at,
        lastSeenAt: row.last_seen_at,
        userAgent: row.user_agent,
        current: row.id === currentSessionId,
      }));
    },

    /** Renames the signed-in person. */
    async rename(userId: number, name: string): Promise<UserRow> {
      const trimmed = name.trim();
      if (trimmed === '') throw InvalidInputError.fields({ name: ['must not be blank'] });
      const user = await setUserName(db, userId, trimmed);
      if (!user) throw NotFoundError.of('User');
      return user;
    },

    /**
     * Sets a new password for a signed-in person who knows the current one, and ends their other sessions (this one
     * stays signed in). A wrong current password is a field error, with nothing changed.
     */
    async changePassword(
      userId: number,
      keptSessionId: number,
      passwords: { current: string; next: string },
    ): Promise<void> {
      requireAcceptablePassword(passwords.next);
      const user = await findUserById(db, userId);
      if (!user) throw NotFoundError.of('User');
      if (!(await verifyPassword(passwords.current, user.password_hash))) {
        throw InvalidInputError.fields({ current_password: ['is not right'] });
      }
      const passwordHash = await hashPassword(passwords.next);
      await db.transaction().execute(async (trx) => {
        await setPasswordHash(trx, userId, passwordHash);
        await sessions.deleteOtherSessionsOfUser(trx, userId, keptSessionId);
      });
    },

    /** Signs out the browser of this session. */
    async endSession(sessionId: number): Promise<void> {
      await sessions.deleteSession(db, sessionId);
    },

    /** Signs the user out everywhere: every session of theirs ends at once, on every instance. */
    endAllSessions(userId: number): Promise<number> {
      return sessions.deleteSessionsOfUser(db, userId);
    },

    /** Sets a user's password (the CLI's `--password-stdin`) and ends their sessions. */
    async setPassword(email: string, password: string): Promise<void> {
      requireAcceptablePassword(password);
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        const user = await findUserByEmail(trx, email);
        if (!user) throw new NotFoundError(`No user with email ${email}.`);
        await setPasswordHash(trx, user.id, passwordHash);
        await sessions.deleteSessionsOfUser(trx, user.id);
      });
    },

    /**
     * Makes a password-reset link for the user with this e-mail (nothing for an unknown one), working once within an
     * hour, and e-mails it when SMTP is configured. Answers the link, for the CLI (`locator users reset-link`) only:
     * the API never shows it.
     */
    async makeResetLink(email: string, baseUrl: string): Promise<string | undefined> {
      const user = await findUserByEmail(db, email.trim());
      if (!user) return undefined;
      const token = `lcr_${randomBase62(40)}`;
      const now = clock();
      await resets.insertPasswordReset(db, {
        user_id: user.id,
        token_hash: hashToken(token),
        created_at: isoOf(now),
        expires_at: isoOf(now + PASSWORD_RESET_LIFETIME_MS),
        used_at: null,
      });
      const link = `${baseUrl}/dashboard/reset-password#token=${token}`;
      await mailer?.send({
        to: user.email,
        subject: 'Set a new Locator password',
        text: `Someone asked to set a new password for ${user.email} on Locator.\n\nWithin an hour, open: ${link}\n\nIf it was not you, ignore this e-mail.\n`,
      });
      return link;
    },

    /**
     * Sets a new password with a reset link's token, once and within its hour, and ends every session of the user
     * (whoever held one is signed out).
     */
    async resetPassword(token: string, password: string): Promise<void> {
      requireAcceptablePassword(password);
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        const reset = await resets.findPasswordResetByHash(trx, hashToken(token));
        if (!reset) throw new NotFoundError('Unknown password-reset link.');
        const now = clock();
        if (reset.used_at) throw new GoneError('This link has been used already: ask for a new one.');
        if (Date.parse(reset.expires_at) <= now) throw new GoneError('This link has expired: ask for a new one.');
        if (!(await resets.markPasswordResetUsed(trx, reset.id, isoOf(now)))) {
          throw new GoneError('This link has been used already: ask for a new one.');
        }
        await setPasswordHash(trx, reset.user_id, passwordHash);
        await sessions.deleteSessionsOfUser(trx, reset.user_id);
      });
    },

    /** The user behind a session. */
    async userOf(userId: number): Promise<UserRow> {
      const user = await findUserById(db, userId);
      if (!user) throw NotFoundError.of('User');
      return user;
    },
  };
}

export type People = ReturnType<typeof createPeople>;
