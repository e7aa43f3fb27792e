import { InvalidInputError } from '../../../../domain/errors.ts';
import { BULK_MAX_LOCATIONS } from '../../../../domain/location-bulk.ts';
import type { App } from '../../../../http/app-type.ts';
import { actorOf, projectRef } from '../../../../http/auth.ts';
import { DataEnvelope, errorResponses, ProjectParams } from '../../../../schemas/common.ts';
import type { BulkTarget, Locations } from '../../locations.service.ts';
import { LOCATIONS_TAG } from '../../schemas/location.v2.ts';
import { LocationBulkResultV2, LocationBulkV2 } from '../../schemas/location-bulk.v2.ts';
import { locationFilterOf } from '../../schemas/location-queries.v2.ts';

function targetOf(body: LocationBulkV2): BulkTarget {
  if (body.ids !== undefined && body.where !== undefined)
    throw InvalidInputError.fields({
      ids: ['give either ids or where, not both'],
      where: ['give either ids or where'],
    });
  if (body.ids !== undefined) return { ids: body.ids };
  if (body.where !== undefined) return { where: locationFilterOf(body.where, (key) => `where.${key}`) };
  throw InvalidInputError.fields({
    ids: ['give the ids of the locations to change, or where: the filters they match'],
  });
}

export function registerV2LocationsBulk(app: App, { locations }: { locations: Locations }): void {
  app.post(
    '/api/v2/projects/:project_id/locations/bulk',
    {
      // Editors and up: a bulk action may update or delete, so it takes both scopes of those writes.
      config: { auth: { api: 'v2', scope: ['location:update', 'location:delete'] } },
      schema: {
        tags: [LOCATIONS_TAG],
        operationId: 'bulkLocations',
        summary: 'Change many locations at once',
        description: `One change (\`change\`: show, hide, add or remove a filter, set the type, set the weekly hours, delete) to the locations named by \`ids\` or to every location matching \`where\` (the list's filters), in one transaction: all of them change, or, on a refusal (422: an unknown ID, filter or type, hours that do not read, more than ${BULK_MAX_LOCATIONS.toLocaleString('en')} matches), none. Each location changed records its event (\`location.updated\`, \`location.deleted\`) as a single write does, with the caller as the actor. Needs the \`location:update\` and \`location:delete\` scopes (editors and up).`,
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        params: ProjectParams,
        body: LocationBulkV2,
        response: {
          200: DataEnvelope(LocationBulkResultV2),
          ...errorResponses(400, 401, 403, 404, 413, 415, 422, 429),
        },
      },
    },
    async (request) => {
      const { body } = request;
      const target = targetOf(body);
      const { ids } = await locations.bulk({
        project: projectRef(request, request.params.project_id),
        target,
        change: body.change,
        actor: actorOf(request),
      });
      return { data: { action: body.change.action, count: ids.length, ids } };
    },
  );
}
