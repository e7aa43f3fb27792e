import type { Role } from '../api/projects.ts';
import { type MessageKey, t } from '../i18n/index.ts';

const ROLE_KEYS: Record<Role, MessageKey> = {
  owner: 'roleOwner',
  admin: 'roleAdmin',
  editor: 'roleEditor',
  viewer: 'roleViewer',
};

export const roleName = (role: Role): string => t(ROLE_KEYS[role]);
