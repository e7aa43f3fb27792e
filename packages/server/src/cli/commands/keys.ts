import type { Command } from 'commander';
import type { DatabaseHandle } from '../../db/connection.ts';
import { systemClock } from '../../domain/time.ts';
import { createPublishableKeys } from '../../features/finder/index.ts';
import { print, withDatabase } from '../database.ts';

const keysOf = ({ db }: DatabaseHandle) => createPublishableKeys({ db, clock: systemClock });

const originList = (text: string | undefined) =>
  text === undefined
    ? []
    : text
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean);

export function registerKeysCommands(program: Command): void {
  const keys = program
    .command('keys')
    .description('Manage publishable keys: read-only keys of the public store finder, safe in a web page');
  keys
    .command('create')
    .description('Create a publishable key for a project')
    .requiredOption('--project <id>', 'public project ID (prj_…)')
    .option(
      '--origins <origins>',
      'comma-separated origins the key is limited to, such as https://shop.example,https://*.shop.example (default: any)',
    )
    .option('--json', 'print one JSON object')
    .action(async (options: { project: string; origins?: string; json?: boolean }) => {
      const key = await withDatabase((database) =>
        keysOf(database).create({ owner: { projectPublicId: options.project }, origins: originList(options.origins) }),
      );
      const origins = key.origins.length > 0 ? key.origins.join(', ') : 'any';
      print(
        Boolean(options.json),
        { key: key.key, id: key.id, origins: key.origins },
        `Publishable key ${key.id}: ${key.key}\nOrigins: ${origins}`,
      );
    });
  keys
    .command('list')
    .description('List the publishable keys of a project')
    .requiredOption('--project <id>', 'public project ID (prj_…)')
    .option('--json', 'print JSON')
    .action(async (options: { project: string; json?: boolean }) => {
      const list = await withDatabase((database) => keysOf(database).list({ projectPublicId: options.project }));
      const text = list
        .map(
          (key) =>
            `${key.id}  ${(key.revoked_at ? 'revoked' : 'active').padEnd(7)}  ${key.key}  origins: ${key.origins.length > 0 ? key.origins.join(', ') : 'any'}`,
        )
        .join('\n');
      print(Boolean(options.json), list, text || 'No publishable keys.');
    });
  keys
    .command('revoke')
    .description('Revoke a publishable key by its ID; it stops working at once')
    .argument('<id>', 'key ID (pky_…)')
    .action(async (id: string) => {
      await withDatabase((database) => keysOf(database).revoke({ owner: { anyProject: true }, publicId: id }));
      process.stdout.write(`Revoked ${id}\n`);
    });
}
