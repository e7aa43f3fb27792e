import type { Command } from 'commander';
import { loadConfig } from '../../config/config.ts';
import { startServer } from '../../server.ts';

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Migrate the database, then serve the API (PORT, HOST, DATABASE_URL from the environment)')
    .action(async () => {
      await startServer(loadConfig());
    });
}
