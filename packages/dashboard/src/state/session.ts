import { computed, signal } from '@preact/signals';
import { keepCsrfToken } from '../api/client.ts';
import { listProjects, type MemberProject } from '../api/projects.ts';
import { readSession, type Session, setupNeeded } from '../api/session.ts';
import { paths } from '../paths.ts';
import { readStored, store } from '../stored.ts';

/** The browser's session: undefined while it is being asked for, null when there is none. */
export const session = signal<Session | null | undefined>(undefined);
/** Whether the server waits for its first user (then the first run is offered instead of signing in). */
export const needsSetup = signal(false);
/** The projects the signed-in person is a member of, with their role. */
export const projects = signal<MemberProject[]>([]);
const LAST_PROJECT_KEY = 'locator.dashboard.project';

/** The ID of the project the person works on: the one the address names, else the last one opened in this browser. */
export const currentProjectId = signal<string | undefined>(readStored(LAST_PROJECT_KEY));

/** Makes a project the current one, and the one `/dashboard` opens next time in this browser. */
export function openProject(projectId: string): void {
  currentProjectId.value = projectId;
  store(LAST_PROJECT_KEY, projectId);
}

export const currentProject = computed(
  () => projects.value.find((project) => project.id === currentProjectId.value) ?? projects.value[0],
);

/** Where `/dashboard` leads: the current project's page, or the list of projects when the person has none. */
export function homePath(): string {
  const project = currentProject.value;
  return project ? paths.project(project.id) : paths.projects;
}

export async function refreshProjects(): Promise<void> {
  projects.value = await listProjects();
}

/** Keeps a session that was just made (sign-in, first run, an accepted invitation) and loads its projects. */
export async function startSession(next: Session): Promise<void> {
  keepCsrfToken(next.csrf_token);
  // The projects first: a screen shown once signed in finds its project among them.
  await refreshProjects();
  session.value = next;
}

export function endSession(): void {
  keepCsrfToken(undefined);
  session.value = null;
  projects.value = [];
}

/** Asks the server for the browser's session once the page opens. */
export async function loadSession(): Promise<void> {
  const found = await readSession();
  if (found) {
    await startSession(found);
    return;
  }
  needsSetup.value = await setupNeeded();
  endSession();
}
