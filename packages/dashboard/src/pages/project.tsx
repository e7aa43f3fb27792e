import { t } from '../i18n/index.ts';
import { paths } from '../paths.ts';
import { editsStores } from '../state/roles.ts';
import { Page } from '../ui/page.tsx';
import { roleName } from '../ui/role-name.ts';
import { ProjectScope } from './project-scope.tsx';

/** A project's home: what it is and the person's role in it. The project's own screens start from here. */
export function ProjectPage({ projectId }: { projectId: string }) {
  return (
    <ProjectScope projectId={projectId}>
      {(project) => (
        <Page title={project.name}>
          <dl class="facts">
            <dt>{t('yourRole')}</dt>
            <dd>{roleName(project.role)}</dd>
            <dt>{t('plan')}</dt>
            <dd>{project.plan}</dd>
            <dt>{t('locations')}</dt>
            <dd>{project.locations_count}</dd>
          </dl>
          {editsStores(project.role) ? <a href={paths.project(project.id, 'stores/new')}>{t('storeNew')}</a> : null}
        </Page>
      )}
    </ProjectScope>
  );
}
