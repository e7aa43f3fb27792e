import type { Executor } from '../../db/executor.ts';
import type { InsertablePasskeyRow, PasskeyRow } from '../../db/tables/passkeys.table.ts';
import type {
  InsertableWebauthnChallengeRow,
  WebauthnChallengeRow,
} from '../../db/tables/webauthn-challenges.table.ts';

export async function insertPasskey(db: Executor, passkey: InsertablePasskeyRow): Promise<PasskeyRow> {
  return db.insertInto('passkeys').values(passkey).returningAll().executeTakeFirstOrThrow();
}

export async function listPasskeysOfUser(db: Executor, userId: number): Promise<PasskeyRow[]> {
  return db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/** The passkey with this credential ID, and its user's e-mail (the sign-in budget it counts against). */
export async function findPasskeyByCredentialId(
  db: Executor,
  credentialId: string,
): Promise<(PasskeyRow & { email: string }) | undefined> {
  return db
    .selectFrom('passkeys')
    .innerJoin('users', 'users.id', 'passkeys.user_id')
    .selectAll('passkeys')
    .select('users.email')
    .where('passkeys.credential_id', '=', credentialId)
    .executeTakeFirst();
}

export async function recordPasskeyUse(db: Executor, id: number, counter: number, usedAt: string): Promise<void> {
  await db.updateTable('passkeys').set({ counter, last_used_at: usedAt }).where('id', '=', id).execute();
}

/** Deletes a passkey of this user; false when the user has none with this public ID. */
export async function deletePasskeyOfUser(db: Executor, userId: number, publicId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('passkeys')
    .where('user_id', '=', userId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Stores a challenge handed out, and forgets those that expired (they are never many). */
export async function insertChallenge(db: Executor, challenge: InsertableWebauthnChallengeRow, now: string) {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute();
  await db.insertInto('webauthn_challenges').values(challenge).execute();
}

/**
 * Takes a challenge for its one use: deletes it and answers it, or undefined when it is unknown, used already, or
 * for another purpose or user. Two answers to one challenge at once: one deletes it, the other finds nothing.
 */
export async function takeChallenge(
  db: Executor,
  challenge: string,
  purpose: WebauthnChallengeRow['purpose'],
): Promise<WebauthnChallengeRow | undefined> {
  return db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .returningAll()
    .executeTakeFirst();
}
