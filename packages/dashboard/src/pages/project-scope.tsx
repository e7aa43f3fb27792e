import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import type { MemberProject } from '../api/projects.ts';
import { t } from '../i18n/index.ts';
import { openProject, projects } from '../state/session.ts';
import { Page } from '../ui/page.tsx';

/**
 * The project a project screen's address names, made the current one (the switcher shows it); a project the person
 * is not a member of is not found.
 */
export function ProjectScope({
  projectId,
  children,
}: {
  projectId: string;
  children: (project: MemberProject) => ComponentChildren;
}) {
  useEffect(() => {
    openProject(projectId);
  }, [projectId]);
  const project = projects.value.find((candidate) => candidate.id === projectId);
  if (!project) return <Page title={t('projectNotFound')} />;
  return <>{children(project)}</>;
}
