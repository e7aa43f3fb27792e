import { announce, announceError } from '../state/status.ts';

/**
 * Runs a change made with one button (remove, revoke, withdraw), tells its outcome in the status line, and reloads
 * what it changed either way, so the screen shows what the server holds.
 */
export async function runChange(action: () => Promise<unknown>, done: string, reload: () => Promise<void>) {
  try {
    await action();
    announce(done);
  } catch (error) {
    announceError(error);
  }
  await reload();
}
