import type { Import, ImportChange } from '../api/imports.ts';
import { failedRowsHref } from '../api/imports.ts';
import { t } from '../i18n/index.ts';

/** Lines of a kind shown at most; the counts tell them all. */
const SHOWN = 100;

function Counts({ report }: { report: NonNullable<Import['report']> }) {
  const counts: [string, number][] = [
    [t('impCreated'), report.created],
    [t('impUpdated'), report.updated],
    [t('impUnchanged'), report.unchanged],
    [t('impDeleted'), report.deleted],
    [t('impFailedRows'), report.failed],
  ];
  return (
    <dl class="facts counts">
      {counts.flatMap(([label, count]) => [<dt key={`${label}-t`}>{label}</dt>, <dd key={`${label}-d`}>{count}</dd>])}
    </dl>
  );
}

function ChangeTable({ id, title, lines, total }: { id: string; title: string; lines: ImportChange[]; total: number }) {
  if (total === 0) return null;
  return (
    <>
      <h3 id={id}>
        {title} ({total})
      </h3>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take the focus to scroll by keyboard */}
      <section class="table-scroll" aria-labelledby={id} tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('impRow')}</th>
              <th scope="col">{t('name')}</th>
              <th scope="col">{t('impExternalId')}</th>
              <th scope="col">{t('impChangedFields')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.slice(0, SHOWN).map((line) => (
              <tr key={line.line}>
                <td>{line.row ?? '—'}</td>
                <th scope="row">{line.name ?? '—'}</th>
                <td>{line.external_id ?? '—'}</td>
                <td>{line.fields.length ? line.fields.join(', ') : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {total > Math.min(SHOWN, lines.length) ? <p class="hint">{t('impMore', { count: total - SHOWN })}</p> : null}
    </>
  );
}

/** What an import did (a dry run: would do): the counts, each created, updated and deleted store, the failed rows. */
export function ImportResult({
  projectId,
  result,
  changes,
}: {
  projectId: string;
  result: Import;
  changes: ImportChange[];
}) {
  const report = result.report;
  if (!report) return <p class="field-error">{result.error}</p>;
  const of = (kind: ImportChange['kind']) => changes.filter((line) => line.kind === kind);
  return (
    <div class="result">
      {result.error ? <p class="field-error">{result.error}</p> : null}
      <Counts report={report} />
      {report.unknown_columns.length ? (
        <p class="hint">{t('impUnknownColumns', { columns: report.unknown_columns.join(', ') })}</p>
      ) : null}
      {report.possible_duplicates.length ? (
        <p class="notice">{t('impPossibleDuplicates', { count: report.possible_duplicates.length })}</p>
      ) : null}
      <ChangeTable id={`${result.id}-created`} title={t('impCreated')} lines={of('created')} total={report.created} />
      <ChangeTable id={`${result.id}-updated`} title={t('impUpdated')} lines={of('updated')} total={report.updated} />
      <ChangeTable id={`${result.id}-deleted`} title={t('impDeleted')} lines={of('deleted')} total={report.deleted} />
      {report.errors.length ? (
        <section aria-labelledby={`${result.id}-failed`}>
          <h3 id={`${result.id}-failed`}>
            {t('impFailedRows')} ({report.failed})
          </h3>
          <ul>
            {report.errors.slice(0, SHOWN).map((failure) => (
              <li key={failure.row}>
                {t('impRowFailed', {
                  row: failure.row,
                  reason: Object.entries(failure.errors)
                    .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
                    .join('; '),
                })}
              </li>
            ))}
          </ul>
          <a href={failedRowsHref(projectId, result.id)} download>
            {t('impDownloadFailed')}
          </a>
        </section>
      ) : null}
    </div>
  );
}
