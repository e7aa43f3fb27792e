import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../packages/server/src/db/database.ts';
import { newPublicId } from '../packages/server/src/domain/ids.ts';
import { refOfProject } from '../packages/server/src/domain/project-ref.ts';
import { systemClock } from '../packages/server/src/domain/time.ts';
import { createAccounts } from '../packages/server/src/features/accounts/index.ts';
import { createPublishableKeys } from '../packages/server/src/features/finder/index.ts';
import { BENCH_CATALOG, seededRandom, seedLocation } from './seed-data.ts';

export interface SeedOptions {
  /** How many locations the project gets. */
  locations: number;
  /** Locations per INSERT statement; each location takes about 35 parameters, within both dialects' limits. */
  batchSize?: number;
  /** How many location IDs to hand back for the benchmark's requests (spread evenly over all of them). */
  sampleSize?: number;
  /** Called after each batch with the number of locations written so far. */
  onProgress?: (written: number) => void;
}

/** What the benchmark needs to call the API on the seeded project. */
export interface SeededProject {
  projectId: string;
  v2Token: string;
  legacyToken: string;
  /** A publishable key of the project, for the store finder's search. */
  publishableKey: string;
  /** Public (V2) and numeric (V1) IDs of a sample of the locations, in the same order. */
  sample: { publicIds: string[]; v1Ids: number[] };
}

const DEFAULT_BATCH = 500;
const RANDOM_SEED = 20261121;

/**
 * Creates a Business user whose personal project holds `locations` realistic locations, each with a full week of
 * hours, three filters, two custom fields and one call to action, written with batched inserts in one transaction.
 * The personal project serves V2 and V1 alike.
 * @example await seedBenchmarkProject(db, { locations: 100_000, onProgress: (n) => bar.update(n) })
 */
export async function seedBenchmarkProject(db: Kysely<Database>, options: SeedOptions): Promise<SeededProject> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const created = await createAccounts({ db, clock: systemClock }).createUser({
    email: `bench-${randomUUID()}@locator.example`,
    name: 'Benchmark Shop',
    plan: 'business',
  });
  const projectId = created.project.id;
  const random = seededRandom(RANDOM_SEED);
  const sampleEvery = Math.max(1, Math.floor(options.locations / (options.sampleSize ?? 2000)));
  const sample: SeededProject['sample'] = { publicIds: [], v1Ids: [] };

  await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const base = { project_id: projectId, created_at: now };
    const types = await trx
      .insertInto('location_types')
      .values(BENCH_CATALOG.types.map((type) => ({ ...base, ...type, public_id: newPublicId('locationType') })))
      .returning('id')
      .execute();
    const markers = await trx
      .insertInto('markers')
      .values(
        BENCH_CATALOG.markers.map((marker) => ({
          ...base,
          ...marker,
          icon_url: null,
          public_id: newPublicId('marker'),
        })),
      )
      .returning('id')
      .execute();
    const filters = await trx
      .insertInto('filters')
      .values(BENCH_CATALOG.filters.map((name) => ({ ...base, name, public_id: newPublicId('filter') })))
      .returning('id')
      .execute();
    const fields = await trx
      .insertInto('custom_fields')
      .values(BENCH_CATALOG.fields.map((name) => ({ ...base, name, public_id: newPublicId('field') })))
      .returning('id')
      .execute();
    const callsToAction = await trx
      .insertInto('calls_to_action')
      .values(BENCH_CATALOG.callsToAction.map((title) => ({ ...base, title, public_id: newPublicId('callToAction') })))
      .returning('id')
      .execute();
    const idAt = (rows: { id: number }[], index: number): number => {
      const row = rows[index];
      if (!row) throw new Error(`no catalog row ${index}`);
      return row.id;
    };

    for (let start = 0; start < options.locations; start += batchSize) {
      const count = Math.min(batchSize, options.locations - start);
      const batch = Array.from({ length: count }, (_, offset) => ({
        index: start + offset,
        publicId: newPublicId('location'),
        ...seedLocation(start + offset, random),
      }));
      const inserted = await trx
        .insertInto('locations')
        .values(
          batch.map((l) => ({
            public_id: l.publicId,
            project_id: projectId,
            slug: l.slug,
            name: l.name,
            address: l.address,
            address_generated: 1,
            display_address: l.address,
            display_address_generated: 1,
            address_line_1: l.address_line_1,
            address_line_2: l.address_line_2,
            city: l.city,
            state: l.state,
            postcode: l.postcode,
            country: l.country,
            phone: l.phone,
            email: l.email,
            url: l.url,
            lat: l.lat,
            lng: l.lng,
            time_zone: l.time_zone,
            visible: l.visible,
            location_type_id: idAt(types, l.typeIndex),
            marker_id: idAt(markers, l.markerIndex),
            facebook: l.facebook,
            instagram: l.instagram,
            twitter: l.twitter,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning(['id', 'public_id'])
        .execute();
      // RETURNING does not promise the order of the VALUES list, so rows are matched by public ID.
      const idOf = new Map(inserted.map((row) => [row.public_id, row.id]));
      const rows = batch.map((l) => {
        const id = idOf.get(l.publicId);
        if (id === undefined) throw new Error(`location ${l.publicId} was not inserted`);
        if (l.index % sampleEvery === 0) {
          sample.publicIds.push(l.publicId);
          sample.v1Ids.push(id);
        }
        return { id, location: l };
      });
      await trx
        .insertInto('opening_hours')
        .values(rows.map(({ id, location }) => ({ location_id: id, name: 'Opening hours', ...location.hours })))
        .execute();
      await trx
        .insertInto('location_filters')
        .values(
          rows.flatMap(({ id, location }) =>
            location.filterIndexes.map((f) => ({ location_id: id, filter_id: idAt(filters, f) })),
          ),
        )
        .execute();
      await trx
        .insertInto('location_field_values')
        .values(
          rows.flatMap(({ id, location }) =>
            location.fieldValues.map((value, f) => ({ location_id: id, field_id: idAt(fields, f), value })),
          ),
        )
        .execute();
      await trx
        .insertInto('location_calls_to_action')
        .values(
          rows.map(({ id, location }) => ({
            location_id: id,
            call_to_action_id: idAt(callsToAction, location.callToAction.index),
            value: location.callToAction.value,
          })),
        )
        .execute();
      options.onProgress?.(start + count);
    }
  });

  const key = await createPublishableKeys({ db, clock: systemClock }).create({
    owner: { project: refOfProject(created.project) },
    origins: [],
  });
  return {
    projectId: created.project.public_id,
    v2Token: created.token.token,
    legacyToken: created.legacyToken.token,
    publishableKey: key.key,
    sample,
  };
}
