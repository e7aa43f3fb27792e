import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { type ProjectRef, refOfProject } from '../../src/domain/project-ref.ts';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { createLocationDirectly, TEST_ACTOR } from '../support/factories.ts';
import { softAuthenticator } from '../support/passkey-authenticator.ts';
import { addMember, PASSWORD } from '../support/people.ts';
import { describeRouteSecurity, type SecuredRoute } from '../support/security.ts';
import { call, createAccount, startTestServer, type TestServer } from '../support/server.ts';
import { servicesOn } from '../support/services.ts';

// Every route of the service, with what it takes to call it: the shared cases (401, 403 scope, 404 for another user,
// 403 plan, 2xx) run for each row. A new route adds its rows to its block below; the last test fails for a route that
// asks for a token (`config.auth`) and has no row.

/** A configurable resource of a project, and how to make one item of it directly through its service. */
const CONFIGURATION: {
  segment: string;
  nameKey: 'name' | 'title';
  createItem(db: Kysely<Database>, project: ProjectRef): Promise<string>;
}[] = [
  {
    segment: 'location-types',
    nameKey: 'name',
    createItem: async (db, id) =>
      (
        await servicesOn(db).settings.locationTypes.create({
          project: id,
          input: { name: 'Existing' },
          actor: TEST_ACTOR,
        })
      ).public_id,
  },
  {
    segment: 'markers',
    nameKey: 'name',
    createItem: async (db, id) =>
      (await servicesOn(db).settings.markers.create({ project: id, input: { name: 'Existing' }, actor: TEST_ACTOR }))
        .public_id,
  },
  {
    segment: 'filters',
    nameKey: 'name',
    createItem: async (db, id) =>
      (await servicesOn(db).settings.filters.create({ project: id, input: { name: 'Existing' }, actor: TEST_ACTOR }))
        .public_id,
  },
  {
    segment: 'fields',
    nameKey: 'name',
    createItem: async (db, id) =>
      (await servicesOn(db).settings.fields.create({ project: id, input: { name: 'Existing' }, actor: TEST_ACTOR }))
        .public_id,
  },
  {
    segment: 'calls-to-action',
    nameKey: 'title',
    createItem: async (db, id) =>
      (
        await servicesOn(db).settings.callsToAction.create({
          project: id,
          input: { title: 'Existing' },
          actor: TEST_ACTOR,
        })
      ).public_id,
  },
];

const configurationRoutes: SecuredRoute[] = CONFIGURATION.flatMap(({ segment, nameKey, createItem }) => {
  const rule = { api: 'v2', scope: 'project:manage', planGated: true, owned: true, role: 'admin' } as const;
  const collection = `/api/v2/projects/:project_id/${segment}`;
  const pathOf = (projectId: string) => `/api/v2/projects/${projectId}/${segment}`;
  return [
    {
      ...rule,
      scope: 'project:read',
      role: 'viewer',
      method: 'GET',
      route: collection,
      setup: async (_server, account) => ({ path: pathOf(account.project.public_id) }),
    },
    {
      ...rule,
      method: 'POST',
      route: collection,
      setup: async (_server, account) => ({ path: pathOf(account.project.public_id), body: { [nameKey]: 'New' } }),
    },
    {
      ...rule,
      method: 'PATCH',
      route: `${collection}/:id`,
      setup: async (server, account) => ({
        path: `${pathOf(account.project.public_id)}/${await createItem(server.database.db, refOfProject(account.project))}`,
        body: { [nameKey]: 'Renamed' },
      }),
    },
    {
      ...rule,
      method: 'DELETE',
      route: `${collection}/:id`,
      setup: async (server, account) => ({
        path: `${pathOf(account.project.public_id)}/${await createItem(server.database.db, refOfProject(account.project))}`,
      }),
    },
  ];
});

