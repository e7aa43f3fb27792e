import type { Command } from 'commander';
import { accountsOf, print, withDatabase } from '../database.ts';

export function registerProjectsCommands(program: Command): void {
  const projects = program.command('projects').description('Manage projects');
  projects
    .command('create')
    .description('Create a project for an existing user')
    .requiredOption('--email <email>', 'owner’s email')
    .requiredOption('--name <name>', 'project name')
    .option('--plan <plan>', 'free, basic, plus or business', 'business')
    .option('--json', 'print one JSON object')
    .action(async (options: { email: string; name: string; plan: string; json?: boolean }) => {
      const project = await withDatabase((database) => accountsOf(database).createProject(options));
      const output = { project: { id: project.public_id, name: project.name, plan: project.plan } };
      print(
        Boolean(options.json),
        output,
        `Created project ${project.name} (${project.public_id}, plan ${project.plan})`,
      );
    });
}
