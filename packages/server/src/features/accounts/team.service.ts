import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { InvitationRow } from '../../db/tables/invitations.table.ts';
import { ConflictError, GoneError, NotFoundError } from '../../domain/errors.ts';
import { newPublicId, randomBase62 } from '../../domain/ids.ts';
import { hashPassword, requireAcceptablePassword } from '../../domain/passwords.ts';
import type { ProjectRef } from '../../domain/project-ref.ts';
import { type Role, requireAnOwnerLeft, requireOwnerPower } from '../../domain/roles.ts';
import { type Clock, isoOf } from '../../domain/time.ts';
import { hashToken } from '../../domain/tokens.ts';
import * as invitations from './invitations.repository.ts';
import type { Mailer } from './mailer.ts';
import * as members from './members.repository.ts';
import { insertUserWithProject, newUserInput } from './new-user.ts';
import { findProjectById, lockProjectForEvent, memberProject } from './projects.repository.ts';
import { findUserByEmail, findUserById } from './users.repository.ts';

/** An invitation's link works this long, and once. */
export const INVITATION_LIFETIME_MS = 7 * 86_400_000;

/** An invitation just made: its link is in the answer (and in the e-mail when SMTP is configured), never stored. */
export interface CreatedInvitation {
  invitation: InvitationRow;
  inviteUrl: string;
}

/** Who accepts an invitation: a signed-in user, or a new person who makes their user with it. */
export type Acceptor = { userId: number } | { name: string; password: string };

export interface TeamDeps {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer | undefined;
}

/**
 * The members of projects and their roles, and invitations to join. Each change runs in one transaction holding the
 * project's lock, so two admins cannot both demote the last two owners.
 */
export function createTeam({ db, clock, mailer }: TeamDeps) {
  /** The member a change names, checked against the rules of owners. */
  async function changeMember(
    ref: ProjectRef,
    userPublicId: string,
    newRole: Role | null,
  ): Promise<members.MemberView> {
    return db.transaction().execute(async (trx) => {
      const project = await memberProject(trx, ref);
      await lockProjectForEvent(trx, project.id);
      const member = await members.findMember(trx, project.id, userPublicId);
      if (!member) throw NotFoundError.of('Member');
      if (member.role === 'owner' || newRole === 'owner') requireOwnerPower(project.role, ref.access);
      requireAnOwnerLeft(member.role, newRole, await members.countOwners(trx, project.id));
      if (newRole === null) await members.deleteMember(trx, project.id, member.user_id);
      else await members.setMemberRole(trx, project.id, member.user_id, newRole);
      return { ...member, role: newRole ?? member.role };
    });
  }

  return {
    async listMembers(ref: ProjectRef): Promise<members.MemberView[]> {
      const project = await memberProject(db, ref);
      return members.listMembers(db, project.id);
    },

    /** Changes a member's role; only owners touch owners, and the last owner stays one (409). */
    changeRole(ref: ProjectRef, userPublicId: string, role: Role): Promise<members.MemberView> {
      return changeMember(ref, userPublicId, role);
    },

    /**
     * Removes a member: from the next request on, none of their sessions or tokens reaches the project (membership is
     * read at every request). The last owner cannot be removed (409).
     */
    async removeMember(ref: ProjectRef, userPublicId: string): Promise<void> {
      await changeMember(ref, userPublicId, null);
    },

    /** Invites an e-mail address with a role, by e-mail when SMTP is configured; the link is answered either way. */
    async invite(
      ref: ProjectRef,
      input: { email: string; role: Role; invitedBy: number | null; baseUrl: string },
    ): Promise<CreatedInvitation> {
      const email = input.email.trim().toLowerCase();
      const token = `lci_${randomBase62(40)}`;
      const created = await db.transaction().execute(async (trx) => {
        const project = await memberProject(trx, ref);
        if (input.role === 'owner') requireOwnerPower(project.role, ref.access);
        const existing = await findUserByEmail(trx, email);
        if (existing && (await members.isMember(trx, project.id, existing.id))) {
          throw new ConflictError(`${email} is a member of this project already.`);
        }
        const now = clock();
        const invitation = await invitations.insertInvitation(trx, {
          public_id: newPublicId('invitation'),
          project_id: project.id,
          email,
          role: input.role,
          token_hash: hashToken(token),
          invited_by: input.invitedBy,
          created_at: isoOf(now),
          expires_at: isoOf(now + INVITATION_LIFETIME_MS),
          accepted_at: null,
        });
        return { invitation, projectName: project.name };
      });
      const inviteUrl = `${input.baseUrl}/dashboard/invitation#token=${token}`;
      await mailer?.send({
        to: email,
        subject: `You are invited to ${created.projectName} on Locator`,
        text: `You are invited to join ${created.projectName} as ${input.role}.\n\nAccept within 7 days: ${inviteUrl}\n`,
      });
      return { invitation: created.invitation, inviteUrl };
    },

    async listInvitations(ref: ProjectRef): Promise<InvitationRow[]> {
      const project = await memberProject(db, ref);
      return invitations.listPendingInvitations(db, project.id);
    },

    async withdrawInvitation(ref: ProjectRef, invitationPublicId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const project = await memberProject(trx, ref);
        const invitation = await invitations.findInvitation(trx, project.id, invitationPublicId);
        if (!invitation || invitation.accepted_at) throw NotFoundError.of('Invitation');
        await invitations.deleteInvitation(trx, invitation.id);
      });
    },

    /**
     * Uses an invitation's link, once and within 7 days: the signed-in user joins the project with its role, or a new
     * person makes their user (with the invitation's e-mail and a personal project on the free plan) and joins.
     * Answers the user who joined.
     */
    async accept(token: string, acceptor: Acceptor): Promise<{ userId: number; projectPublicId: string; role: Role }> {
      if ('password' in acceptor) requireAcceptablePassword(acceptor.password);
      const passwordHash = 'password' in acceptor ? await hashPassword(acceptor.password) : null;
      return db.transaction().execute(async (trx) => {
        const invitation = await invitations.findInvitationByHash(trx, hashToken(token));
        if (!invitation) throw NotFoundError.of('Invitation');
        const now = clock();
        if (invitation.accepted_at) throw new GoneError('This invitation has been used already.');
        if (Date.parse(invitation.expires_at) <= now)
          throw new GoneError('This invitation has expired: ask for a new one.');
        let userId: number;
        if ('userId' in acceptor) {
          const user = await findUserById(trx, acceptor.userId);
          if (!user) throw NotFoundError.of('User');
          userId = user.id;
        } else {
          const { email, name } = newUserInput({ email: invitation.email, name: acceptor.name });
          const created = await insertUserWithProject(trx, {
            email,
            name,
            plan: 'free',
            passwordHash,
            now: isoOf(now),
          });
          userId = created.user.id;
        }
        if (await members.isMember(trx, invitation.project_id, userId)) {
          throw new ConflictError('You are a member of this project already.');
        }
        if (!(await invitations.markInvitationAccepted(trx, invitation.id, isoOf(now)))) {
          throw new GoneError('This invitation has been used already.');
        }
        await members.insertMember(trx, {
          project_id: invitation.project_id,
          user_id: userId,
          role: invitation.role,
          created_at: isoOf(now),
        });
        const project = await findProjectById(trx, invitation.project_id);
        if (!project) throw NotFoundError.of('Project');
        return { userId, projectPublicId: project.public_id, role: invitation.role as Role };
      });
    },
  };
}

export type Team = ReturnType<typeof createTeam>;
