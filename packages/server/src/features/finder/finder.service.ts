import type { Kysely } from 'kysely';
import type { Config } from '../../config/config.ts';
import type { Commits } from '../../db/commits.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../domain/time.ts';
import type { Geocoder } from '../../geocoding/geocoder.ts';
import { FinderBodies } from './finder-bodies.ts';
import { finderPageAccessOf, finderPagesOf, locationPageOf } from './finder-pages.service.ts';
import { type FinderMemory, type LocationSearch, searchLocations } from './location-search.service.ts';
import { createPublishableKeys, type PublicAccess } from './publishable-keys.service.ts';
import { finderConfigOf, finderPinsJsonOf, warmFinderIndexes } from './store-finder.service.ts';
import { StoreFinderIndexes } from './store-finder-index.ts';
import { defaultWidgetDir, WidgetFiles } from './widget-files.ts';

/** What the store finder is served with. */
export interface FinderDeps {
  db: Kysely<Database>;
  /** This process's commits: a key's access is kept in memory until the next one (or a second). */
  commits: Commits;
  clock: Clock;
  /** Finds the place a visitor typed. */
  geocoder: Geocoder;
  /**
   * Read on each request: the pages' map tiles, the answers' caching, where the built widget is; and at the start,
   * how much memory the answers' bodies may keep.
   */
  config: Pick<Config, 'mapTiles' | 'publicCacheControl' | 'widgetDir' | 'storeFinderCacheBytes'>;
}

/**
 * The store finder of websites' visitors: the publishable keys that open it, the in-memory index of each project
 * searched, the public search and its configuration and pins, the hosted pages, and the built widget.
 */
export function createFinder({ db, commits, clock, geocoder, config }: FinderDeps) {
  const bodies = new FinderBodies(config.storeFinderCacheBytes);
  const indexes = new StoreFinderIndexes(
    (ids) => bodies.forget(ids),
    // Filling the cache only saves the first searches a read each; one that fails leaves them to read.
    (index, current) => void bodies.prefill(db, index.projectId, index.generation, current).catch(() => undefined),
  );
  const memory: FinderMemory = { indexes, bodies };
  const keys = createPublishableKeys({ db, clock, commits });
  const widgetFiles = new WidgetFiles(config.widgetDir ?? defaultWidgetDir());
  return {
    keys,
    clock,
    config,
    /** The project's filters, types and markers, and the unit and country its visible locations suggest. */
    configOf: (access: PublicAccess) => finderConfigOf(db, indexes, access, clock()),
    /** Every visible, located location of the project as GeoJSON, ready to send. */
    pinsOf: (access: PublicAccess) => finderPinsJsonOf(db, access),
    /** A visitor's search; `now` is the instant statuses are given at. */
    search: (access: PublicAccess, search: LocationSearch, now: number) =>
      searchLocations(db, memory, access, search, { geocoder, now, clock: clock() }),
    /** The access a key in a page's address gives, or why it gives none. */
    pageAccessOf: (key: string) => finderPageAccessOf(keys, key),
    pagesOf: (access: PublicAccess, range: { limit: number; offset: number }) => finderPagesOf(db, access, range),
    locationPageOf: (access: PublicAccess, slug: string, now: number) => locationPageOf(db, memory, access, slug, now),
    widgetFile: (name: string) => widgetFiles.lookup(name),
    /** Builds the index of every project a website may search, so the first visitors after a start do not wait. */
    warmUp: () => warmFinderIndexes(db, indexes, clock),
  };
}

export type Finder = ReturnType<typeof createFinder>;