function publishableKeyRoutes(): SecuredRoute[] {
  const rule = { api: 'v2', scope: 'project:manage', planGated: true, owned: true, role: 'admin' } as const;
  const collection = '/api/v2/projects/:project_id/publishable-keys';
  const pathOf = (projectId: string) => `/api/v2/projects/${projectId}/publishable-keys`;
  const keyOf = async (server: TestServer, account: CreatedUser) =>
    (
      await server.services.finder.keys.create({
        owner: { project: refOfProject(account.project) },
        origins: [],
      })
    ).id;
  return [
    {
      ...rule,
      scope: 'project:read',
      role: 'viewer',
      method: 'GET',
      route: collection,
      setup: async (_server, account) => ({ path: pathOf(account.project.public_id) }),
    },
    {
      ...rule,
      method: 'POST',
      route: collection,
      setup: async (_server, account) => ({
        path: pathOf(account.project.public_id),
        body: { origins: ['https://shop.example'] },
      }),
    },
    {
      ...rule,
      method: 'PATCH',
      route: `${collection}/:key_id`,
      setup: async (server, account) => ({
        path: `${pathOf(account.project.public_id)}/${await keyOf(server, account)}`,
        body: { origins: [] },
      }),
    },
    {
      ...rule,
      method: 'DELETE',
      route: `${collection}/:key_id`,
      setup: async (server, account) => ({
        path: `${pathOf(account.project.public_id)}/${await keyOf(server, account)}`,
      }),
    },
  ];
}

/** The change feed and the webhook routes; the ID routes act on an endpoint made through the service. */
function eventAndWebhookRoutes(): SecuredRoute[] {
  const rule = { api: 'v2', scope: 'project:manage', planGated: true, owned: true, role: 'admin' } as const;
  const collection = '/api/v2/projects/:project_id/webhooks';
  const pathOf = (account: CreatedUser) => `/api/v2/projects/${account.project.public_id}/webhooks`;
  // Port 9 of this machine: nothing answers, so a test ping fails at once without leaving the machine.
  const existing = async (server: TestServer, account: CreatedUser) => {
    const { webhook } = await servicesOn(server.database.db).webhooks.endpoints.create({
      project: refOfProject(account.project),
      input: { url: 'http://127.0.0.1:9/hook', events: ['*'] },
    });
    return `${pathOf(account)}/${webhook.id}`;
  };
  const delivered = async (server: TestServer, account: CreatedUser) => {
    const webhook = await existing(server, account);
    await createLocationDirectly(server.database.db, account.project, {
      name: 'Changed',
      city: 'Austin',
      lat: 30.27,
      lng: -97.74,
    });
    const deliveryId = (
      await server.database.db
        .selectFrom('webhook_deliveries')
        .select('public_id')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).public_id;
    return `${webhook}/deliveries/${deliveryId}`;
  };
  return [
    {
      api: 'v2',
      scope: 'project:read',
      planGated: true,
      owned: true,
      role: 'viewer',
      method: 'GET',
      route: '/api/v2/projects/:project_id/events',
      setup: async (_server, account) => ({ path: `/api/v2/projects/${account.project.public_id}/events` }),
    },
    ...['analytics', 'analytics/unserved'].map(
      (segment): SecuredRoute => ({
        api: 'v2',
        scope: 'project:read',
        planGated: true,
        owned: true,
        role: 'viewer',
        method: 'GET',
        route: `/api/v2/projects/:project_id/${segment}`,
        setup: async (_server, account) => ({ path: `/api/v2/projects/${account.project.public_id}/${segment}` }),
      }),
    ),
    { ...rule, method: 'GET', route: collection, setup: async (_server, account) => ({ path: pathOf(account) }) },
    {
      ...rule,
      method: 'POST',
      route: collection,
      setup: async (_server, account) => ({
        path: pathOf(account),
        body: { url: 'http://127.0.0.1:9/hook', events: ['*'] },
      }),
    },
    {
      ...rule,
      method: 'GET',
      route: `${collection}/:webhook_id`,
      setup: async (server, account) => ({ path: await existing(server, account) }),
    },
    {
      ...rule,
      method: 'PATCH',
      route: `${collection}/:webhook_id`,
      setup: async (server, account) => ({ path: await existing(server, account), body: { enabled: false } }),
    },
    {
      ...rule,
      method: 'DELETE',
      route: `${collection}/:webhook_id`,
      setup: async (server, account) => ({ path: await existing(server, account) }),
    },
    {
      ...rule,
      method: 'POST',
      route: `${collection}/:webhook_id/rotate-secret`,
      setup: async (server, account) => ({ path: `${await existing(server, account)}/rotate-secret` }),
    },
    {
      ...rule,
      method: 'POST',
      route: `${collection}/:webhook_id/test`,
      setup: async (server, account) => ({ path: `${await existing(server, account)}/test` }),
    },
    {
      ...rule,
      method: 'GET',
      route: `${collection}/:webhook_id/deliveries`,
      setup: async (server, account) => ({ path: `${await existing(server, account)}/deliveries` }),
    },
    {
      ...rule,
      method: 'POST',
      route: `${collection}/:webhook_id/deliveries/:delivery_id/retry`,
      setup: async (server, account) => ({ path: `${await delivered(server, account)}/retry` }),
    },
  ];
}

