import { signal } from '@preact/signals';
import {
  type ColumnMap,
  type FileFormat,
  formatOfFile,
  getImport,
  type Import,
  type ImportChange,
  type ImportMatch,
  type ImportPreview,
  importChanges,
  importMapping,
  previewImport,
  saveImportMapping,
  startImport,
} from '../api/imports.ts';
import { t } from '../i18n/index.ts';
import { announce, announceError, announceProblem, clearStatus } from './status.ts';

// The import wizard's state, one per project, kept outside the screen: a session that ends midway shows the sign-in in
// the screen's place, and after signing in again the file, the mapping and the dry run are still there.

export type WizardStep = 'file' | 'map' | 'checking' | 'checked' | 'running' | 'done';

/** How often a running import is asked for its progress. */
const POLL_MS = 500;

const ended = (current: Import) => current.status === 'done' || current.status === 'failed';
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ImportWizard {
  readonly step = signal<WizardStep>('file');
  readonly busy = signal(false);
  readonly file = signal<File | undefined>(undefined);
  readonly format = signal<FileFormat | undefined>(undefined);
  readonly preview = signal<ImportPreview | undefined>(undefined);
  /** Each header of the file to what it sets (null: skipped), as chosen. */
  readonly columns = signal<ColumnMap>({});
  readonly match = signal<ImportMatch>('external_id');
  readonly remember = signal(true);
  /** The import being followed (its progress) or the last one that ended. */
  readonly current = signal<Import | undefined>(undefined);
  readonly changes = signal<ImportChange[]>([]);

  constructor(private readonly projectId: string) {}

  /** Reads the chosen file's header for the mapping, with the suggestions and the project's remembered match. */
  async choose(file: File): Promise<void> {
    const format = formatOfFile(file.name);
    if (!format) {
      announceProblem(t('impUnknownFormat', { name: file.name }));
      return;
    }
    await this.#work(async () => {
      const [preview, saved] = await Promise.all([
        previewImport(this.projectId, file, format),
        importMapping(this.projectId),
      ]);
      this.file.value = file;
      this.format.value = format;
      this.preview.value = preview;
      this.columns.value = Object.fromEntries(preview.columns.map((column) => [column.header, column.suggested]));
      this.match.value = saved.match;
      this.current.value = undefined;
      this.changes.value = [];
      this.step.value = 'map';
      announce(t('impFileRead', { name: file.name, count: preview.columns.length }));
    });
  }

  setColumn(header: string, target: string | null): void {
    this.columns.value = { ...this.columns.value, [header]: target };
  }

  /** Runs the import as a dry run and shows what it would do. */
  async check(): Promise<void> {
    await this.#follow(true, 'checking', 'checked', 'map');
  }

  /** Remembers the mapping (if asked), runs the import for real and shows what it did. */
  async run(): Promise<void> {
    if (this.remember.value) {
      const ok = await this.#work(async () => {
        const saved = await importMapping(this.projectId);
        await saveImportMapping(this.projectId, {
          columns: { ...saved.columns, ...this.columns.value },
          match: this.match.value,
        });
      });
      if (!ok) return;
    }
    await this.#follow(false, 'running', 'done', 'checked');
  }

  /** Back to choosing a file; what was chosen goes. */
  reset(): void {
    this.step.value = 'file';
    this.file.value = undefined;
    this.preview.value = undefined;
    this.current.value = undefined;
    this.changes.value = [];
    clearStatus();
  }

  back(): void {
    this.step.value = 'map';
  }

  async #follow(dryRun: boolean, during: WizardStep, after: WizardStep, onError: WizardStep): Promise<void> {
    const file = this.file.value;
    const format = this.format.value;
    if (!file || !format) return;
    this.step.value = during;
    const ok = await this.#work(async () => {
      const { id } = await startImport(this.projectId, file, {
        format,
        dryRun,
        match: this.match.value,
        columns: this.columns.value,
        fileName: file.name,
      });
      let current = await getImport(this.projectId, id);
      this.current.value = current;
      while (!ended(current)) {
        await wait(POLL_MS);
        current = await getImport(this.projectId, id);
        this.current.value = current;
      }
      this.changes.value = await importChanges(this.projectId, id);
      this.step.value = after;
      if (current.status === 'failed') announceProblem(t('impFailed', { reason: current.error ?? '' }));
      else announce(t(dryRun ? 'impChecked' : 'impDone'));
    });
    if (!ok) this.step.value = onError;
  }

  /** Runs one step once at a time; a failure is told, and everything chosen stays. */
  async #work(action: () => Promise<void>): Promise<boolean> {
    if (this.busy.value) return false;
    this.busy.value = true;
    clearStatus();
    try {
      await action();
      return true;
    } catch (error) {
      announceError(error);
      return false;
    } finally {
      this.busy.value = false;
    }
  }
}

const wizards = new Map<string, ImportWizard>();

/** The project's wizard, the same one for as long as the page is open. */
export function wizardFor(projectId: string): ImportWizard {
  let wizard = wizards.get(projectId);
  if (!wizard) {
    wizard = new ImportWizard(projectId);
    wizards.set(projectId, wizard);
  }
  return wizard;
}
