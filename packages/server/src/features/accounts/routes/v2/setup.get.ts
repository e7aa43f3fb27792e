import type { App } from '../../../../http/app-type.ts';
import { DataEnvelope } from '../../../../schemas/common.ts';
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
          'No credential needed: the dashboard asks it to offer the first run. `needed` turns false once any user exists.',
        response: { 200: DataEnvelope(SetupStatusBody) },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: { needed: await people.setupNeeded() } };
    },
  );
}