const routes: SecuredRoute[] = [
  // V2 people: the browser's own session
  ...sessionRoutes(),

  // V2 account
  {
    method: 'GET',
    route: '/api/v2/user',
    api: 'v2',
    scope: 'user:read',
    planGated: false,
    owned: false,
    role: null,
    setup: async () => ({ path: '/api/v2/user' }),
  },
  {
    method: 'GET',
    route: '/api/v2/projects',
    api: 'v2',
    scope: 'project:read',
    planGated: false,
    owned: false,
    role: null,
    setup: async () => ({ path: '/api/v2/projects' }),
  },

  // V2 team
  ...teamRoutes(),

  // V2 project configuration
  ...configurationRoutes,

  // V2 publishable keys
  ...publishableKeyRoutes(),
  {
    api: 'v2',
    scope: 'project:read',
    planGated: true,
    owned: true,
    role: 'viewer',
    method: 'GET',
    route: '/api/v2/projects/:project_id/branding',
    setup: async (_server, account) => ({ path: `/api/v2/projects/${account.project.public_id}/branding` }),
  },
  {
    api: 'v2',
    scope: 'project:manage',
    planGated: true,
    owned: true,
    role: 'admin',
    method: 'PATCH',
    route: '/api/v2/projects/:project_id/branding',
    setup: async (_server, account) => ({
      path: `/api/v2/projects/${account.project.public_id}/branding`,
      body: { display_name: 'Shop' },
    }),
  },

  // V2 locations
  ...v2LocationRoutes(),

  // V2 change feed and webhooks
  ...eventAndWebhookRoutes(),
  // V2 imports and exports
  ...v2ImportRoutes(),

  // V1 (legacy): the personal project only; a list or create of another user is their own, so only ID routes are owned
  ...v1LocationRoutes(),
];

/** The team's routes: members read by everyone in the project, changed by admins; invitations by admins. */
function teamRoutes(): SecuredRoute[] {
  const rule = { api: 'v2', planGated: false, owned: true } as const;
  const members = (account: CreatedUser) => `/api/v2/projects/${account.project.public_id}/members`;
  const invitations = (account: CreatedUser) => `/api/v2/projects/${account.project.public_id}/invitations`;
  const anotherEditor = async (server: TestServer, account: CreatedUser) => {
    const other = await createAccount(server);
    await addMember(server, account.project.id, other.user.id, 'editor');
    return `${members(account)}/${other.user.public_id}`;
  };
  const invitation = async (server: TestServer, account: CreatedUser) => {
    const { invitation } = await server.services.team.invite(refOfProject(account.project), {
      email: `invited-${Math.random().toString(36).slice(2)}@example.com`,
      role: 'viewer',
      invitedBy: null,
      baseUrl: server.url,
    });
    return `${invitations(account)}/${invitation.public_id}`;
  };
  return [
    {
      ...rule,
      scope: 'project:read',
      role: 'viewer',
      method: 'GET',
      route: '/api/v2/projects/:project_id/members',
      setup: async (_server, account) => ({ path: members(account) }),
    },
    {
      ...rule,
      scope: 'member:manage',
      role: 'admin',
      method: 'PATCH',
      route: '/api/v2/projects/:project_id/members/:user_id',
      setup: async (server, account) => ({ path: await anotherEditor(server, account), body: { role: 'viewer' } }),
    },
    {
      ...rule,
      scope: 'member:manage',
      role: 'admin',
      method: 'DELETE',
      route: '/api/v2/projects/:project_id/members/:user_id',
      setup: async (server, account) => ({ path: await anotherEditor(server, account) }),
    },
    {
      ...rule,
      scope: 'member:manage',
      role: 'admin',
      method: 'GET',
      route: '/api/v2/projects/:project_id/invitations',
      setup: async (_server, account) => ({ path: invitations(account) }),
    },
    {
      ...rule,
      scope: 'member:manage',
      role: 'admin',
      method: 'POST',
      route: '/api/v2/projects/:project_id/invitations',
      setup: async (_server, account) => ({
        path: invitations(account),
        body: { email: `new-${Math.random().toString(36).slice(2)}@example.com`, role: 'editor' },
      }),
    },
    {
      ...rule,
      scope: 'member:manage',
      role: 'admin',
      method: 'DELETE',
      route: '/api/v2/projects/:project_id/invitations/:invitation_id',
      setup: async (server, account) => ({ path: await invitation(server, account) }),
    },
  ];
}

