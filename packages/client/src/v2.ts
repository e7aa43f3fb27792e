import { LocatorError } from './errors.ts';
import { type CallOptions, type ClientOptions, type CreateOptions, HttpClient, type QueryValues } from './http.ts';
import { itemsOf, pagesFrom } from './pagination.ts';
import { pathOf } from './paths.ts';
import { V2Imports } from './v2-imports.ts';
import { V2PublishableKeys } from './v2-publishable-keys.ts';
import type {
  ChangeEvent,
  EventListQuery,
  EventPage,
  GeocodeAnswer,
  GeocodeRequest,
  Location,
  LocationBulk,
  LocationBulkResult,
  LocationCreate,
  LocationListQuery,
  LocationPage,
  LocationPatch,
  LocationReadQuery,
  LocationReplace,
  MapTiles,
  Project,
  SettingCreate,
  SettingItem,
  SettingPatch,
  SettingSegment,
  User,
  V2Paths,
} from './v2-types.ts';
import { V2Webhooks } from './v2-webhooks.ts';

const path = <P extends keyof V2Paths & string>(template: P, parameters?: Record<string, string>) =>
  pathOf<V2Paths, P>(template, parameters);

/** One configuration resource of a project (location types, markers, filters, custom fields, calls to action). */
export class V2Settings<S extends SettingSegment> {
  constructor(
    private readonly http: HttpClient,
    private readonly segment: S,
  ) {}

  private collection(projectId: string): string {
    return `/api/v2/projects/${encodeURIComponent(projectId)}/${this.segment}`;
  }

  /** Every item of the project, oldest first (not paginated). */
  async list(projectId: string, options?: CallOptions): Promise<SettingItem<S>[]> {
    return (await this.http.send<{ data: SettingItem<S>[] }>('GET', this.collection(projectId), options)).data;
  }

  async create(projectId: string, body: SettingCreate<S>, options?: CreateOptions): Promise<SettingItem<S>> {
    return (await this.http.send<{ data: SettingItem<S> }>('POST', this.collection(projectId), { ...options, body }))
      .data;
  }

  /** Partial update: omitted keys keep their values. */
  async update(projectId: string, id: string, body: SettingPatch<S>, options?: CallOptions): Promise<SettingItem<S>> {
    return (
      await this.http.send<{ data: SettingItem<S> }>(
        'PATCH',
        `${this.collection(projectId)}/${encodeURIComponent(id)}`,
        { ...options, body },
      )
    ).data;
  }

  async delete(projectId: string, id: string, options?: CallOptions): Promise<void> {
    await this.http.send('DELETE', `${this.collection(projectId)}/${encodeURIComponent(id)}`, options);
  }
}

/** Per-call settings of a write of one location. */
export interface WriteOptions extends CallOptions {
  /**
   * The `ETag` of the location as you read it (`getLocationTagged`, or the last write's `updateLocationTagged`): the
   * write runs only while the location is at that version, else a `LocatorApiError` with status 412 and nothing
   * changes.
   */
  ifMatch?: string;
}

/** A location with its `ETag`, to send back as `WriteOptions.ifMatch`. */
export interface TaggedLocation {
  location: Location;
  etag: string;
}

const conditionOf = (options: WriteOptions | undefined) => ({
  ...options,
  ...(options?.ifMatch === undefined ? {} : { headers: { 'if-match': options.ifMatch } }),
});

/** A request of `V2Client.request`: its query, its JSON body, and whether a POST may be sent again (see `once`). */
export interface RequestOptions extends CreateOptions {
  query?: QueryValues;
  body?: unknown;
  /** Headers of this request only. */
  headers?: Record<string, string>;
  /** A POST the server does not deduplicate by `Idempotency-Key`: sent without one, and never sent twice. */
  once?: boolean;
}

/**
 * The V2 API (`/api/v2`) with an API token, or in a browser with the session it signed in with (`session`, see
 * `SessionClientOptions`).
 * @example
 * const locator = new V2Client({ baseUrl: 'https://locator.example.com', token: process.env.LOCATOR_TOKEN }); for await
 * (const location of locator.locations(projectId, { limit: 100, 'city[like]': 'austin' })) console.log(location.name);
 * @example
 * const dashboard = new V2Client({ baseUrl: location.origin, session: { csrfToken: () => csrf } });
 */
export class V2Client {
  private readonly http: HttpClient;
  readonly locationTypes: V2Settings<'location-types'>;
  readonly markers: V2Settings<'markers'>;
  readonly filters: V2Settings<'filters'>;
  readonly fields: V2Settings<'fields'>;
  readonly callsToAction: V2Settings<'calls-to-action'>;
  readonly webhooks: V2Webhooks;
  readonly publishableKeys: V2PublishableKeys;
  readonly imports: V2Imports;

