import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { CreatedUser } from '../../src/features/accounts/index.ts';
import { buildDashboard } from './dashboard-build.ts';
import { addMember, sessionOf } from './people.ts';
import { type BrowserSession, call, createAccount, signInAs, startTestServer, type TestServer } from './server.ts';

// A server serving the dashboard, set up by its first run: an owner with a password and their project, for the
// browser tests of a project's screens.

export const OWNER = { name: 'Ada Owner', email: 'ada@example.com', password: 'correct horse battery' };

export interface DashboardProject {
  server: TestServer;
  /** The owner's session, for calls to the API beside the browser. */
  owner: BrowserSession;
  /** The project's public ID (`prj_…`). */
  projectId: string;
}

export async function startDashboardProject(env: Record<string, string> = {}): Promise<DashboardProject> {
  const server = await startTestServer({ env: { DASHBOARD_DIR: await buildDashboard(), ...env } });
  const setUp = await call(server, 'POST', '/api/v2/setup', { body: OWNER });
  expect(setUp.status, setUp.text).toBe(201);
  const owner = sessionOf(await call(server, 'POST', '/api/v2/session', { body: OWNER }));
  const projectId = (await call(server, 'GET', '/api/v2/projects', { session: owner })).body.data[0].id as string;
  return { server, owner, projectId };
}

/** A new user made an editor of the project, signed in (as a browser would hold it). */
export async function addEditor({
  server,
  projectId,
}: DashboardProject): Promise<{ user: CreatedUser['user']; session: BrowserSession }> {
  const editor = await createAccount(server);
  const project = await server.database.db
    .selectFrom('projects')
    .select('id')
    .where('public_id', '=', projectId)
    .executeTakeFirstOrThrow();
  await addMember(server, project.id, editor.user.id, 'editor');
  return { user: editor.user, session: await signInAs(server, editor.user.id) };
}

/** Signs the owner in through the sign-in screen, which then opens their project. */
export async function signInOwner(page: Page, { server, projectId }: DashboardProject): Promise<void> {
  await page.goto(`${server.url}/dashboard/sign-in`);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/dashboard/projects/${projectId}`);
}