/** A software authenticator's answer to a registration challenge made for the account's user. */
async function passkeyRegistration(server: TestServer, account: CreatedUser) {
  const party = { id: new URL(server.url).hostname, origin: new URL(server.url).origin };
  const options = await server.services.passkeys.registrationOptions(account.user.id, party);
  return softAuthenticator().register(options, server.url) as RegistrationResponseJSON;
}

/** The routes of the browser's session and of the signed-in user's tokens: the cookie only, never a token. */
function sessionRoutes(): SecuredRoute[] {
  const rule = { api: 'v2', planGated: false, owned: false, sessionOnly: true, role: null } as const;
  return [
    { ...rule, method: 'GET', route: '/api/v2/session', setup: async () => ({ path: '/api/v2/session' }) },
    { ...rule, method: 'DELETE', route: '/api/v2/session', setup: async () => ({ path: '/api/v2/session' }) },
    { ...rule, method: 'DELETE', route: '/api/v2/sessions', setup: async () => ({ path: '/api/v2/sessions' }) },
    { ...rule, method: 'GET', route: '/api/v2/sessions', setup: async () => ({ path: '/api/v2/sessions' }) },
    {
      ...rule,
      method: 'PATCH',
      route: '/api/v2/user',
      setup: async () => ({ path: '/api/v2/user', body: { name: 'Renamed' } }),
    },
    {
      ...rule,
      method: 'PUT',
      route: '/api/v2/user/password',
      setup: async (server, account) => {
        await server.services.people.setPassword(account.user.email, PASSWORD);
        return {
          path: '/api/v2/user/password',
          body: { current_password: PASSWORD, new_password: 'a new password, long enough' },
        };
      },
    },
    { ...rule, method: 'GET', route: '/api/v2/user/passkeys', setup: async () => ({ path: '/api/v2/user/passkeys' }) },
    {
      ...rule,
      method: 'POST',
      route: '/api/v2/user/passkeys/options',
      setup: async () => ({ path: '/api/v2/user/passkeys/options' }),
    },
    {
      ...rule,
      method: 'POST',
      route: '/api/v2/user/passkeys',
      setup: async (server, account) => ({
        path: '/api/v2/user/passkeys',
        body: { name: 'Laptop', response: await passkeyRegistration(server, account) },
      }),
    },
    {
      ...rule,
      owned: true,
      method: 'DELETE',
      route: '/api/v2/user/passkeys/:passkey_id',
      setup: async (server, account) => {
        const response = await passkeyRegistration(server, account);
        const party = { id: new URL(server.url).hostname, origin: new URL(server.url).origin };
        const registered = await server.services.passkeys.register(account.user.id, 'Laptop', response, party);
        return { path: `/api/v2/user/passkeys/${registered.public_id}` };
      },
    },
    { ...rule, method: 'GET', route: '/api/v2/tokens', setup: async () => ({ path: '/api/v2/tokens' }) },
    {
      ...rule,
      method: 'POST',
      route: '/api/v2/tokens',
      setup: async () => ({ path: '/api/v2/tokens', body: { name: 'ci', scopes: ['location:read'] } }),
    },
    {
      ...rule,
      owned: true,
      method: 'DELETE',
      route: '/api/v2/tokens/:token_id',
      setup: async (_server, account) => ({ path: `/api/v2/tokens/${account.token.row.public_id}` }),
    },
  ];
}