  constructor(options: ClientOptions) {
    this.http = new HttpClient(options);
    this.locationTypes = new V2Settings(this.http, 'location-types');
    this.markers = new V2Settings(this.http, 'markers');
    this.filters = new V2Settings(this.http, 'filters');
    this.fields = new V2Settings(this.http, 'fields');
    this.callsToAction = new V2Settings(this.http, 'calls-to-action');
    this.webhooks = new V2Webhooks(this.http);
    this.publishableKeys = new V2PublishableKeys(this.http);
    this.imports = new V2Imports(this.http);
  }

  /**
   * Any V2 request by its path (`/api/v2/...`), answered with the parsed JSON body of its success, typed as the
   * caller says: for endpoints this client has no method of its own for. Errors, retries and credentials as for
   * every method.
   */
  async request<Body>(method: string, apiPath: string, options: RequestOptions = {}): Promise<Body> {
    if (!apiPath.startsWith('/api/v2/')) throw new TypeError(`Not a V2 path: ${apiPath}`);
    return this.http.send<Body>(method, apiPath, options);
  }

  /** The token owner's profile. */
  async getUser(options?: CallOptions): Promise<User> {
    return (await this.http.send<{ data: User }>('GET', path('/api/v2/user'), options)).data;
  }

  /** The token owner's projects. */
  async listProjects(options?: CallOptions): Promise<Project[]> {
    return (await this.http.send<{ data: Project[] }>('GET', path('/api/v2/projects'), options)).data;
  }

  /** One page of locations (`page` and `limit` in the query, default 1 and 25). */
  async listLocations(projectId: string, query: LocationListQuery = {}, options?: CallOptions): Promise<LocationPage> {
    return this.http.send<LocationPage>(
      'GET',
      path('/api/v2/projects/{project_id}/locations', { project_id: projectId }),
      { ...options, query },
    );
  }

  /**
   * Every page from `query.page` (default 1) on, requested one at a time as the loop asks; each request carries the
   * whole `query` (`limit`, filters, include flags, `sort`), whatever the previous page's links kept.
   */
  locationPages(
    projectId: string,
    query: LocationListQuery = {},
    options?: CallOptions,
  ): AsyncGenerator<LocationPage, void, undefined> {
    return pagesFrom(query.page ?? 1, (page) => this.listLocations(projectId, { ...query, page }, options));
  }

  /**
   * Every location matching `query`, page by page (`limit` up to 100 sets the page size).
   * Pages are numbered, so a location created or deleted during the loop can shift later pages; for a sync, filter
   * with `updated_since` and run again.
   */
  locations(
    projectId: string,
    query: LocationListQuery = {},
    options?: CallOptions,
  ): AsyncGenerator<Location, void, undefined> {
    return itemsOf(this.locationPages(projectId, query, options));
  }

  /** One location; include flags (`includeHours: '1'`, ...) add its attachments. */
  async getLocation(
    projectId: string,
    locationId: string,
    query: LocationReadQuery = {},
    options?: CallOptions,
  ): Promise<Location> {
    const target = path('/api/v2/projects/{project_id}/locations/{location_id}', {
      project_id: projectId,
      location_id: locationId,
    });
    return (await this.http.send<{ data: Location }>('GET', target, { ...options, query })).data;
  }

  /** One location with its `ETag`, for writes that must not overwrite someone else's change (`ifMatch`). */
  async getLocationTagged(
    projectId: string,
    locationId: string,
    query: LocationReadQuery = {},
    options?: CallOptions,
  ): Promise<TaggedLocation> {
    const target = path('/api/v2/projects/{project_id}/locations/{location_id}', {
      project_id: projectId,
      location_id: locationId,
    });
    const answer = await this.http.sendTagged<{ data: Location }>('GET', target, { ...options, query });
    return { location: answer.body.data, etag: answer.etag ?? '' };
  }

  /** Creates a location (`name` and `city` required); safe to retry, see `CreateOptions.idempotencyKey`. */
  async createLocation(projectId: string, body: LocationCreate, options?: CreateOptions): Promise<Location> {
    const target = path('/api/v2/projects/{project_id}/locations', { project_id: projectId });
    return (await this.http.send<{ data: Location }>('POST', target, { ...options, body })).data;
  }

  /** PATCH: changes only what `body` names; with `ifMatch`, only while the location is at the version read. */
  async updateLocation(
    projectId: string,
    locationId: string,
    body: LocationPatch,
    options?: WriteOptions,
  ): Promise<Location> {
    return (await this.updateLocationTagged(projectId, locationId, body, options)).location;
  }

