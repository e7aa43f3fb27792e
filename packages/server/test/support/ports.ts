import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';

/** A port nothing listens on now: one the system hands out, closed again. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
