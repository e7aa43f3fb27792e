import { type Static, type TObject, type TSchema, Type } from 'typebox';
import type { App } from '../../../../http/app-type.ts';
import type { AuthRequirement } from '../../../../http/auth.ts';
import { actorOf, projectRef } from '../../../../http/auth.ts';
import {
  IDEMPOTENCY_DESCRIPTION,
  IdempotencyKeyHeaders,
  type IdempotencyStore,
  sendCreated,
} from '../../../../http/idempotency.ts';
import { DataEnvelope, errorResponses, SuccessBody, V2_SECURITY } from '../../../../schemas/common.ts';
import type { SettingRow, SettingTable } from '../../project-settings.repository.ts';
import type { ProjectSettings } from '../../project-settings.service.ts';
import { LocationsCount } from '../../schemas/project-settings.ts';

const projectId = Type.String({ description: 'Public project ID', examples: ['prj_8Hq2LmZ0aB3xYc7D'] });
const ProjectParams = Type.Object({ project_id: projectId });
const ItemParams = Type.Object({
  project_id: projectId,
  id: Type.String({ description: 'Public ID of the item, as listed' }),
});

const auth: AuthRequirement = { api: 'v2', scope: 'project:manage' };
/** Every member may read the configuration (viewers and editors see it read-only in the dashboard). */
const readAuth: AuthRequirement = { api: 'v2', scope: 'project:read' };
const tags = ['V2 project configuration'];
const security = V2_SECURITY;

/**
 * One configurable resource of a project, served as list, create, update and delete under `/projects/{project_id}/`.
 */
export interface SettingResource<
  T extends SettingTable,
  Item extends TObject,
  Create extends TSchema,
  Patch extends TSchema,
> {
  settings: ProjectSettings<T, Static<Create>, Static<Patch>>;
  /** The path segment: `location-types`. */
  segment: string;
  /** For summaries: "location types". */
  plural: string;
  /** For operation IDs (`listLocationTypes`, `createLocationType`): the item's name in PascalCase, one and many. */
  operationName: { one: string; many: string };
  schemas: { item: Item; create: Create; patch: Patch };
  /** What deleting does to the locations that use the item, for the documentation. */
  onDelete: string;
  toBody(row: SettingRow<T>): Static<Item>;
}

/**
 * Registers GET (list) and POST on `/api/v2/projects/:project_id/<segment>` and PATCH and DELETE on
 * `.../<segment>/:id`. Listing needs `project:read`, every change `project:manage`, and a Business project of the caller.
 */
export function registerSettingRoutes<
  T extends SettingTable,
  Item extends TObject,
  Create extends TSchema,
  Patch extends TSchema,
>(app: App, resource: SettingResource<T, Item, Create, Patch>, idempotency: IdempotencyStore): void {
  const { settings, plural, schemas, toBody, operationName } = resource;
  const { kind } = settings;
  const collection = `/api/v2/projects/:project_id/${resource.segment}`;
  const item = `${collection}/:id`;
  const names = `${kind.nameKey === 'title' ? 'Titles' : 'Names'} are trimmed and unique in the project ignoring case (a duplicate is a 422).`;
  // Fastify's type provider cannot resolve schemas that are type parameters, so it is handed them as plain schemas;
  // the bodies it validated against them are then of the types the parameters name.
  const listItem = Type.Object(
    { ...schemas.item.properties, locations_count: LocationsCount },
    { description: 'An item with the number of locations that use it' },
  );
  const listBody: TSchema = Type.Object({ data: Type.Array(listItem) });
  const itemBody: TSchema = DataEnvelope(schemas.item);
  const createBody: TSchema = schemas.create;
  const patchBody: TSchema = schemas.patch;

  app.get(
    collection,
    {
      config: { auth: readAuth },
      schema: {
        tags,
        security,
        operationId: `list${operationName.many}`,
        summary: `List the project's ${plural}`,
        description: `Every ${kind.noun.toLowerCase()} of the project in the project's order (\`position\`, then the oldest first), each with \`locations_count\`, the number of locations that use it (what a deletion would detach it from). The list is not paginated. Every member may list (\`project:read\`); changes need \`project:manage\`.`,
        params: ProjectParams,
        response: { 200: listBody, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const rows = await settings.listWithUsage(projectRef(request, request.params.project_id));
      return { data: rows.map(({ row, locationsCount }) => ({ ...toBody(row), locations_count: locationsCount })) };
    },
  );

  app.post(
    collection,
    {
      config: { auth },
      schema: {
        tags,
        security,
        operationId: `create${operationName.one}`,
        summary: `Create a ${kind.noun.toLowerCase()}`,
        description: `${names} ${IDEMPOTENCY_DESCRIPTION}`,
        params: ProjectParams,
        headers: IdempotencyKeyHeaders,
        body: createBody,
        response: { 201: itemBody, ...errorResponses(400, 401, 403, 404, 409, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const project = projectRef(request, request.params.project_id);
      const input = request.body as Static<Create>;
      return sendCreated<SettingRow<T>>(request, reply, idempotency, {
        status: 201,
        check: () => settings.checkAccess(project),
        create: (hooks) => settings.create({ project, input, hooks, actor: actorOf(request) }),
        present: (row) => ({ data: toBody(row) }),
      });
    },
  );

  app.patch(
    item,
    {
      config: { auth },
      schema: {
        tags,
        security,
        operationId: `update${operationName.one}`,
        summary: `Update a ${kind.noun.toLowerCase()}`,
        description: `Partial update: omitted keys keep their values. ${names} \`position\` moves the item in the project's order, renumbering the others from 0. An ID of another project is a 404.`,
        params: ItemParams,
        body: patchBody,
        response: { 200: itemBody, ...errorResponses(400, 401, 403, 404, 415, 422, 429) },
      },
    },
    async (request) => {
      const project = projectRef(request, request.params.project_id);
      const row = await settings.update({
        project,
        publicId: request.params.id,
        input: request.body as Static<Patch>,
        actor: actorOf(request),
      });
      return { data: toBody(row) };
    },
  );

  app.delete(
    item,
    {
      config: { auth },
      schema: {
        tags,
        security,
        operationId: `delete${operationName.one}`,
        summary: `Delete a ${kind.noun.toLowerCase()}`,
        description: `${resource.onDelete} An ID of another project is a 404.`,
        params: ItemParams,
        response: { 200: SuccessBody, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      await settings.delete({
        project: projectRef(request, request.params.project_id),
        publicId: request.params.id,
        actor: actorOf(request),
      });
      return { success: true as const };
    },
  );
}
