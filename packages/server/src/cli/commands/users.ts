import type { Command } from 'commander';
import { accountsOf, print, withDatabase } from '../database.ts';

export function registerUsersCommands(program: Command): void {
  const users = program.command('users').description('Manage users');
  users
    .command('create')
    .description('Create a user with a personal project, a V2 token with every scope and the legacy V1 token')
    .requiredOption('--email <email>', 'the user’s email (unique)')
    .requiredOption('--name <name>', 'the user’s name')
    .option('--plan <plan>', 'plan of the personal project: free, basic, plus or business', 'business')
    .option('--json', 'print one JSON object')
    .action(async (options: { email: string; name: string; plan: string; json?: boolean }) => {
      const created = await withDatabase((database) => accountsOf(database).createUser(options));
      const output = {
        user: { id: created.user.public_id, email: created.user.email, name: created.user.name },
        project: { id: created.project.public_id, name: created.project.name, plan: created.project.plan },
        token: created.token.token,
        legacy_token: created.legacyToken.token,
      };
      print(
        Boolean(options.json),
        output,
        [
          `Created user ${output.user.email} (${output.user.id})`,
          `Personal project: ${output.project.name} (${output.project.id}, plan ${output.project.plan})`,
          `V2 API token (shown once): ${output.token}`,
          `Legacy V1 token (shown once): ${output.legacy_token}`,
        ].join('\n'),
      );
    });
}
