import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config/config.ts';
import { DomainError } from '../domain/errors.ts';
import { registerCopyCommand } from './commands/copy.ts';
import { registerDemoCommand } from './commands/demo.ts';
import { registerExportCommand } from './commands/export.ts';
import { registerGeocodeCommand } from './commands/geocode.ts';
import { registerImportCommands } from './commands/import.ts';
import { registerKeysCommands } from './commands/keys.ts';
import { registerMigrateCommand } from './commands/migrate.ts';
import { registerProjectsCommands } from './commands/projects.ts';
import { registerServeCommand } from './commands/serve.ts';
import { registerTokensCommands } from './commands/tokens.ts';
import { registerUsersCommands } from './commands/users.ts';

const program = new Command()
  .name('locator')
  .description(
    'Locator: a store-locator backend. Configuration comes from the environment (see docs/configuration.md).',
  )
  .showHelpAfterError()
  .exitOverride();

registerServeCommand(program);
registerMigrateCommand(program);
registerUsersCommands(program);
registerProjectsCommands(program);
registerTokensCommands(program);
registerKeysCommands(program);
registerDemoCommand(program);
registerGeocodeCommand(program);
registerCopyCommand(program);
registerImportCommands(program);
registerExportCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode);
  // Expected failures are one clear line; only the unexpected shows a stack.
  if (error instanceof DomainError || error instanceof ConfigError) {
    process.stderr.write(`locator: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
