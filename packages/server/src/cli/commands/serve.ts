import type { Command } from 'commander';
import { ConfigError, loadConfig } from '../../config/config.ts';

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Migrate the database, then serve the API (PORT, HOST, DATABASE_URL from the environment)')
    .action(async () => {
      // Loaded on demand so that the other commands start without the HTTP stack.
      const { startServer } = await import('../../server.ts');
      const config = loadConfig();
      try {
        await startServer(config);
      } catch (error) {
        // Another program (often a Locator started earlier) holds the port: one line that says what to change.
        if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
          throw new ConfigError(portInUseMessage(config.port));
        throw error;
      }
    });
}

/** @example portInUseMessage(8080) // "Port 8080 is in use; set PORT to another port, e.g. PORT=8081 npm start" */
function portInUseMessage(port: number): string {
  return `Port ${port} is in use; set PORT to another port, e.g. PORT=${port + 1} npm start`;
}
