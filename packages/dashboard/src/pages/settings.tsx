import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { type Branding, getBranding, updateBranding } from '../api/website.ts';
import { t } from '../i18n/index.ts';
import { managesProject } from '../state/roles.ts';
import { announce } from '../state/status.ts';
import { Field, Form, SubmitButton, useSubmit } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { useResource } from '../ui/resource.ts';
import { ProjectScope } from './project-scope.tsx';
import { type SettingKindView, SettingList } from './setting-list.tsx';

const KINDS: SettingKindView[] = [
  { segment: 'location-types', heading: 'kindLocationTypes', add: 'addLocationType', nameKey: 'name' },
  { segment: 'markers', heading: 'kindMarkers', add: 'addMarker', nameKey: 'name' },
  { segment: 'filters', heading: 'kindFilters', add: 'addFilter', nameKey: 'name' },
  { segment: 'fields', heading: 'kindFields', add: 'addField', nameKey: 'name' },
  { segment: 'calls-to-action', heading: 'kindCallsToAction', add: 'addCallToAction', nameKey: 'title' },
];

type Unit = NonNullable<Branding['default_unit']>;
const unitName = (unit: Unit | null) =>
  unit === 'km' ? t('unitKm') : unit === 'mi' ? t('unitMi') : t('defaultUnitAuto');

/** The project's default unit and country (`/branding`): a form for those who manage the project, facts for others. */
function ProjectDefaults({ projectId, canChange }: { projectId: string; canChange: boolean }) {
  const branding = useResource(() => getBranding(projectId), [projectId]);
  const unit = useSignal('');
  const country = useSignal('');
  const current = branding.data.value;
  useEffect(() => {
    if (!current) return;
    unit.value = current.default_unit ?? '';
    country.value = current.default_country ?? '';
  }, [current]);
  const submission = useSubmit(async () => {
    await updateBranding(projectId, {
      default_unit: unit.value === 'km' || unit.value === 'mi' ? unit.value : null,
      default_country: country.value.trim() === '' ? null : country.value.trim(),
    });
    announce(t('defaultsSaved'));
    await branding.reload();
  });
  return (
    <section aria-labelledby="defaults-heading">
      <h2 id="defaults-heading">{t('defaultsHeading')}</h2>
      {branding.error.value ? <p class="field-error">{branding.error.value}</p> : null}
      {current && !canChange ? (
        <dl class="facts">
          <dt>{t('defaultUnit')}</dt>
          <dd>{unitName(current.default_unit)}</dd>
          <dt>{t('defaultCountry')}</dt>
          <dd>{current.default_country ?? t('defaultUnitAuto')}</dd>
        </dl>
      ) : null}
      {current && canChange ? (
        <Form submission={submission} label={t('defaultsHeading')}>
          <div class="field">
            <label for="default-unit">{t('defaultUnit')}</label>
            <p id="default-unit-hint" class="hint">
              {t('defaultUnitHint')}
            </p>
            <select
              id="default-unit"
              aria-describedby="default-unit-hint"
              value={unit.value}
              onChange={(event) => {
                unit.value = event.currentTarget.value;
              }}
            >
              <option value="">{t('defaultUnitAuto')}</option>
              <option value="km">{t('unitKm')}</option>
              <option value="mi">{t('unitMi')}</option>
            </select>
          </div>
          <Field
            id="default-country"
            name="default_country"
            label={t('defaultCountry')}
            value={country}
            errors={submission.errors.value}
            hint={t('defaultCountryHint')}
          />
          <SubmitButton submission={submission}>{t('saveDefaults')}</SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}

/** The project's settings: defaults, then each kind of what its stores are described with, in the project's order. */
export function SettingsPage({ projectId }: { projectId: string }) {
  return (
    <ProjectScope projectId={projectId}>
      {(project) => {
        const canChange = managesProject(project.role);
        return (
          <Page title={t('settingsTitle')}>
            <p>{t('settingsIntro')}</p>
            {canChange ? null : <p class="notice">{t('settingsReadOnly')}</p>}
            <ProjectDefaults projectId={project.id} canChange={canChange} />
            {KINDS.map((kind) => (
              <SettingList key={kind.segment} kind={kind} projectId={project.id} canChange={canChange} />
            ))}
          </Page>
        );
      }}
    </ProjectScope>
  );
}
