import { type CallOptions, type CreateOptions, HttpClient, type TokenClientOptions } from './http.ts';
import { itemsOf, pagesFrom } from './pagination.ts';
import { pathOf } from './paths.ts';
import type {
  V1Location,
  V1LocationCreate,
  V1LocationListQuery,
  V1LocationPage,
  V1LocationUpdate,
  V1Paths,
} from './v1-types.ts';

const path = <P extends keyof V1Paths & string>(template: P, parameters?: Record<string, string | number>) =>
  pathOf<V1Paths, P>(template, parameters);

/**
 * The legacy V1 API (`/api`) with the legacy token; it works on the token owner's personal project.
 * @example
 * const legacy = new V1Client({ baseUrl: 'https://locator.example.com', token: process.env.LOCATOR_LEGACY_TOKEN });
 * for await (const location of legacy.locations({ limit: 100 })) console.log(location.id, location.name);
 */
export class V1Client {
  private readonly http: HttpClient;

  constructor(options: TokenClientOptions) {
    this.http = new HttpClient(options);
  }

  /** One page (`page` default 1, `limit` default 15, 1 to 100). */
  async listLocations(query: V1LocationListQuery = {}, options?: CallOptions): Promise<V1LocationPage> {
    return this.http.send<V1LocationPage>('GET', path('/api/locations'), { ...options, query });
  }

  /** Every page from `query.page` on; each request carries `limit`, even when the previous page's links omit it. */
  locationPages(
    query: V1LocationListQuery = {},
    options?: CallOptions,
  ): AsyncGenerator<V1LocationPage, void, undefined> {
    return pagesFrom(query.page ?? 1, (page) => this.listLocations({ ...query, page }, options));
  }

  /** Every location, page by page. */
  locations(query: V1LocationListQuery = {}, options?: CallOptions): AsyncGenerator<V1Location, void, undefined> {
    return itemsOf(this.locationPages(query, options));
  }

  /** One location by its numeric V1 ID. */
  async getLocation(id: string | number, options?: CallOptions): Promise<V1Location> {
    return this.http.send<V1Location>('GET', path('/api/locations/{id}', { id }), options);
  }

  /** Creates a location (`name` required); safe to retry, see `CreateOptions.idempotencyKey`. */
  async createLocation(body: V1LocationCreate, options?: CreateOptions): Promise<V1Location> {
    return this.http.send<V1Location>('POST', path('/api/locations'), { ...options, body });
  }

  /** PUT: `name` is required; omitted basic fields keep their values (see the V1 rules for `location_type`). */
  async updateLocation(id: string | number, body: V1LocationUpdate, options?: CallOptions): Promise<V1Location> {
    return this.http.send<V1Location>('PUT', path('/api/locations/{id}', { id }), { ...options, body });
  }

  async deleteLocation(id: string | number, options?: CallOptions): Promise<void> {
    await this.http.send('DELETE', path('/api/locations/{id}', { id }), options);
  }
}
