// Every address of the dashboard, under /dashboard (the server answers index.html for each).

export const BASE = '/dashboard';

export const paths = {
  home: BASE,
  signIn: `${BASE}/sign-in`,
  setup: `${BASE}/setup`,
  resetPassword: `${BASE}/reset-password`,
  invitation: `${BASE}/invitation`,
  projects: `${BASE}/projects`,
  tokens: `${BASE}/tokens`,
  account: `${BASE}/account`,
  /** A project's page, or one of its sections (`team`). */
  project: (projectId: string, section?: string) =>
    `${BASE}/projects/${encodeURIComponent(projectId)}${section ? `/${section}` : ''}`,
  /** A project's Insights: the store finder's analytics (`?from=&to=`, UTC days). */
  insights: (projectId: string) => `${BASE}/projects/${encodeURIComponent(projectId)}/insights`,
};

/** The link's token of a reset or invitation link: `#token=` (never sent to a server) or `?token=`. */
export function linkToken(query: Record<string, string>): string {
  const fragment = new URLSearchParams(globalThis.location.hash.replace(/^#/, '')).get('token');
  return fragment ?? query.token ?? '';
}
