import { Type } from 'typebox';
import type { App } from '../../../http/app-type.ts';
import type { Readiness } from '../readiness.service.ts';

const CheckStatus = Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]);

export const ReadinessBody = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('unavailable')]),
  checks: Type.Object({
    database: CheckStatus,
    redis: Type.Union([CheckStatus, Type.Literal('not configured')]),
  }),
});

/** Readiness: `200` when the database and (when configured) Redis answer, else `503` naming the failing check. */
export function registerReadyzGet(app: App, { readiness }: { readiness: { check(): Promise<Readiness> } }): void {
  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: ReadinessBody, 503: ReadinessBody } } },
    async (_request, reply) => {
      const checked = await readiness.check();
      void reply.code(checked.ready ? 200 : 503);
      return { status: checked.ready ? ('ready' as const) : ('unavailable' as const), checks: checked.checks };
    },
  );
}
