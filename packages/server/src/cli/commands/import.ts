import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Presets, SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import { type Config, loadConfig } from '../../config/config.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import { InvalidInputError } from '../../domain/errors.ts';
import { FILE_FORMATS, type FileFormat, formatOfFileName } from '../../domain/file-formats.ts';
import { IMPORT_MATCHES, type ImportMatch } from '../../domain/import-match.ts';
import { systemClock } from '../../domain/time.ts';
import { createImports, type ImportView } from '../../features/imports/index.ts';
import { accountsOf, print, withDatabase } from '../database.ts';

/** The imports of a command's database: run in this process, with the machine's clock. */
const importsOf = ({ db }: DatabaseHandle, config: Config) =>
  createImports({
    db,
    clock: systemClock,
    config,
    onError: (error) => process.stderr.write(`locator: ${error instanceof Error ? error.stack : String(error)}\n`),
  });

function formatOption(given: string | undefined, file: string): FileFormat {
  if (given === undefined) return formatOfFileName(file) ?? 'csv';
  const format = FILE_FORMATS.find((name) => name === given.toLowerCase());
  if (!format) throw new InvalidInputError(`--format must be one of ${FILE_FORMATS.join(', ')}.`);
  return format;
}

function matchOption(given: string | undefined): ImportMatch {
  if (given === undefined) return 'external_id';
  const match = IMPORT_MATCHES.find((name) => name === given.toLowerCase());
  if (!match) throw new InvalidInputError(`--match must be one of ${IMPORT_MATCHES.join(', ')}.`);
  return match;
}

/** The summary a terminal shows: the counts, then each failed row and the columns not read. */
export function describeImport(view: ImportView): string {
  const report = view.report;
  if (!report) return `Import ${view.id} ${view.status}${view.error ? `: ${view.error}` : ''}`;
  const verb = view.dry_run ? 'Dry run (nothing was changed)' : 'Imported';
  const lines = [
    `${verb}: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged, ${report.deleted} deleted, ${report.failed} failed; ${report.geocoding_queued} queued for geocoding. (${view.id})`,
  ];
  if (view.error) lines.push(view.error);
  for (const failure of report.errors) {
    const messages = Object.entries(failure.errors).map(([field, list]) => `${field} ${list.join('; ')}`);
    lines.push(`  row ${failure.row}${failure.external_id ? ` (${failure.external_id})` : ''}: ${messages.join(', ')}`);
  }
  for (const duplicate of report.possible_duplicates) {
    const key = duplicate.external_id ? ` (${duplicate.external_id})` : '';
    lines.push(
      `  row ${duplicate.row}${key}: possible duplicate of ${duplicate.location_ids.join(', ')} (same name and address; --match name_address updates it)`,
    );
  }
  if (report.unknown_columns.length > 0) lines.push(`Columns not read: ${report.unknown_columns.join(', ')}`);
  return lines.join('\n');
}

/** What `--json` prints: the report's keys, then which import it was and how it ended. */
function jsonOf(view: ImportView): unknown {
  return { ...view.report, id: view.id, status: view.status, error: view.error };
}

export function registerImportCommands(program: Command): void {
  program
    .command('import')
    .description(
      'Import a file of locations (CSV, XLSX, GeoJSON or NDJSON) into a project, as the V2 imports endpoint does',
    )
    .requiredOption('--project <id>', 'public project ID (prj_…)')
    .argument('<file>', 'the file to import')
    .option('--format <format>', `${FILE_FORMATS.join(', ')} (default: from the file name's extension, else csv)`)
    .option('--dry-run', 'report what the import would do, and change nothing')
    .option('--delete-missing', 'also delete the locations whose external_id the file does not name')
    .option('--atomic', 'all or nothing: one failed row saves no row')
    .option(
      '--match <mode>',
      'external_id (default): rows without a known key create locations; name_address: such a row updates the saved location with its name and address',
    )
    .option('--json', 'print the report as one JSON object')
    .action(
      async (
        file: string,
        options: {
          project: string;
          format?: string;
          dryRun?: boolean;
          deleteMissing?: boolean;
          atomic?: boolean;
          match?: string;
          json?: boolean;
        },
      ) => {
        const format = formatOption(options.format, file);
        const match = matchOption(options.match);
        let content: Buffer;
        try {
          content = readFileSync(file);
        } catch (error) {
          process.stderr.write(
            `locator: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}\n`,
          );
          process.exit(1);
        }
        const config = loadConfig();
        const bar = new SingleBar(
          {
            format: 'Importing [{bar}] {percentage}% | {rows} rows',
            stream: process.stderr,
            noTTYOutput: false,
            hideCursor: true,
          },
          Presets.shades_classic,
        );
        let started = false;
        const view = await withDatabase(async (database) => {
          try {
            const project = await accountsOf(database).requireProject(options.project);
            return await importsOf(database, config).runNow(project, {
              content,
              format,
              fileName: basename(file),
              options: {
                dryRun: Boolean(options.dryRun),
                deleteMissing: Boolean(options.deleteMissing),
                atomic: Boolean(options.atomic),
                match,
              },
              createdBy: { type: 'cli', id: 'import' },
              onProgress: ({ rowsDone, fractionRead }) => {
                if (!started) bar.start(100, 0, { rows: 0 });
                started = true;
                bar.update(Math.floor(fractionRead * 100), { rows: rowsDone });
              },
            });
          } finally {
            if (started) bar.stop();
          }
        });
        // Rows that failed are part of the report; only a file that could not be read at all is a failure of the
        // command.
        if (!view.report) {
          process.stderr.write(`locator: ${view.error ?? `import ${view.id} ${view.status}`}\n`);
          process.exit(1);
        }
        print(Boolean(options.json), jsonOf(view), describeImport(view));
      },
    );

  program
    .command('imports')
    .description('Bulk imports')
    .command('resume')
    .description(
      'Run every import that waits or whose process ended (a crash, a kill), here and now; a running server does this by itself',
    )
    .option('--json', 'print one JSON object per import')
    .action(async (options: { json?: boolean }) => {
      const config = loadConfig();
      const views = await withDatabase((database) => importsOf(database, config).resume());
      if (views.length === 0 && !options.json) process.stdout.write('No import waits or was interrupted.\n');
      for (const view of views) print(Boolean(options.json), jsonOf(view), describeImport(view));
    });
}