/** The V2 location routes; the ID routes act on a location made through the service in the personal project. */
function v2LocationRoutes(): SecuredRoute[] {
  const rule = { api: 'v2', planGated: true, owned: true } as const;
  const collection = '/api/v2/projects/:project_id/locations';
  const pathOf = (account: CreatedUser) => `/api/v2/projects/${account.project.public_id}/locations`;
  const existing = async (server: TestServer, account: CreatedUser) => {
    const created = await createLocationDirectly(server.database.db, account.project, {
      name: 'Existing',
      city: 'Austin',
      lat: 30.27,
      lng: -97.74,
    });
    return `${pathOf(account)}/${created.record.public_id}`;
  };
  const body = { name: 'New', city: 'Austin', lat: 30.27, lng: -97.74 };
  return [
    {
      ...rule,
      scope: 'location:read',
      role: 'viewer',
      method: 'GET',
      route: collection,
      setup: async (_server, account) => ({ path: pathOf(account) }),
    },
    {
      ...rule,
      scope: 'location:create',
      role: 'editor',
      method: 'POST',
      route: collection,
      setup: async (_server, account) => ({ path: pathOf(account), body }),
    },
    {
      ...rule,
      scope: 'location:read',
      role: 'viewer',
      method: 'GET',
      route: `${collection}/:location_id`,
      setup: async (server, account) => ({ path: await existing(server, account) }),
    },
    {
      ...rule,
      scope: 'location:update',
      role: 'editor',
      method: 'PATCH',
      route: `${collection}/:location_id`,
      setup: async (server, account) => ({ path: await existing(server, account), body: { phone: '1' } }),
    },
    {
      ...rule,
      scope: 'location:update',
      role: 'editor',
      method: 'PUT',
      route: `${collection}/:location_id`,
      setup: async (server, account) => ({ path: await existing(server, account), body }),
    },
    {
      ...rule,
      scope: 'location:delete',
      role: 'editor',
      method: 'DELETE',
      route: `${collection}/:location_id`,
      setup: async (server, account) => ({ path: await existing(server, account) }),
    },
    {
      ...rule,
      scope: ['location:update', 'location:delete'],
      role: 'editor',
      method: 'POST',
      route: `${collection}/bulk`,
      setup: async (server, account) => {
        const location = (await existing(server, account)).split('/').pop();
        return { path: `${pathOf(account)}/bulk`, body: { ids: [location], change: { action: 'hide' } } };
      },
    },
    {
      ...rule,
      scope: 'location:update',
      role: 'editor',
      method: 'POST',
      route: '/api/v2/projects/:project_id/geocode',
      setup: async (_server, account) => ({
        path: `/api/v2/projects/${account.project.public_id}/geocode`,
        body: { city: 'Denver', country: 'US' },
      }),
    },
    {
      method: 'GET',
      route: '/api/v2/map',
      api: 'v2',
      scope: 'location:read',
      planGated: false,
      owned: false,
      role: null,
      setup: async () => ({ path: '/api/v2/map' }),
    },
  ];
}

