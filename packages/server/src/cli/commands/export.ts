import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Command } from 'commander';
import { InvalidInputError } from '../../domain/errors.ts';
import { FILE_FORMATS, type FileFormat, formatOfFileName } from '../../domain/file-formats.ts';
import { refOfProject } from '../../domain/project-ref.ts';
import { exportLocations } from '../../features/imports/index.ts';
import { accountsOf, withDatabase } from '../database.ts';

function formatOf(given: string | undefined, output: string | undefined): FileFormat {
  if (given === undefined) return (output && formatOfFileName(output)) || 'csv';
  const format = FILE_FORMATS.find((name) => name === given.toLowerCase());
  if (!format) throw new InvalidInputError(`--format must be one of ${FILE_FORMATS.join(', ')}.`);
  return format;
}

export function registerExportCommand(program: Command): void {
  program
    .command('export')
    .description('Export every location of a project as a file the import reads back unchanged')
    .requiredOption('--project <id>', 'public project ID (prj_…)')
    .option('--format <format>', `${FILE_FORMATS.join(', ')} (default: from --output's extension, else csv)`)
    .option('--output <file>', 'write to this file (default: standard output)')
    .action(async (options: { project: string; format?: string; output?: string }) => {
      const format = formatOf(options.format, options.output);
      await withDatabase(async (database) => {
        const project = await accountsOf(database).requireProject(options.project);
        const { stream } = await exportLocations(database.db, { project: refOfProject(project), format });
        await pipeline(stream, options.output ? createWriteStream(options.output) : process.stdout);
      });
    });
}
