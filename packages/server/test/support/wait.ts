/**
 * Reads a value again and again, every `intervalMs` and at most `tries` times, until `settled` accepts it, and returns
 * the last value read, settled or not: the caller's assertions on it then say what was still wrong when time ran out.
 * For what other processes or a server's background work finish in their own time.
 */
export async function readUntil<T>(
  read: () => Promise<T>,
  settled: (value: T) => boolean,
  { tries = 600, intervalMs = 100 } = {},
): Promise<T> {
  let value = await read();
  for (let attempt = 1; attempt < tries && !settled(value); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    value = await read();
  }
  return value;
}

/** Whether none of the geocoding jobs waits or runs any more. */
export function geocodingSettled(jobs: readonly { status: string }[]): boolean {
  return !jobs.some((job) => job.status === 'pending' || job.status === 'running');
}