/** The import and export routes; the status route reads an import made through the service. */
function v2ImportRoutes(): SecuredRoute[] {
  const rule = { api: 'v2', planGated: true, owned: true } as const;
  const imports = '/api/v2/projects/:project_id/imports';
  const file = { content: 'name,city\nNew,Austin\n', contentType: 'text/csv' };
  /** The path of a dry-run import made through the service. */
  const queuedImport = async (server: TestServer, account: CreatedUser) => {
    const created = await server.services.imports.queue({
      project: refOfProject(account.project),
      content: Buffer.from(file.content),
      format: 'csv',
      options: { dryRun: true, deleteMissing: false, atomic: false },
      createdBy: TEST_ACTOR,
    });
    return `/api/v2/projects/${account.project.public_id}/imports/${created.public_id}`;
  };
  return [
    {
      ...rule,
      scope: ['location:create', 'location:update'],
      role: 'editor',
      method: 'POST',
      route: imports,
      setup: async (_server, account) => ({ path: `/api/v2/projects/${account.project.public_id}/imports`, file }),
    },
    {
      ...rule,
      scope: 'location:read',
      role: 'viewer',
      method: 'GET',
      route: `${imports}/:import_id`,
      setup: async (server, account) => ({ path: await queuedImport(server, account) }),
    },
    {
      ...rule,
      scope: ['location:create', 'location:update'],
      role: 'editor',
      method: 'POST',
      route: `${imports}/preview`,
      setup: async (_server, account) => ({
        path: `/api/v2/projects/${account.project.public_id}/imports/preview`,
        file,
      }),
    },
    {
      ...rule,
      scope: 'location:read',
      role: 'viewer',
      method: 'GET',
      route: imports,
      setup: async (_server, account) => ({ path: `/api/v2/projects/${account.project.public_id}/imports` }),
    },
    ...(['changes', 'failed-rows'] as const).map(
      (part): SecuredRoute => ({
        ...rule,
        scope: 'location:read',
        role: 'viewer',
        method: 'GET',
        route: `${imports}/:import_id/${part}`,
        setup: async (server, account) => ({ path: `${await queuedImport(server, account)}/${part}` }),
      }),
    ),
    {
      ...rule,
      scope: 'location:read',
      role: 'viewer',
      method: 'GET',
      route: '/api/v2/projects/:project_id/import-mapping',
      setup: async (_server, account) => ({ path: `/api/v2/projects/${account.project.public_id}/import-mapping` }),
    },
    {
      ...rule,
      scope: ['location:create', 'location:update'],
      role: 'editor',
      method: 'PUT',
      route: '/api/v2/projects/:project_id/import-mapping',
      setup: async (_server, account) => ({
        path: `/api/v2/projects/${account.project.public_id}/import-mapping`,
        body: { columns: { Town: 'city' }, match: 'external_id' },
      }),
    },
    {
      ...rule,
      scope: 'location:read',
      role: 'viewer',
      method: 'GET',
      route: '/api/v2/projects/:project_id/locations/export',
      setup: async (_server, account) => ({
        path: `/api/v2/projects/${account.project.public_id}/locations/export?format=ndjson`,
      }),
    },
  ];
}

/** The V1 location routes; the ID routes act on a location made through V1 in the personal project. */
function v1LocationRoutes(): SecuredRoute[] {
  const rule = { api: 'v1', planGated: true, role: null } as const;
  const existing = async (server: TestServer, account: CreatedUser) => {
    const created = await call(server, 'POST', '/api/locations', {
      token: account.legacyToken.token,
      body: { name: 'Existing' },
    });
    return `/api/locations/${created.body.id}`;
  };
  return [
    { ...rule, owned: false, method: 'GET', route: '/api/locations', setup: async () => ({ path: '/api/locations' }) },
    {
      ...rule,
      owned: false,
      method: 'POST',
      route: '/api/locations',
      setup: async () => ({ path: '/api/locations', body: { name: 'New' } }),
    },
    {
      ...rule,
      owned: true,
      method: 'GET',
      route: '/api/locations/:id',
      setup: async (server, account) => ({ path: await existing(server, account) }),
    },
    {
      ...rule,
      owned: true,
      method: 'PUT',
      route: '/api/locations/:id',
      setup: async (server, account) => ({ path: await existing(server, account), body: { name: 'Renamed' } }),
    },
    {
      ...rule,
      owned: true,
      method: 'DELETE',
      route: '/api/locations/:id',
      setup: async (server, account) => ({ path: await existing(server, account) }),
    },
  ];
}

describeRouteSecurity(routes);

describe('the table of secured routes', () => {
  it('has a row for every route that asks for a token (config.auth), and no row for a route that does not', async () => {
    // Every route the app registers, as Fastify's onRoute hook sees it; HEAD twins of GET routes share their GET's row.
    const requiringAuth = new Set<string>();
    const server = await startTestServer({
      onRoute: (route) => {
        // A route whose credential is optional (accepting an invitation as a new person) is tested on its own.
        if (!route.config?.auth || route.config.auth.optional) return;
        for (const method of [route.method].flat()) if (method !== 'HEAD') requiringAuth.add(`${method} ${route.url}`);
      },
    });
    await server.stop();
    const inTable = new Set(routes.map((route) => `${route.method} ${route.route}`));
    expect(
      [...requiringAuth].filter((route) => !inTable.has(route)),
      'routes with config.auth that the table lacks',
    ).toEqual([]);
    expect(
      [...inTable].filter((route) => !requiringAuth.has(route)),
      'rows of the table that name no route asking for a token',
    ).toEqual([]);
    expect(inTable.size).toBe(routes.length);
    expect(
      routes.filter((route) => route.role === undefined).map((route) => `${route.method} ${route.route}`),
      'rows without the least role their route needs (null for a route outside any project)',
    ).toEqual([]);
  });
});
