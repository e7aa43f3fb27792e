import { setFlagsFromString } from 'node:v8';
import type { Command } from 'commander';
import { loadConfig } from '../../config/config.ts';

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Migrate the database, then serve the API (PORT, HOST, DATABASE_URL from the environment)')
    .action(async () => {
      // Requests wait for the commit they share (db/group-commit.ts), so more of their objects outlive a young-generation
      // GC; V8 then allocates from those sites straight into the old generation, which grew by 60 MB under writes.
      // Request objects are short-lived: serve without pretenuring (docs/decisions/group-commit.md).
      setFlagsFromString('--no-allocation-site-pretenuring');
      // Loaded on demand so that the other commands start without the HTTP stack.
      const { startServer } = await import('../../server.ts');
      await startServer(loadConfig());
    });
}
