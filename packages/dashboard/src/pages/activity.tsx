import { useSignal } from '@preact/signals';
import { useLocation } from 'preact-iso';
import { storeNameOf } from '../api/events.ts';
import { listMembers } from '../api/members.ts';
import type { MemberProject } from '../api/projects.ts';
import { t } from '../i18n/index.ts';
import { ActivityTimeline, activityPath } from '../ui/activity-timeline.tsx';
import { Page } from '../ui/page.tsx';
import { useResource } from '../ui/resource.ts';
import { ProjectScope } from './project-scope.tsx';

function PersonFilter({ project, location, actor }: { project: MemberProject; location?: string; actor?: string }) {
  const { route } = useLocation();
  const members = useResource(() => listMembers(project.id), [project.id]);
  const chosen = useSignal(actor ?? '');
  return (
    <form
      class="filters"
      aria-label={t('activityFilters')}
      onSubmit={(event) => {
        event.preventDefault();
        route(activityPath(project.id, { location, actor: chosen.value || undefined }));
      }}
    >
      <div class="field">
        <label for="activity-person">{t('activityPerson')}</label>
        <select
          id="activity-person"
          value={chosen.value}
          onChange={(event) => {
            chosen.value = event.currentTarget.value;
          }}
        >
          <option value="">{t('activityEveryone')}</option>
          {(members.data.value ?? []).map((member) => (
            <option key={member.user_id} value={member.user_id}>
              {member.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit">{t('activityFilter')}</button>
    </form>
  );
}

function StoreFilter({ project, location, actor }: { project: MemberProject; location: string; actor?: string }) {
  const name = useResource(() => storeNameOf(project.id, location), [project.id, location]);
  return (
    <p class="notice">
      {t('activityStoreOnly', { name: name.data.value ?? location })}{' '}
      <a href={activityPath(project.id, { actor })}>{t('activityEveryStore')}</a>
    </p>
  );
}

/** The project's change feed as a timeline, filtered by store (`?location=`) and by person (`?actor=`). */
export function ActivityPage({ projectId }: { projectId: string }) {
  const { query } = useLocation();
  const location = query.location || undefined;
  const actor = query.actor || undefined;
  return (
    <ProjectScope projectId={projectId}>
      {(project) => (
        <Page title={t('activityTitle', { project: project.name })}>
          <p>{t('activityIntro')}</p>
          <PersonFilter key={actor ?? ''} project={project} location={location} actor={actor} />
          {location ? <StoreFilter project={project} location={location} actor={actor} /> : null}
          <section aria-labelledby="activity-heading">
            <h2 id="activity-heading">{t('activityTimeline')}</h2>
            <ActivityTimeline projectId={project.id} location={location} actor={actor} />
          </section>
        </Page>
      )}
    </ProjectScope>
  );
}
