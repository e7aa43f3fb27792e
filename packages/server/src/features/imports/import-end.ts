import type { Executor } from '../../db/executor.ts';
import type { ImportRow } from '../../db/tables/imports.table.ts';
import type { Actor } from '../../domain/events.ts';
import { isoOf } from '../../domain/time.ts';
import { recordEvents } from '../../events/outbox.repository.ts';
import { lockProjectForEvent } from '../accounts/index.ts';
import { importSummaryOf } from './import-view.ts';
import * as imports from './imports.repository.ts';

/** A third interruption of one import fails it instead of starting it again. */
export const MAX_IMPORT_ATTEMPTS = 3;

/** Who an import's changes are made by, as its events name it. */
export const importActorOf = (job: ImportRow): Actor => ({ type: 'import', id: job.public_id });

/**
 * Ends an import in the caller's transaction: `record` writes its end (false when the import turned out to be another
 * process's: nothing is then written), its file goes, and its `import.completed` event is recorded (not for a dry run,
 * which changed nothing, so tells no one). The project's change lock comes first, as in every write of the project:
 * the import's batches take it before the import's row, and the reverse order here could deadlock with a batch of a
 * process that lost the import. Answers the import as it ended.
 */
export async function endImport(
  trx: Executor,
  job: ImportRow,
  now: number,
  record: () => Promise<boolean>,
): Promise<ImportRow | undefined> {
  const dataVersion = job.dry_run === 1 ? undefined : await lockProjectForEvent(trx, job.project_id);
  if (!(await record())) return undefined;
  await imports.deleteImportFile(trx, job.id);
  const ended = await imports.findImportById(trx, job.id);
  if (!ended || dataVersion === undefined) return ended;
  await recordEvents(trx, { id: ended.project_id, dataVersion }, { actor: importActorOf(ended), now }, [
    { type: 'import.completed', body: { import: importSummaryOf(ended) } },
  ]);
  return ended;
}

/**
 * Why an import interrupted too often ended: what a batch-by-batch run saved stays; an atomic or dry run saved nothing.
 */
function givenUpReason(job: ImportRow): string {
  const interrupted = `The import was interrupted ${MAX_IMPORT_ATTEMPTS} times (the process running it ended: a crash, a kill or a restart) and was given up`;
  if (job.dry_run === 1 || job.atomic === 1) return `${interrupted}; nothing was saved.`;
  return `${interrupted} after row ${job.checkpoint}; the rows before were saved.`;
}

/** Fails an import that was interrupted too often, whoever holds it; answers it as it ended. */
export async function giveUp(trx: Executor, job: ImportRow, now: number): Promise<ImportRow | undefined> {
  return endImport(trx, job, now, async () => {
    await imports.endImport(trx, job.id, {
      status: 'failed',
      error: givenUpReason(job),
      locked_by: null,
      locked_until: null,
      finished_at: isoOf(now),
      updated_at: isoOf(now),
    });
    return true;
  });
}
