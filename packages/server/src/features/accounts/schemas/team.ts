import { type Static, Type } from 'typebox';
import type { InvitationRow } from '../../../db/tables/invitations.table.ts';
import type { Role } from '../../../domain/roles.ts';
import { Timestamp } from '../../../schemas/common.ts';
import type { MemberView } from '../members.repository.ts';
import { Password, PersonName, SessionBody } from './people.ts';

export const RoleBody = Type.Union(
  [Type.Literal('viewer'), Type.Literal('editor'), Type.Literal('admin'), Type.Literal('owner')],
  {
    description:
      '`viewer` reads; `editor` also creates, updates and deletes locations and imports; `admin` also manages settings, publishable keys, webhooks and members other than owners; `owner` everything, owners included',
  },
);

export const MemberBody = Type.Object({
  user_id: Type.String({ description: "The member's public user ID", examples: ['usr_4f9XkQ2mZr8TbW1c'] }),
  name: Type.String(),
  email: Type.String({ format: 'email' }),
  role: RoleBody,
  joined_at: Timestamp,
});
export type MemberBody = Static<typeof MemberBody>;

export function presentMember(member: MemberView): MemberBody {
  return {
    user_id: member.user_public_id,
    name: member.name,
    email: member.email,
    role: member.role as Role,
    joined_at: member.created_at,
  };
}

export const MemberParams = Type.Object({
  project_id: Type.String({ description: 'Public project ID', examples: ['prj_8Hq2LmZ0aB3xYc7D'] }),
  user_id: Type.String({ description: 'Public user ID of the member', examples: ['usr_4f9XkQ2mZr8TbW1c'] }),
});

export const MemberPatch = Type.Object({ role: RoleBody });

export const InvitationInput = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254, examples: ['grace@example.com'] }),
  role: RoleBody,
});

export const InvitationBody = Type.Object({
  id: Type.String({ examples: ['inv_4f9XkQ2mZr8TbW1c'] }),
  email: Type.String({ format: 'email' }),
  role: RoleBody,
  created_at: Timestamp,
  expires_at: Timestamp,
});
export type InvitationBody = Static<typeof InvitationBody>;

export const CreatedInvitationBody = Type.Object({
  ...InvitationBody.properties,
  invite_url: Type.String({
    description:
      'The link that accepts the invitation, shown this once (also e-mailed when the server has SMTP): the dashboard reads its token and sends it to `POST /api/v2/invitations/accept`',
    examples: ['https://locator.example/dashboard/invitation#token=lci_…'],
  }),
});

export function presentInvitation(invitation: InvitationRow): InvitationBody {
  return {
    id: invitation.public_id,
    email: invitation.email,
    role: invitation.role as Role,
    created_at: invitation.created_at,
    expires_at: invitation.expires_at,
  };
}

export const InvitationParams = Type.Object({
  project_id: Type.String({ description: 'Public project ID', examples: ['prj_8Hq2LmZ0aB3xYc7D'] }),
  invitation_id: Type.String({ examples: ['inv_4f9XkQ2mZr8TbW1c'] }),
});

const InvitationToken = Type.String({
  minLength: 1,
  maxLength: 200,
  description: "The token of the invitation's link",
});

export const AcceptInvitationInput = Type.Union([
  Type.Object({ token: InvitationToken, name: PersonName, password: Password }, { additionalProperties: false }),
  Type.Object({ token: InvitationToken }, { additionalProperties: false }),
]);

export const AcceptedInvitationBody = Type.Object({
  project_id: Type.String({ examples: ['prj_8Hq2LmZ0aB3xYc7D'] }),
  role: RoleBody,
  session: Type.Optional(SessionBody),
});
