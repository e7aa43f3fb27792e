import { text } from 'node:stream/consumers';
import type { Command } from 'commander';
import { loadConfig } from '../../config/config.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { accountsOf, peopleOf, print, withDatabase } from '../database.ts';

/** The password piped to the command: stdin up to its end, without the line break a shell's `echo` adds. */
async function passwordFromStdin(): Promise<string> {
  return (await text(process.stdin)).replace(/\r?\n$/, '');
}

export function registerUsersCommands(program: Command): void {
  const users = program.command('users').description('Manage users');
  users
    .command('create')
    .description('Create a user with a personal project, a V2 token with every scope and the legacy V1 token')
    .requiredOption('--email <email>', 'the user’s email (unique)')
    .requiredOption('--name <name>', 'the user’s name')
    .option('--plan <plan>', 'plan of the personal project: free, basic, plus or business', 'business')
    .option('--password-stdin', 'read the user’s dashboard password from stdin (at least 10 characters)')
    .option('--json', 'print one JSON object')
    .action(async (options: { email: string; name: string; plan: string; passwordStdin?: boolean; json?: boolean }) => {
      const password = options.passwordStdin ? await passwordFromStdin() : undefined;
      const created = await withDatabase((database) =>
        accountsOf(database).createUser({
          email: options.email,
          name: options.name,
          plan: options.plan,
          ...(password === undefined ? {} : { password }),
        }),
      );
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
  users
    .command('reset-link')
    .description(
      'Make a link that sets a new dashboard password, once, within an hour (e-mailed too when SMTP_URL is set)',
    )
    .requiredOption('--email <email>', 'the user’s email')
    .option('--json', 'print one JSON object')
    .action(async (options: { email: string; json?: boolean }) => {
      const config = loadConfig();
      const baseUrl = config.publicUrl ?? `http://localhost:${config.port}`;
      const link = await withDatabase((database) => peopleOf(database, config).makeResetLink(options.email, baseUrl));
      if (link === undefined) throw new NotFoundError(`No user with email ${options.email}.`);
      print(Boolean(options.json), { reset_url: link }, `Password-reset link (works once, for an hour): ${link}`);
    });
}
