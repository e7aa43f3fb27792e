import type { Executor } from '../db/executor.ts';
import { newPublicId } from '../domain/ids.ts';
import { DEMO_CONFIG } from './demo-data.ts';

/**
 * Inserts the demo project's configuration (display name, types, markers, filters, fields, calls to action and an image) as it is,
 * in one transaction: the demo's setup, not a change anyone made, so it records no event.
 */
export async function insertDemoConfiguration(trx: Executor, projectId: number, now: string): Promise<void> {
  const base = { project_id: projectId, created_at: now };
  await trx
    .updateTable('projects')
    .set({ display_name: DEMO_CONFIG.displayName })
    .where('id', '=', projectId)
    .execute();
  await trx
    .insertInto('location_types')
    .values(DEMO_CONFIG.types.map((type) => ({ ...base, ...type, public_id: newPublicId('locationType') })))
    .execute();
  await trx
    .insertInto('markers')
    .values(
      DEMO_CONFIG.markers.map((marker) => ({ ...base, ...marker, icon_url: null, public_id: newPublicId('marker') })),
    )
    .execute();
  await trx
    .insertInto('filters')
    .values(DEMO_CONFIG.filters.map((name) => ({ ...base, name, public_id: newPublicId('filter') })))
    .execute();
  await trx
    .insertInto('custom_fields')
    .values(DEMO_CONFIG.fields.map((name) => ({ ...base, name, public_id: newPublicId('field') })))
    .execute();
  await trx
    .insertInto('calls_to_action')
    .values(DEMO_CONFIG.callsToAction.map((title) => ({ ...base, title, public_id: newPublicId('callToAction') })))
    .execute();
  await trx
    .insertInto('images')
    .values({
      ...base,
      name: 'storefront',
      url: 'https://images.locator.example/storefront.jpg',
      public_id: newPublicId('image'),
    })
    .execute();
}
