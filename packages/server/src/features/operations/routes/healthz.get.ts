import { Type } from 'typebox';
import type { App } from '../../../http/app-type.ts';

export const HealthBody = Type.Object({ status: Type.Literal('ok') });

/** Liveness: the process runs and answers HTTP. Checks no dependency, so a database outage never restarts it. */
export function registerHealthzGet(app: App): void {
  app.get('/healthz', { schema: { hide: true, response: { 200: HealthBody } } }, async () => ({
    status: 'ok' as const,
  }));
}
