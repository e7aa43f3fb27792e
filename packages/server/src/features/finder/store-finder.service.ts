import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { FinderDesign } from '../../domain/finder-design.ts';
import { distanceUnitOf } from '../../domain/geo.ts';
import { hasApiAccess } from '../../domain/plans.ts';
import { loadCatalog, pinOf } from '../locations/index.ts';
import { findSearchableLocations } from './location-search.repository.ts';
import { findProjectsWithKeys } from './publishable-keys.repository.ts';
import type { PublicAccess } from './publishable-keys.service.ts';
import type { FacetCounts, StoreFinderIndexes } from './store-finder-index.ts';

export interface FinderMarker {
  id: string;
  name: string;
  color: string | null;
  icon_url: string | null;
}

/** The design keys the widget reads from its configuration (the unit and country are the configuration's own). */
type WidgetDesign = Omit<FinderDesign, 'default_unit' | 'default_country'>;

/** What a store-finder widget needs before its first search. */
export interface FinderConfig {
  project: { id: string; name: string };
  branding: { display_name: string | null; logo_url: string | null; brand_color: string | null } & WidgetDesign;
  filters: string[];
  locationTypes: string[];
  markers: FinderMarker[];
  defaultUnit: 'km' | 'mi';
  defaultCountry: string | null;
}

/** The country most of the locations are in (the first in name order among equals), or null when none says. */
function commonestCountry(counts: FacetCounts): string | null {
  let best: [string, number] | null = null;
  for (const entry of [...counts.countries].sort(([a], [b]) => (a < b ? -1 : 1)))
    if (entry[1] > 0 && (!best || entry[1] > best[1])) best = entry;
  return best?.[0] ?? null;
}

/** The project's filters, types and markers, and the unit and country its visible locations suggest. */
export async function finderConfigOf(
  db: Kysely<Database>,
  indexes: StoreFinderIndexes,
  access: PublicAccess,
  now: number,
): Promise<FinderConfig> {
  const [catalog, index] = await Promise.all([loadCatalog(db, access.projectId), indexes.of(db, access, now)]);
  // The project's own unit and country, when set, over what its locations suggest.
  const { default_unit: projectUnit, default_country: projectCountry, ...design } = access.design;
  const defaultCountry = projectCountry ?? commonestCountry(index.counts);
  return {
    project: { id: access.projectPublicId, name: access.projectName },
    branding: {
      display_name: access.branding.displayName,
      logo_url: access.branding.logoUrl,
      brand_color: access.branding.brandColor,
      ...design,
    },
    filters: catalog.filters.map((filter) => filter.name),
    locationTypes: [...catalog.types]
      .sort((a, b) => b.priority - a.priority || (a.name < b.name ? -1 : 1))
      .map((type) => type.name),
    markers: catalog.markers.map((marker) => ({
      id: marker.publicId,
      name: marker.name,
      color: marker.color,
      icon_url: marker.iconUrl,
    })),
    defaultUnit: projectUnit ?? distanceUnitOf(defaultCountry) ?? 'km',
    defaultCountry,
  };
}

/** Pins read per query. */
const PINS_PER_READ = 1_000;

/**
 * Every visible, located location of the project as a GeoJSON FeatureCollection, in ID order: the pins of a map. Read
 * from the database (the index keeps only what searches rank by); answers carry an ETag, so a browser or a cache
 * asks again only after a write.
 */
export async function finderPinsJsonOf(db: Kysely<Database>, access: PublicAccess): Promise<string> {
  const features: string[] = [];
  for (let afterId = 0; ; ) {
    const records = await findSearchableLocations(db, access.projectId, afterId, PINS_PER_READ);
    if (records.length === 0) break;
    for (const record of records) features.push(JSON.stringify(pinOf({ record })));
    afterId = records[records.length - 1]?.id ?? afterId;
  }
  return `{"type":"FeatureCollection","features":[${features.join(',')}]}`;
}

/**
 * Builds the index of every project a website may search (a Business project with a key not revoked), one after the
 * other, so that the first visitors after a start do not wait for it (seconds per 100,000 locations). Searches that
 * arrive meanwhile wait for the build of their project in progress, as they would without it. Returns how many.
 */
export async function warmFinderIndexes(
  db: Kysely<Database>,
  indexes: StoreFinderIndexes,
  clock: () => number,
): Promise<number> {
  const projects = (await findProjectsWithKeys(db)).filter((project) => hasApiAccess(project.plan));
  for (const project of projects)
    await indexes.of(db, { projectId: project.id, dataVersion: project.data_version }, clock());
  return projects.length;
}
