import type { App } from '../../../../http/app-type.ts';
import { DataEnvelope, errorResponses } from '../../../../schemas/common.ts';
import type { People } from '../../people.service.ts';
import { SetupStatusBody } from '../../schemas/account.ts';

export function registerV2SetupGet(app: App, { people }: { people: People }): void {
  app.get(
    '/api/v2/setup',
    {
      schema: {
        tags: ['V2 people'],
        operationId: 'getSetup',
        security: [],
        summary: 'Whether the server waits for its first user',
        description:
          'No credential needed: the dashboard asks it to offer the first run. `needed` turns false once any user exists. ' +
          'A query parameter given twice, or text no database may hold, is 422 as on every route.',
        response: { 200: DataEnvelope(SetupStatusBody), ...errorResponses(422) },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: { needed: await people.setupNeeded() } };
    },
  );
}
