import { useEffect } from 'preact/hooks';
import { EXPORT_FORMATS, exportHref, failedRowsHref, listImports } from '../api/imports.ts';
import type { MemberProject } from '../api/projects.ts';
import { formatDateTime, t } from '../i18n/index.ts';
import { type ImportWizard, wizardFor } from '../state/import-wizard.ts';
import { editsLocations } from '../state/roles.ts';
import { Page } from '../ui/page.tsx';
import { type Resource, useResource } from '../ui/resource.ts';
import { ImportResult } from './import-result.tsx';
import { ProjectScope } from './project-scope.tsx';

type Recent = Awaited<ReturnType<typeof listImports>>;

function ChooseFile({ wizard }: { wizard: ImportWizard }) {
  return (
    <div class="field">
      <label for="import-file">{t('impChooseFile')}</label>
      <p id="import-file-hint" class="hint">
        {t('impFileHint')}
      </p>
      <input
        id="import-file"
        type="file"
        accept=".csv,.tsv,.txt,.xlsx,.geojson,.json,.ndjson,.jsonl"
        aria-describedby="import-file-hint"
        disabled={wizard.busy.value}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) void wizard.choose(file);
        }}
      />
    </div>
  );
}

function MapColumns({ wizard }: { wizard: ImportWizard }) {
  const preview = wizard.preview.value;
  if (!preview) return null;
  return (
    <form
      class="form"
      aria-labelledby="map-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void wizard.check();
      }}
    >
      <h3 id="map-heading" tabIndex={-1}>
        {t('impMapHeading', { name: wizard.file.value?.name ?? '' })}
      </h3>
      <p class="hint">{t('impMapHint')}</p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take the focus to scroll by keyboard */}
      <section class="table-scroll" aria-labelledby="map-heading" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('impColumn')}</th>
              <th scope="col">{t('impSamples')}</th>
              <th scope="col">{t('impSets')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.columns.map((column, index) => (
              <tr key={column.header}>
                <th scope="row">{column.header}</th>
                <td>{column.samples.join(', ') || '—'}</td>
                <td>
                  <label class="visually-hidden" for={`map-${index}`}>
                    {t('impColumnSets', { header: column.header })}
                  </label>
                  <select
                    id={`map-${index}`}
                    value={wizard.columns.value[column.header] ?? ''}
                    onChange={(event) => wizard.setColumn(column.header, event.currentTarget.value || null)}
                  >
                    <option value="">{t('impSkip')}</option>
                    {preview.targets.map((target) => (
                      <option key={target} value={target}>
                        {target}
                      </option>
                    ))}
                  </select>
                  {column.remembered ? <span class="hint"> {t('impRemembered')}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <fieldset class="field">
        <legend>{t('impMatch')}</legend>
        {(['external_id', 'name_address'] as const).map((match) => (
          <label key={match} class="check">
            <input
              type="radio"
              name="match"
              value={match}
              checked={wizard.match.value === match}
              onChange={() => {
                wizard.match.value = match;
              }}
            />
            {t(match === 'external_id' ? 'impMatchExternalId' : 'impMatchNameAddress')}
          </label>
        ))}
      </fieldset>
      <label class="check">
        <input
          type="checkbox"
          checked={wizard.remember.value}
          onChange={(event) => {
            wizard.remember.value = event.currentTarget.checked;
          }}
        />
        {t('impRemember')}
      </label>
      <div class="actions">
        <button type="submit" class="primary" disabled={wizard.busy.value}>
          {t('impDryRun')}
        </button>
        <button type="button" onClick={() => wizard.reset()}>
          {t('impOtherFile')}
        </button>
      </div>
    </form>
  );
}

function Progress({ wizard }: { wizard: ImportWizard }) {
  const current = wizard.current.value;
  const percent = current?.progress.percent ?? 0;
  return (
    <div class="progress">
      <p id="import-progress-label" aria-live="polite" tabIndex={-1}>
        {t(wizard.step.value === 'checking' ? 'impChecking' : 'impRunning', {
          rows: current?.progress.rows_done ?? 0,
          percent,
        })}
      </p>
      <progress aria-labelledby="import-progress-label" max={100} value={percent} />
    </div>
  );
}

function Wizard({ project, recent }: { project: MemberProject; recent: Resource<Recent> }) {
  const wizard = wizardFor(project.id);
  const step = wizard.step.value;
  const current = wizard.current.value;
  // The button pressed goes with its step: the focus moves to where the next step starts, for the keyboard.
  useEffect(() => {
    const start = { file: 'import-file', map: 'map-heading', checking: 'import-progress-label' } as const;
    const id =
      step === 'running' ? start.checking : step === 'checked' || step === 'done' ? 'result-heading' : start[step];
    if (document.activeElement === document.body || document.activeElement === null)
      document.getElementById(id)?.focus();
  }, [step]);
  return (
    <section aria-labelledby="import-heading">
      <h2 id="import-heading">{t('impImportHeading')}</h2>
      {step === 'file' ? <ChooseFile wizard={wizard} /> : null}
      {step === 'map' ? <MapColumns wizard={wizard} /> : null}
      {step === 'checking' || step === 'running' ? <Progress wizard={wizard} /> : null}
      {(step === 'checked' || step === 'done') && current ? (
        <section aria-labelledby="result-heading">
          <h3 id="result-heading" tabIndex={-1}>
            {t(step === 'checked' ? 'impDryRunHeading' : 'impDoneHeading')}
          </h3>
          <ImportResult projectId={project.id} result={current} changes={wizard.changes.value} />
          <div class="actions">
            {step === 'checked' && current.status === 'done' ? (
              <button
                type="button"
                class="primary"
                disabled={wizard.busy.value}
                onClick={async () => {
                  await wizard.run();
                  await recent.reload();
                }}
              >
                {t('impRun')}
              </button>
            ) : null}
            {step === 'checked' ? (
              <button type="button" onClick={() => wizard.back()}>
                {t('impBackToMapping')}
              </button>
            ) : null}
            <button type="button" onClick={() => wizard.reset()}>
              {t('impOtherFile')}
            </button>
          </div>
        </section>
      ) : null}
    </section>
  );
}

function RecentImports({ project, recent }: { project: MemberProject; recent: Resource<Recent> }) {
  const items = recent.data.value;
  return (
    <section aria-labelledby="recent-heading">
      <h2 id="recent-heading">{t('impRecent')}</h2>
      {recent.error.value ? <p class="field-error">{recent.error.value}</p> : null}
      {items?.length === 0 ? <p>{t('impNone')}</p> : null}
      {items?.length ? (
        <ul class="cards">
          {items.map((item) => (
            <li key={item.id}>
              <span>
                <strong>{item.file_name ?? item.format.toUpperCase()}</strong> · {formatDateTime(item.created_at)} ·{' '}
                {item.dry_run ? t('impKindDryRun') : t('impKindImport')} · {t(`impStatus_${item.status}`)}
              </span>
              {item.report ? (
                <span class="meta">
                  {t('impSummary', {
                    created: item.report.created,
                    updated: item.report.updated,
                    unchanged: item.report.unchanged,
                    failed: item.report.failed,
                  })}
                </span>
              ) : null}
              {item.report?.failed ? (
                <a href={failedRowsHref(project.id, item.id)} download>
                  {t('impDownloadFailedOf', { id: item.id })}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Import and export: a file's stores in (mapped, checked by a dry run, then run) and the project's stores out. */
export function ImportsPage({ projectId }: { projectId: string }) {
  const recent = useResource(() => listImports(projectId), [projectId]);
  return (
    <ProjectScope projectId={projectId}>
      {(project) => (
        <Page title={t('impTitle')}>
          {editsLocations(project.role) ? <Wizard project={project} recent={recent} /> : null}
          <section aria-labelledby="export-heading">
            <h2 id="export-heading">{t('impExportHeading')}</h2>
            <p>{t('impExportIntro')}</p>
            <ul class="export-links">
              {EXPORT_FORMATS.map((format) => (
                <li key={format}>
                  <a href={exportHref(project.id, format)} download>
                    {t('impExportAs', { format: format.toUpperCase() })}
                  </a>
                </li>
              ))}
            </ul>
          </section>
          <RecentImports project={project} recent={recent} />
        </Page>
      )}
    </ProjectScope>
  );
}
