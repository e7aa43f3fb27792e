import { t } from '../i18n/index.ts';
import { paths } from '../paths.ts';
import { projects } from '../state/session.ts';
import { Page } from '../ui/page.tsx';
import { roleName } from '../ui/role-name.ts';

/** Every project the person is a member of, with their role in it. */
export function ProjectsPage() {
  return (
    <Page title={t('projectsTitle')}>
      {projects.value.length === 0 ? (
        <p>{t('projectsNone')}</p>
      ) : (
        <ul class="cards">
          {projects.value.map((project) => (
            <li key={project.id}>
              <a href={paths.project(project.id)}>{project.name}</a>
              <span class="meta">
                {t('projectSummary', { role: roleName(project.role), count: project.locations_count })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
