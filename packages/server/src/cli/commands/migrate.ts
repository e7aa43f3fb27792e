import type { Command } from 'commander';
import { loadConfig } from '../../config/config.ts';
import { openDatabase } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';

export function registerMigrateCommand(program: Command): void {
  program
    .command('migrate')
    .description('Bring the database schema up to date')
    .action(async () => {
      const handle = openDatabase(loadConfig().databaseUrl);
      try {
        const applied = await migrateToLatest(handle);
        process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'The database is up to date.\n');
      } finally {
        await handle.close();
      }
    });
}
