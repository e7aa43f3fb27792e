import { getBranding, listKeys } from '../api/website.ts';
import { t } from '../i18n/index.ts';
import { managesProject } from '../state/roles.ts';
import { Page } from '../ui/page.tsx';
import { useResource } from '../ui/resource.ts';
import { ProjectScope } from './project-scope.tsx';
import { PublishableKeys } from './publishable-keys.tsx';
import { WidgetDesigner } from './widget-designer.tsx';

function Website({ projectId, canChange }: { projectId: string; canChange: boolean }) {
  const keys = useResource(() => listKeys(projectId), [projectId]);
  const branding = useResource(() => getBranding(projectId), [projectId]);
  return (
    <Page title={t('websiteTitle')}>
      <p>{t('websiteIntro')}</p>
      <PublishableKeys projectId={projectId} keys={keys} canChange={canChange} />
      {branding.error.value ? <p class="field-error">{branding.error.value}</p> : null}
      <WidgetDesigner projectId={projectId} branding={branding} keys={keys} canChange={canChange} />
    </Page>
  );
}

/** The store finder on the project's websites: publishable keys, and the design every finder starts with. */
export function WebsitePage({ projectId }: { projectId: string }) {
  return (
    <ProjectScope projectId={projectId}>
      {(project) => <Website projectId={project.id} canChange={managesProject(project.role)} />}
    </ProjectScope>
  );
}
