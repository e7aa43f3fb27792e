import type { App } from '../http/app.ts';
import { registerV2ProjectsList } from './v2/projects.list.ts';
import { registerV2UserGet } from './v2/user.get.ts';

/** Every route of the service, in blocks by API version. */
export function registerRoutes(app: App): void {
  // V2 (current)
  registerV2UserGet(app);
  registerV2ProjectsList(app);
}
