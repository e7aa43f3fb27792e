// The accounts: users, their projects and API tokens; the project a request works on and its change lock.
export { type Accounts, type CreatedUser, createAccounts, parseScopes } from './accounts.service.ts';
export {
  accessibleProject,
  findProjectByPublicId,
  lockProjectForChange,
  lockProjectForEvent,
  lockProjectOfLocationForChange,
} from './projects.repository.ts';
export { registerV2ProjectsList } from './routes/v2/projects.list.ts';
export { registerV2UserGet } from './routes/v2/user.get.ts';
