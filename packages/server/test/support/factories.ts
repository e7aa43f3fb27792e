import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';
import type { InsertableLocationRow } from '../../src/db/tables/locations.table.ts';
import type { ProjectRow } from '../../src/db/tables/projects.table.ts';
import type { Actor } from '../../src/domain/events.ts';
import { newPublicId } from '../../src/domain/ids.ts';
import type { LocationInput } from '../../src/domain/location-input.ts';
import { refOfProject } from '../../src/domain/project-ref.ts';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import type { LocationView } from '../../src/features/locations/location-reads.repository.ts';
import { createAccount, type TestServer } from './server.ts';
import { servicesOn } from './services.ts';

export interface SeededCatalog {
  types: { store: string; outlet: string };
  markers: { red: string; blue: string };
}

/**
 * A project configuration for location tests: types Store (default) and Outlet, markers Red (default) and Blue, filters
 * Wifi/Parking/Accessible, fields Manager/Floor, calls to action "Order online"/Book, and an image "storefront".
 */
export async function seedCatalog(
  server: Pick<TestServer, 'database'>,
  project: Pick<ProjectRow, 'id'>,
): Promise<SeededCatalog> {
  const { db } = server.database;
  const now = new Date().toISOString();
  const base = { project_id: project.id, created_at: now };
  const store = newPublicId('locationType');
  const outlet = newPublicId('locationType');
  await db
    .insertInto('location_types')
    .values([
      { ...base, public_id: store, name: 'Store', priority: 1, is_default: 1, label: 0 },
      { ...base, public_id: outlet, name: 'Outlet', priority: 2, is_default: 0, label: 1 },
    ])
    .execute();
  const red = newPublicId('marker');
  const blue = newPublicId('marker');
  await db
    .insertInto('markers')
    .values([
      { ...base, public_id: red, name: 'Red', color: '#ff0000', icon_url: null, is_default: 1 },
      { ...base, public_id: blue, name: 'Blue', color: '#0000ff', icon_url: null, is_default: 0 },
    ])
    .execute();
  await db
    .insertInto('filters')
    .values(['Wifi', 'Parking', 'Accessible'].map((name) => ({ ...base, public_id: newPublicId('filter'), name })))
    .execute();
  await db
    .insertInto('custom_fields')
    .values(['Manager', 'Floor'].map((name) => ({ ...base, public_id: newPublicId('field'), name })))
    .execute();
  await db
    .insertInto('calls_to_action')
    .values(['Order online', 'Book'].map((title) => ({ ...base, public_id: newPublicId('callToAction'), title })))
    .execute();
  await db
    .insertInto('images')
    .values({
      ...base,
      public_id: newPublicId('image'),
      name: 'storefront',
      url: 'https://cdn.example.com/img/storefront.jpg',
    })
    .execute();
  return { types: { store, outlet }, markers: { red, blue } };
}

/** Who the changes the tests make through services are made by, as the change feed shows them. */
export const TEST_ACTOR: Actor = { type: 'cli', id: 'test' };

/**
 * A location made through the service with the V2 rules, without HTTP and without a geocoder, as an import would make
 * it: one without coordinates waits in the geocoding queue.
 */
export async function createLocationDirectly(
  db: Kysely<Database>,
  project: Pick<ProjectRow, 'user_id' | 'public_id'>,
  input: LocationInput & { name: string },
): Promise<LocationView> {
  const saved = await servicesOn(db).locations.create({
    project: refOfProject(project),
    input,
    policy: { legacyLocationType: false },
    actor: TEST_ACTOR,
  });
  return saved.view;
}

/** An account whose personal project holds the catalog of `seedCatalog`. */
export interface CatalogAccount {
  account: CreatedUser;
  catalog: SeededCatalog;
  /** The V2 path of the project's locations: `/api/v2/projects/{id}/locations`. */
  locations: string;
}

export async function createCatalogAccount(server: TestServer): Promise<CatalogAccount> {
  const account = await createAccount(server);
  const catalog = await seedCatalog(server, account.project);
  return { account, catalog, locations: `/api/v2/projects/${account.project.public_id}/locations` };
}

/**
 * A row of the locations table for tests that write rows directly (past the API and its rules): visible, with an empty
 * generated address, written now unless told.
 */
export function locationRow(
  projectId: number,
  row: Pick<InsertableLocationRow, 'public_id' | 'slug' | 'name'> & Partial<InsertableLocationRow>,
): InsertableLocationRow {
  const now = new Date().toISOString();
  return {
    project_id: projectId,
    address: '',
    address_generated: 1,
    display_address: '',
    display_address_generated: 1,
    visible: 1,
    created_at: now,
    updated_at: now,
    ...row,
  };
}

export async function setPlan(server: TestServer, projectId: number, plan: string): Promise<void> {
  await server.database.db.updateTable('projects').set({ plan }).where('id', '=', projectId).execute();
}

/**
 * The query string that asks a V2 read for every include a write answers with: hours, special hours, filters, fields
 * and calls to action.
 */
export const INCLUDE_ALL =
  'includeHours=1&includeSpecialHours=1&includeFilters=1&includeFields=1&includeCallsToAction=1';

export const FULL_WEEK = {
  mon: '9:00-17:00',
  tue: '09:00-17:00',
  wed: '09:00-12:00, 13:00-17:00',
  thu: '09:00-17:00',
  fri: '18:00-02:00',
  sat: 'Closed',
  sun: null,
};

/** A complete, valid V2 body. */
export function fullLocationBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Downtown Store',
    address_line_1: '1 Main St',
    city: 'Austin',
    state: 'TX',
    postcode: '78701',
    country: 'US',
    phone: '+1 512 555 0100',
    email: 'downtown@example.com',
    url: 'https://example.com/downtown',
    lat: 30.2672,
    lng: -97.7431,
    visible: true,
    location_type: 'Outlet',
    marker: 'Blue',
    cover: 'storefront',
    facebook: 'downtownstore',
    twitter: 'https://twitter.com/downtown',
    hours: FULL_WEEK,
    filters: ['Wifi', 'Parking'],
    fields: { Manager: 'Ada', Floor: '2' },
    callsToAction: { 'Order online': 'https://example.com/order' },
    ...overrides,
  };
}
