import { Presets, SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import { loadConfig } from '../../config/config.ts';
import { InvalidInputError } from '../../domain/errors.ts';
import { systemClock } from '../../domain/time.ts';
import { type BulkGeocodingSummary, geocodeProject } from '../../features/locations/index.ts';
import { createGeocoder } from '../../geocoding/create-geocoder.ts';
import { accountsOf, print, withDatabase } from '../database.ts';

function describe(summary: BulkGeocodingSummary): string {
  const precisions = Object.entries(summary.byPrecision)
    .map(([precision, count]) => `${precision} ${count}`)
    .join(', ');
  const lines = [
    `Geocoded ${summary.done} of ${summary.total} locations${precisions ? ` (${precisions})` : ''}; ${summary.failed} failed.`,
  ];
  for (const failure of summary.failures) lines.push(`  ${failure.id}  ${failure.name}: ${failure.reason}`);
  return lines.join('\n');
}

export function registerGeocodeCommand(program: Command): void {
  program
    .command('geocode')
    .description('Geocode a project’s locations now, with the configured GEOCODER (answers are cached)')
    .requiredOption('--project <id>', 'public project ID (prj_…)')
    .option('--missing', 'only locations without coordinates (the default)')
    .option('--all', 'every location whose coordinates were not set by hand')
    .option('--json', 'print the summary as one JSON object')
    .action(async (options: { project: string; missing?: boolean; all?: boolean; json?: boolean }) => {
      if (options.missing && options.all) throw new InvalidInputError('Choose one of --missing and --all.');
      const config = loadConfig();
      const summary = await withDatabase(async (database) => {
        const { db } = database;
        const project = await accountsOf(database).requireProject(options.project);
        const bar = new SingleBar(
          {
            format: 'Geocoding [{bar}] {value}/{total} {percentage}% ETA {eta}s',
            stream: process.stderr,
            noTTYOutput: false,
          },
          Presets.shades_classic,
        );
        let started = false;
        try {
          return await geocodeProject(db, project.id, options.all ? 'all' : 'missing', {
            geocoder: createGeocoder(config, { db, clock: systemClock }),
            timeoutMs: config.geocoder.timeoutMs * 3,
            clock: systemClock,
            actor: { type: 'cli', id: 'geocode' },
            onProgress: (done, total) => {
              if (!started) bar.start(total, 0);
              started = true;
              bar.update(done);
            },
          });
        } finally {
          if (started) bar.stop();
        }
      });
      print(Boolean(options.json), summary, describe(summary));
    });
}
