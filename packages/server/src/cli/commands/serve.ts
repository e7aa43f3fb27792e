import type { Command } from 'commander';
import { loadConfig } from '../../config/config.ts';

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Migrate the database, then serve the API (PORT, HOST, DATABASE_URL from the environment)')
    .action(async () => {
      // Loaded on demand so that the other commands start without the HTTP stack.
      const { startServer } = await import('../../server.ts');
      await startServer(loadConfig());
    });
}
