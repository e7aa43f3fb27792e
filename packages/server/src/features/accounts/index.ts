// The accounts: users, their projects and API tokens; the project a request works on and its change lock.
export { type Accounts, type CreatedUser, createAccounts, parseScopes } from './accounts.service.ts';
export { createMailer } from './mailer.ts';
export { createPasskeys, type Passkeys } from './passkeys.service.ts';
export { createPeople, type People } from './people.service.ts';
export {
  accessibleProject,
  findProjectByPublicId,
  lockProjectForChange,
  lockProjectForEvent,
  lockProjectOfLocationForChange,
} from './projects.repository.ts';
export { registerV2Account } from './routes/v2/account.ts';
export { registerV2InvitationsAccept } from './routes/v2/invitations.accept.ts';
export { registerV2Invitations } from './routes/v2/invitations.ts';
export { registerV2Members } from './routes/v2/members.ts';
export { registerV2Passkeys } from './routes/v2/passkeys.ts';
export { registerV2PasswordResets } from './routes/v2/password-resets.ts';
export { registerV2ProjectsList } from './routes/v2/projects.list.ts';
export { registerV2SessionDelete } from './routes/v2/session.delete.ts';
export { registerV2SessionGet } from './routes/v2/session.get.ts';
export { registerV2SessionPasskey } from './routes/v2/session.passkey.ts';
export { registerV2SessionPost } from './routes/v2/session.post.ts';
export { registerV2SetupGet } from './routes/v2/setup.get.ts';
export { registerV2SetupPost } from './routes/v2/setup.post.ts';
export { registerV2Tokens } from './routes/v2/tokens.ts';
export { registerV2UserGet } from './routes/v2/user.get.ts';
export { registerV2UsersPost } from './routes/v2/users.post.ts';
export { createTeam, type Team } from './team.service.ts';
