import type { Command } from 'commander';
import { InvalidInputError } from '../../domain/errors.ts';
import { systemClock } from '../../domain/time.ts';
import { parseDuration } from '../../domain/tokens.ts';
import { parseScopes } from '../../features/accounts/index.ts';
import { accountsOf, print, withDatabase } from '../database.ts';

export function registerTokensCommands(program: Command): void {
  const tokens = program.command('tokens').description('Manage API tokens');
  tokens
    .command('create')
    .description('Issue a V2 API token (shown once; only its hash is stored)')
    .requiredOption('--email <email>', 'owner’s email')
    .option('--name <name>', 'a name to recognise the token by', 'api')
    .option('--scopes <scopes>', 'comma-separated scopes (default: all)')
    .option('--expires-in <duration>', 'lifetime such as 30d, 12h, 1y (default: never expires)')
    .option('--json', 'print one JSON object')
    .action(async (options: { email: string; name: string; scopes?: string; expiresIn?: string; json?: boolean }) => {
      const scopes = parseScopes(options.scopes);
      const expiresInMs = options.expiresIn === undefined ? undefined : parseDuration(options.expiresIn);
      if (options.expiresIn !== undefined && expiresInMs === undefined) {
        throw new InvalidInputError(
          `Invalid --expires-in "${options.expiresIn}": use a number and a unit, like 30d, 12h or 1y.`,
        );
      }
      const issued = await withDatabase((database) =>
        accountsOf(database).createToken({
          email: options.email,
          name: options.name,
          scopes,
          ...(expiresInMs ? { expiresInMs } : {}),
        }),
      );
      const output = { token: issued.token, id: issued.row.public_id, scopes };
      print(
        Boolean(options.json),
        output,
        `Token ${issued.row.public_id} (shown once): ${issued.token}\nScopes: ${scopes.join(', ')}`,
      );
    });
  tokens
    .command('list')
    .description('List a user’s tokens (never the secrets)')
    .requiredOption('--email <email>', 'owner’s email')
    .option('--json', 'print JSON')
    .action(async (options: { email: string; json?: boolean }) => {
      const rows = await withDatabase((database) => accountsOf(database).listTokens(options.email));
      const output = rows.map((row) => ({
        id: row.public_id,
        kind: row.kind,
        name: row.name,
        hint: `${row.token_hint}…`,
        scopes: JSON.parse(row.scopes) as string[],
        created_at: row.created_at,
        expires_at: row.expires_at,
        last_used_at: row.last_used_at,
        revoked_at: row.revoked_at,
      }));
      const text = output
        .map((t) => {
          const state = t.revoked_at
            ? 'revoked'
            : t.expires_at && Date.parse(t.expires_at) < systemClock()
              ? 'expired'
              : 'active';
          return `${t.id}  ${t.kind.padEnd(6)}  ${state.padEnd(7)}  ${t.hint}  ${t.name}  last used: ${t.last_used_at ?? 'never'}`;
        })
        .join('\n');
      print(Boolean(options.json), output, text || 'No tokens.');
    });
  tokens
    .command('revoke')
    .description('Revoke a token by its ID; it stops working at once')
    .argument('<id>', 'token ID (tok_…)')
    .action(async (id: string) => {
      await withDatabase((database) => accountsOf(database).revokeToken(id));
      process.stdout.write(`Revoked ${id}\n`);
    });
  tokens
    .command('rotate-legacy')
    .description('Replace a user’s legacy V1 token; the old one stops working at once')
    .requiredOption('--email <email>', 'owner’s email')
    .option('--json', 'print one JSON object')
    .action(async (options: { email: string; json?: boolean }) => {
      const issued = await withDatabase((database) => accountsOf(database).rotateLegacyToken(options.email));
      print(
        Boolean(options.json),
        { legacy_token: issued.token, id: issued.row.public_id },
        `Legacy V1 token (shown once): ${issued.token}`,
      );
    });
}
