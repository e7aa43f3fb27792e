import type { Command } from 'commander';

export function registerDemoCommand(program: Command): void {
  program
    .command('demo')
    .description('Create a demo user with a Business project of about 50 locations, and print how to call the API')
    .action(async () => {
      throw new Error('not implemented yet');
    });
}
