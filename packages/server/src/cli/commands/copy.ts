import { existsSync } from 'node:fs';
import { Presets, SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import { openDatabase } from '../../db/connection.ts';
import { InvalidInputError, NotFoundError } from '../../domain/errors.ts';
import { type CopySummary, CopyVerificationError, copyDatabase } from '../../features/operations/index.ts';
import { print } from '../database.ts';

/** A database URL fit to print: a password becomes `***`. */
function withoutPassword(url: string): string {
  if (url.startsWith('sqlite:')) return url;
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

function describeCopy(summary: CopySummary, from: string, to: string): string {
  const width = Math.max(5, ...summary.tables.map((table) => table.table.length));
  const route = `from ${withoutPassword(from)} to ${withoutPassword(to)}`;
  const lines = [
    summary.verified
      ? `Copied ${summary.rows} rows ${route}.`
      : `Copied ${summary.rows} rows ${route}, then rolled the target back.`,
    '',
  ];
  lines.push(`${'Table'.padEnd(width)}  ${'Source'.padStart(8)}  ${'Target'.padStart(8)}  Checksum (SHA-256)`);
  for (const table of summary.tables) {
    const counts = `${table.table.padEnd(width)}  ${String(table.sourceRows).padStart(8)}  ${String(table.targetRows).padStart(8)}`;
    lines.push(
      table.verified
        ? `${counts}  ${table.sourceChecksum.slice(0, 16)}  ok`
        : `${counts}  ${table.sourceChecksum.slice(0, 16)} ≠ ${table.targetChecksum.slice(0, 16)}  DIFFERS`,
    );
  }
  lines.push('');
  lines.push(
    summary.verified
      ? 'Verified: every table has the same rows and checksum in both databases.'
      : 'Not verified: see the tables marked DIFFERS.',
  );
  return lines.join('\n');
}

export function registerCopyCommand(program: Command): void {
  program
    .command('copy')
    .description(
      'Copy every table from one database to another (e.g. SQLite to PostgreSQL) and verify row counts and checksums',
    )
    .requiredOption('--from <url>', 'the database to copy: sqlite:<path> or postgres://...; only read')
    .requiredOption(
      '--to <url>',
      'the database to fill: sqlite:<path> or postgres://...; migrated first, must hold no rows',
    )
    .option('--force', 'empty a target that holds rows (they are deleted) instead of refusing it')
    .option('--json', 'print the summary as one JSON object')
    .action(async (options: { from: string; to: string; force?: boolean; json?: boolean }) => {
      if (options.from === options.to) throw new InvalidInputError('The source and the target are the same database.');
      const sourcePath = options.from.startsWith('sqlite:') ? options.from.slice('sqlite:'.length) : undefined;
      // Opening a SQLite path that does not exist would create an empty database and copy nothing.
      if (sourcePath !== undefined && sourcePath !== ':memory:' && !existsSync(sourcePath))
        throw new NotFoundError(`No SQLite database at ${sourcePath}.`);
      const source = openDatabase(options.from);
      const target = openDatabase(options.to);
      const bar = new SingleBar(
        { format: 'Copying [{bar}] {value}/{total} rows {table}', stream: process.stderr, noTTYOutput: false },
        Presets.shades_classic,
      );
      let started = false;
      try {
        const summary = await copyDatabase(source, target, {
          force: Boolean(options.force),
          onStart: (total) => {
            bar.start(total, 0, { table: '' });
            started = true;
          },
          onProgress: (copied, table) => bar.update(copied, { table }),
        });
        if (started) bar.stop();
        print(Boolean(options.json), summary, describeCopy(summary, options.from, options.to));
      } catch (error) {
        if (started) bar.stop();
        if (!(error instanceof CopyVerificationError)) throw error;
        print(Boolean(options.json), error.summary, describeCopy(error.summary, options.from, options.to));
        process.stderr.write(`locator: ${error.message}\n`);
        process.exitCode = 1;
      } finally {
        await Promise.all([source.close(), target.close()]);
      }
    });
}
