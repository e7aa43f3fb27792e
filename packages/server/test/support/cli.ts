import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** The `locator` binary, as `npx locator` runs it. */
export const LOCATOR_BIN = fileURLToPath(new URL('../../../../bin/locator.js', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

const run = promisify(execFile);

/**
 * Runs the real `locator` binary in a process of its own with the given environment (added to this process's, with
 * `LOG_LEVEL=silent` unless given); never throws, answers the exit code and both outputs.
 */
export async function runLocator(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number; stdin?: string } = {},
): Promise<CliResult> {
  const env = { ...process.env, LOG_LEVEL: 'silent', ...options.env };
  try {
    const running = run(process.execPath, [LOCATOR_BIN, ...args], { env, timeout: options.timeoutMs ?? 120_000 });
    running.child.stdin?.end(options.stdin ?? '');
    const { stdout, stderr } = await running;
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}
