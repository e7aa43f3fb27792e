import { Type } from 'typebox';
import type { App } from '../../../../http/app-type.ts';
import type { AuthRequirement } from '../../../../http/auth.ts';
import { projectRef } from '../../../../http/auth.ts';
import { DataEnvelope, errorResponses, ProjectParams, V2_SECURITY } from '../../../../schemas/common.ts';
import type { Finder } from '../../finder.service.ts';
import {
  PublishableKeyBody,
  PublishableKeyCreateBody,
  PublishableKeyPatchBody,
} from '../../schemas/publishable-keys.ts';

const KeyParams = Type.Object({
  ...ProjectParams.properties,
  key_id: Type.String({ description: 'ID of the key (`pky_…`), as listed' }),
});

const auth: AuthRequirement = { api: 'v2', scope: 'project:manage' };
const tags = ['V2 publishable keys'];
const security = V2_SECURITY;

/**
 * `/api/v2/projects/{project_id}/publishable-keys`: read-only keys for the public store finder, safe in a web page,
 * each limited to the origins it lists.
 */
export function registerV2PublishableKeys(app: App, { finder }: { finder: Finder }): void {
  const { keys } = finder;
  const collection = '/api/v2/projects/:project_id/publishable-keys';
  const item = `${collection}/:key_id`;

  app.get(
    collection,
    {
      config: { auth: { api: 'v2', scope: 'project:read' } },
      schema: {
        tags,
        security,
        operationId: 'listPublishableKeys',
        summary: "List the project's publishable keys",
        description:
          'Every key of the project, revoked ones too, oldest first. Keys are public by design, so they are shown again, and every member may list them (`project:read`: an editor copies the embed code); making, changing and revoking one needs `project:manage`.',
        params: ProjectParams,
        response: { 200: Type.Object({ data: Type.Array(PublishableKeyBody) }), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => ({ data: await keys.list({ project: projectRef(request, request.params.project_id) }) }),
  );

  app.post(
    collection,
    {
      config: { auth },
      schema: {
        tags,
        security,
        operationId: 'createPublishableKey',
        summary: 'Create a publishable key',
        description:
          'A new `lpk_…` key for the public store finder (`/api/public/v1/...`), limited to `origins` when given.',
        params: ProjectParams,
        body: PublishableKeyCreateBody,
        response: { 201: DataEnvelope(PublishableKeyBody), ...errorResponses(400, 401, 403, 404, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const key = await keys.create({
        owner: { project: projectRef(request, request.params.project_id) },
        origins: request.body.origins ?? [],
      });
      return reply.code(201).send({ data: key });
    },
  );

  app.patch(
    item,
    {
      config: { auth },
      schema: {
        tags,
        security,
        operationId: 'updatePublishableKey',
        summary: "Replace a publishable key's allowed origins",
        params: KeyParams,
        body: PublishableKeyPatchBody,
        response: { 200: DataEnvelope(PublishableKeyBody), ...errorResponses(400, 401, 403, 404, 415, 422, 429) },
      },
    },
    async (request) => ({
      data: await keys.update({
        project: projectRef(request, request.params.project_id),
        publicId: request.params.key_id,
        origins: request.body.origins,
      }),
    }),
  );

  app.delete(
    item,
    {
      config: { auth },
      schema: {
        tags,
        security,
        operationId: 'revokePublishableKey',
        summary: 'Revoke a publishable key',
        description:
          'The key stops working at once (401) and stays listed with `revoked_at`. Revoking it again changes nothing.',
        params: KeyParams,
        response: { 200: DataEnvelope(PublishableKeyBody), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => ({
      data: await keys.revoke({
        owner: { project: projectRef(request, request.params.project_id) },
        publicId: request.params.key_id,
      }),
    }),
  );
}