  /** As `updateLocation`, with the saved location's new `ETag` for the next write. */
  async updateLocationTagged(
    projectId: string,
    locationId: string,
    body: LocationPatch,
    options?: WriteOptions,
  ): Promise<TaggedLocation> {
    const target = path('/api/v2/projects/{project_id}/locations/{location_id}', {
      project_id: projectId,
      location_id: locationId,
    });
    const answer = await this.http.sendTagged<{ data: Location }>('PATCH', target, { ...conditionOf(options), body });
    return { location: answer.body.data, etag: answer.etag ?? '' };
  }

  /**
   * One change to many locations in one transaction: those named by `ids`, or every one matching `where` (the list's
   * filters). Sent once, never retried (a bulk action carries no idempotency key).
   */
  async bulkLocations(projectId: string, body: LocationBulk, options?: CallOptions): Promise<LocationBulkResult> {
    const target = path('/api/v2/projects/{project_id}/locations/bulk', { project_id: projectId });
    return (await this.http.send<{ data: LocationBulkResult }>('POST', target, { ...options, body, once: true })).data;
  }

  /** PUT: the fuller update (`name` and `city` required); omitted marker and location type reset to the defaults. */
  async replaceLocation(
    projectId: string,
    locationId: string,
    body: LocationReplace,
    options?: WriteOptions,
  ): Promise<Location> {
    const target = path('/api/v2/projects/{project_id}/locations/{location_id}', {
      project_id: projectId,
      location_id: locationId,
    });
    return (await this.http.send<{ data: Location }>('PUT', target, { ...conditionOf(options), body })).data;
  }

  async deleteLocation(projectId: string, locationId: string, options?: WriteOptions): Promise<void> {
    const target = path('/api/v2/projects/{project_id}/locations/{location_id}', {
      project_id: projectId,
      location_id: locationId,
    });
    await this.http.send('DELETE', target, conditionOf(options));
  }

  /** Where an address is, by the server's geocoder (saves nothing); null when no place matches. */
  async geocodeAddress(projectId: string, address: GeocodeRequest, options?: CallOptions): Promise<GeocodeAnswer> {
    const target = path('/api/v2/projects/{project_id}/geocode', { project_id: projectId });
    return (await this.http.send<{ data: GeocodeAnswer }>('POST', target, { ...options, body: address, once: true }))
      .data;
  }

  /** The tile server of the server's maps (`MAP_TILE_URL`) and its credit. */
  async getMap(options?: CallOptions): Promise<MapTiles> {
    return (await this.http.send<{ data: MapTiles }>('GET', path('/api/v2/map'), options)).data;
  }

  /**
   * One page of the change feed: the events after `query.after` (an event ID; `latest` for none and the newest ID as
   * `meta.next_after`; omitted: from the oldest event kept), in commit order.
   */
  async listEvents(projectId: string, query: EventListQuery = {}, options?: CallOptions): Promise<EventPage> {
    return this.http.send<EventPage>('GET', path('/api/v2/projects/{project_id}/events', { project_id: projectId }), {
      ...options,
      query,
    });
  }

  /**
   * Every event after `query.after`, page by page in commit order, until the feed has no more for now (with
   * `query.before`: every event before it, newest first, to the oldest kept). Keep each
   * event's `id` with what you did with it and start from the last one next time (or loop, waiting between rounds)
   * to follow the feed. A cursor older than the retention is a `LocatorApiError` with status 410: copy the locations
   * again and follow from `after: 'latest'`.
   */
  async *events(
    projectId: string,
    query: EventListQuery = {},
    options?: CallOptions,
  ): AsyncGenerator<ChangeEvent, void, undefined> {
    if (query.before !== undefined) {
      yield* this.history(projectId, query, options);
      return;
    }
    let after = query.after;
    for (;;) {
      const page = await this.listEvents(projectId, { ...query, ...(after !== undefined ? { after } : {}) }, options);
      yield* page.data;
      if (!page.meta.has_more) return;
      if (page.meta.next_after === null || page.meta.next_after === after)
        throw new LocatorError(
          `The change feed says more events follow ${after ?? 'the start'} but names no later cursor; stopping rather than looping.`,
        );
      after = page.meta.next_after;
    }
  }

  /** The feed backwards from `query.before` (an event ID or `latest`), newest first, page by page to the oldest kept. */
  private async *history(
    projectId: string,
    query: EventListQuery,
    options?: CallOptions,
  ): AsyncGenerator<ChangeEvent, void, undefined> {
    let before = query.before;
    for (;;) {
      const page = await this.listEvents(projectId, { ...query, before }, options);
      yield* page.data;
      if (!page.meta.has_more) return;
      if (page.meta.next_before === null || page.meta.next_before === before)
        throw new LocatorError(
          `The change feed says older events precede ${before} but names no cursor; stopping rather than looping.`,
        );
      before = page.meta.next_before;
    }
  }
}
