import type { Kysely } from 'kysely';
import type { Database } from '../src/db/database.ts';
import {
  callToActionSettings,
  fieldSettings,
  filterSettings,
  locationTypeSettings,
  markerSettings,
} from '../src/services/project-settings.service.ts';
import type { CreatedUser } from '../src/services/accounts.service.ts';
import { isoNow } from '../src/domain/time.ts';
import { createLocation } from '../src/services/locations.service.ts';
import { knownProject } from '../src/services/project-access.ts';
import { describeRouteSecurity, type SecuredRoute } from './support/security.ts';
import { call, type TestServer } from './support/server.ts';

// Every route of the service, with what it takes to call it: the shared cases (401, 403 scope, 404 for another user,
// 403 plan, 2xx) run for each row. A new route adds its rows to its block below.

/** A configurable resource of a project, and how to make one item of it directly through its service. */
const CONFIGURATION: { segment: string; nameKey: 'name' | 'title'; createItem(db: Kysely<Database>, projectId: number): Promise<string> }[] = [
  { segment: 'location-types', nameKey: 'name', createItem: async (db, id) => (await locationTypeSettings.create(db, id, { name: 'Existing' })).public_id },
  { segment: 'markers', nameKey: 'name', createItem: async (db, id) => (await markerSettings.create(db, id, { name: 'Existing' })).public_id },
  { segment: 'filters', nameKey: 'name', createItem: async (db, id) => (await filterSettings.create(db, id, { name: 'Existing' })).public_id },
  { segment: 'fields', nameKey: 'name', createItem: async (db, id) => (await fieldSettings.create(db, id, { name: 'Existing' })).public_id },
  { segment: 'calls-to-action', nameKey: 'title', createItem: async (db, id) => (await callToActionSettings.create(db, id, { title: 'Existing' })).public_id },
];

const configurationRoutes: SecuredRoute[] = CONFIGURATION.flatMap(({ segment, nameKey, createItem }) => {
  const rule = { api: 'v2', scope: 'project:manage', planGated: true, owned: true } as const;
  const collection = `/api/v2/projects/:project_id/${segment}`;
  const pathOf = (projectId: string) => `/api/v2/projects/${projectId}/${segment}`;
  return [
    { ...rule, method: 'GET', route: collection, setup: async (_server, account) => ({ path: pathOf(account.project.public_id) }) },
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
        path: `${pathOf(account.project.public_id)}/${await createItem(server.database.db, account.project.id)}`,
        body: { [nameKey]: 'Renamed' },
      }),
    },
    {
      ...rule,
      method: 'DELETE',
      route: `${collection}/:id`,
      setup: async (server, account) => ({ path: `${pathOf(account.project.public_id)}/${await createItem(server.database.db, account.project.id)}` }),
    },
  ];
});

const routes: SecuredRoute[] = [
  // V2 account
  { method: 'GET', route: '/api/v2/user', api: 'v2', scope: 'user:read', planGated: false, owned: false, setup: async () => ({ path: '/api/v2/user' }) },
  {
    method: 'GET',
    route: '/api/v2/projects',
    api: 'v2',
    scope: 'project:read',
    planGated: false,
    owned: false,
    setup: async () => ({ path: '/api/v2/projects' }),
  },

  // V2 project configuration
  ...configurationRoutes,

  // V2 locations
  ...v2LocationRoutes(),

  // V1 (legacy): the personal project only; a list or create of another user is their own, so only ID routes are owned
  ...v1LocationRoutes(),
];

/** The V2 location routes; the ID routes act on a location made through the service in the personal project. */
function v2LocationRoutes(): SecuredRoute[] {
  const rule = { api: 'v2', planGated: true, owned: true } as const;
  const collection = '/api/v2/projects/:project_id/locations';
  const pathOf = (account: CreatedUser) => `/api/v2/projects/${account.project.public_id}/locations`;
  const existing = async (server: TestServer, account: CreatedUser) => {
    const created = await createLocation(server.database.db, knownProject(account.project), { name: 'Existing', city: 'Austin', lat: 30.27, lng: -97.74 }, { legacyLocationType: false }, isoNow());
    return `${pathOf(account)}/${created.record.public_id}`;
  };
  const body = { name: 'New', city: 'Austin', lat: 30.27, lng: -97.74 };
  return [
    { ...rule, scope: 'location:read', method: 'GET', route: collection, setup: async (_server, account) => ({ path: pathOf(account) }) },
    { ...rule, scope: 'location:create', method: 'POST', route: collection, setup: async (_server, account) => ({ path: pathOf(account), body }) },
    { ...rule, scope: 'location:read', method: 'GET', route: `${collection}/:location_id`, setup: async (server, account) => ({ path: await existing(server, account) }) },
    {
      ...rule,
      scope: 'location:update',
      method: 'PATCH',
      route: `${collection}/:location_id`,
      setup: async (server, account) => ({ path: await existing(server, account), body: { phone: '1' } }),
    },
    {
      ...rule,
      scope: 'location:update',
      method: 'PUT',
      route: `${collection}/:location_id`,
      setup: async (server, account) => ({ path: await existing(server, account), body }),
    },
    {
      ...rule,
      scope: 'location:delete',
      method: 'DELETE',
      route: `${collection}/:location_id`,
      setup: async (server, account) => ({ path: await existing(server, account) }),
    },
  ];
}

/** The V1 location routes; the ID routes act on a location made through V1 in the personal project. */
function v1LocationRoutes(): SecuredRoute[] {
  const rule = { api: 'v1', planGated: true } as const;
  const existing = async (server: TestServer, account: CreatedUser) => {
    const created = await call(server, 'POST', '/api/locations', { token: account.legacyToken.token, body: { name: 'Existing' } });
    return `/api/locations/${created.body.id}`;
  };
  return [
    { ...rule, owned: false, method: 'GET', route: '/api/locations', setup: async () => ({ path: '/api/locations' }) },
    { ...rule, owned: false, method: 'POST', route: '/api/locations', setup: async () => ({ path: '/api/locations', body: { name: 'New' } }) },
    { ...rule, owned: true, method: 'GET', route: '/api/locations/:id', setup: async (server, account) => ({ path: await existing(server, account) }) },
    {
      ...rule,
      owned: true,
      method: 'PUT',
      route: '/api/locations/:id',
      setup: async (server, account) => ({ path: await existing(server, account), body: { name: 'Renamed' } }),
    },
    { ...rule, owned: true, method: 'DELETE', route: '/api/locations/:id', setup: async (server, account) => ({ path: await existing(server, account) }) },
  ];
}

describeRouteSecurity(routes);
