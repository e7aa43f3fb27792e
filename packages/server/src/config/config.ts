import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import { DEFAULT_FILE_BOUNDS, type FileBounds } from '../domain/file-bounds.ts';
import { DEFAULT_IMPORT_MAX_BYTES } from '../domain/file-formats.ts';
import { DEFAULT_RETRY_SCHEDULE, parseDurations } from '../domain/webhook-retries.ts';
import { GEOCODER_PROVIDERS, type GeocoderConfig, geocoderConfigOf } from './geocoder-config.ts';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.ts';

/** Environment variables the service reads, with their defaults. Parsed once at start-up. */
const EnvSchema = Type.Object({
  DATABASE_URL: Type.String({ default: 'sqlite:./data/locator.db', pattern: '^(sqlite:|postgres(ql)?://)' }),
  DATABASE_POOL_SIZE: Type.Integer({ default: 10, minimum: 1, maximum: 1000 }),
  PORT: Type.Integer({ default: 8080, minimum: 0, maximum: 65535 }),
  HOST: Type.String({ default: '0.0.0.0', minLength: 1 }),
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)),
    { default: 'info' },
  ),
  // 0 turns a limit off (a proxy in front limits instead, or a benchmark measures the limiter's cost).
  RATE_LIMIT_PER_MINUTE: Type.Integer({ default: 1000, minimum: 0 }),
  V1_RATE_LIMIT_PER_MINUTE: Type.Integer({ default: 1000, minimum: 0 }),
  PUBLIC_RATE_LIMIT_PER_MINUTE: Type.Integer({ default: 600, minimum: 0 }),
  AUTH_FAILURE_LIMIT_PER_MINUTE: Type.Integer({ default: 60, minimum: 0 }),
  PUBLIC_CACHE_CONTROL: Type.String({
    default: 'public, max-age=60, stale-while-revalidate=300',
    pattern: '^[\\w ,=\\-"]{1,200}$',
  }),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://[^\\s]+$' })),
  REDIS_KEY_PREFIX: Type.String({ default: 'locator:', pattern: '^[\\w.:-]{1,64}$' }),
  TRUST_PROXY: Type.String({ default: 'false' }),
  GEOCODER: Type.Union(
    GEOCODER_PROVIDERS.map((provider) => Type.Literal(provider)),
    { default: 'offline' },
  ),
  NOMINATIM_URL: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  GOOGLE_MAPS_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  GEOCODER_TIMEOUT_MS: Type.Integer({ default: 2000, minimum: 100, maximum: 60000 }),
  GEOCODER_REQUESTS_PER_SECOND: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1000 })),
  GEOCODING_WORKER: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on' }),
  GEOCODING_MAX_ATTEMPTS: Type.Integer({ default: 5, minimum: 1, maximum: 50 }),
  GEOCODING_POLL_MS: Type.Integer({ default: 1000, minimum: 10, maximum: 600000 }),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: Type.Union([Type.Literal('true'), Type.Literal('false')], { default: 'false' }),
  WEBHOOK_WORKER: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on' }),
  WEBHOOK_POLL_MS: Type.Integer({ default: 1000, minimum: 10, maximum: 600000 }),
  WEBHOOK_CONCURRENCY: Type.Integer({ default: 8, minimum: 1, maximum: 100 }),
  WEBHOOK_TIMEOUT_MS: Type.Integer({ default: 10000, minimum: 100, maximum: 60000 }),
  WEBHOOK_RETRY_SCHEDULE: Type.String({ default: DEFAULT_RETRY_SCHEDULE }),
  EVENT_RETENTION_DAYS: Type.Integer({ default: 90, minimum: 1, maximum: 3650 }),
  IMPORT_WORKER: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on' }),
  STORE_FINDER_WARM_UP: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on' }),
  STORE_FINDER_CACHE_MB: Type.Integer({ default: 160, minimum: 0, maximum: 1024 * 1024 }),
  IMPORT_MAX_BYTES: Type.Integer({ default: DEFAULT_IMPORT_MAX_BYTES, minimum: 1024, maximum: 1024 * 1024 * 1024 }),
  IMPORT_LEASE_SECONDS: Type.Number({ default: 30, minimum: 0.3, maximum: 3600 }),
  IMPORT_XLSX_MAX_UNPACKED_BYTES: Type.Integer({
    default: DEFAULT_FILE_BOUNDS.xlsxUnpackedBytes,
    minimum: 1024,
    maximum: 64 * 1024 * 1024 * 1024,
  }),
  IMPORT_XLSX_MAX_STRINGS_BYTES: Type.Integer({
    default: DEFAULT_FILE_BOUNDS.xlsxSharedStringsBytes,
    minimum: 1024,
    maximum: 16 * 1024 * 1024 * 1024,
  }),
  IMPORT_READER_MEMORY_MB: Type.Integer({ default: DEFAULT_FILE_BOUNDS.readerMemoryMb, minimum: 64, maximum: 65536 }),
  MAP_TILE_URL: Type.String({
    default: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    pattern: '^https?://[^\\s"<>]+$',
  }),
  MAP_TILE_ATTRIBUTION: Type.String({
    default: '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    minLength: 1,
    maxLength: 500,
  }),
  WIDGET_DIR: Type.Optional(Type.String({ minLength: 1 })),
  SESSION_IDLE_HOURS: Type.Number({ default: 12, exclusiveMinimum: 0, maximum: 8760 }),
  SESSION_MAX_DAYS: Type.Number({ default: 30, exclusiveMinimum: 0, maximum: 3650 }),
  SIGNUP: Type.Union([Type.Literal('open'), Type.Literal('closed')], { default: 'closed' }),
  SIGN_IN_FAILURES_PER_EMAIL: Type.Integer({ default: 10, minimum: 0 }),
  SIGN_IN_FAILURES_PER_ADDRESS: Type.Integer({ default: 100, minimum: 0 }),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://[^\\s]+$' })),
  SMTP_FROM: Type.String({ default: 'Locator <locator@localhost>', minLength: 3, maxLength: 200 }),
  DASHBOARD_DIR: Type.Optional(Type.String({ minLength: 1 })),
  ANALYTICS: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on' }),
  ANALYTICS_FLUSH_SECONDS: Type.Number({ default: 10, minimum: 0.1, maximum: 3600 }),
  ANALYTICS_RETENTION_DAYS: Type.Integer({ default: 400, minimum: 1, maximum: 3650 }),
});

export interface Config {
  databaseUrl: string;
  /** Connections each process keeps open to PostgreSQL (SQLite uses one). */
  databasePoolSize: number;
  port: number;
  host: string;
  /** Base URL used to build absolute links; the request's own host is used when unset. */
  publicUrl: string | undefined;
  logLevel: Static<typeof EnvSchema>['LOG_LEVEL'];
  /** Requests per minute per user on V2, shared by all of the user's tokens and all instances; 0 = no limit. */
  rateLimitPerMinute: number;
  /** The separate per-user budget of V1; 0 = no limit. */
  v1RateLimitPerMinute: number;
  /** Store-finder requests per minute per client address and publishable key; 0 = no limit. */
  publicRateLimitPerMinute: number;
  /** The `Cache-Control` of the store finder's answers: how long browsers and CDNs may keep them. */
  publicCacheControl: string;
  /** Requests without a valid token allowed per client address and minute; 0 = no limit. */
  authFailureLimitPerMinute: number;
  /** Redis holding the shared rate-limit counters; this process's memory when unset. */
  redisUrl: string | undefined;
  /** Namespace of every Redis key, so deployments (and test runs) sharing a Redis never collide. */
  redisKeyPrefix: string;
  /** Which proxies may tell the client address through `X-Forwarded-For`. */
  trustProxy: TrustProxy;
  /** The geocoder filling in coordinates a location is created without; `timeoutMs` bounds it during a request. */
  geocoder: GeocoderConfig;
  /** The queue of locations waiting for coordinates, worked in each server process. */
  geocodingQueue: { worker: boolean; maxAttempts: number; pollMs: number };
  /** Webhook deliveries, worked in each server process. */
  webhooks: WebhookConfig;
  /** Days the change feed keeps an event (and webhook deliveries their log). */
  eventRetentionDays: number;
  /**
   * Bulk imports: whether this process runs queued ones, the largest file accepted, how long a process running one
   * may go without a sign of life before another takes the import over, and what reading a file may take.
   */
  imports: { worker: boolean; maxBytes: number; leaseMs: number; bounds: FileBounds };
  /** Whether a starting process builds the store finder's index of every project with a working publishable key. */
  storeFinderWarmUp: boolean;
  /** How much memory the bodies of the locations searches answer with may keep (the least recently used go first). */
  storeFinderCacheBytes: number;
  /**
   * The raster tiles of the hosted finder's maps: a URL template (`{z}`, `{x}`, `{y}`, optionally `{s}`) and the
   * attribution their licence asks for (HTML of links, shown on the map).
   */
  mapTiles: { url: string; attribution: string };
  /**
   * The built widget (`locator.js`, `map.js`) served under /widget/v1/; unset: the repository's `packages/widget/dist`.
   */
  widgetDir: string | undefined;
  /** The built dashboard (Vite's `dist/`) served at /dashboard; unset: the repository's `packages/dashboard/dist`. */
  dashboardDir: string | undefined;
  /** Dashboard sign-in: how long sessions live, whether anyone may sign up, and the budgets of failed sign-ins. */
  people: PeopleConfig;
  /**
   * The store finder's counts of searches and visitors' actions: whether they are kept, how often a process adds its
   * counts to the daily rows, and how many days the rows are kept.
   */
  analytics: { enabled: boolean; flushMs: number; retentionDays: number };
}

export interface PeopleConfig {
  /** A session unused this long ends (`SESSION_IDLE_HOURS`). */
  sessionIdleMs: number;
  /** A session ends this long after sign-in, used or not (`SESSION_MAX_DAYS`). */
  sessionMaxMs: number;
  /** Whether anyone may create a user (with a project on the free plan) through `POST /api/v2/users`. */
  signupOpen: boolean;
  /** Failed sign-ins allowed per e-mail address, and per client address, in 15 minutes; 0 = no limit. */
  signInFailuresPerEmail: number;
  signInFailuresPerAddress: number;
  /** Where invitations and password-reset links are sent from; unset: they are only answered (and made by the CLI). */
  smtp: { url: string; from: string } | undefined;
}

export interface WebhookConfig {
  /**
   * Whether endpoints may be on loopback, private or link-local addresses, and use plain http (tests, closed networks).
   */
  allowPrivateNetworks: boolean;
  /** Whether this process sends deliveries (and prunes expired events). */
  worker: boolean;
  /** How often an idle worker looks for due deliveries. */
  pollMs: number;
  /** Deliveries this process sends at once. */
  concurrency: number;
  /** Bound of one delivery: connecting, sending and reading the answer. */
  timeoutMs: number;
  /** Waits before each retry of a failed delivery; spent, the delivery is given up and its endpoint disabled. */
  retrySchedule: number[];
}

export class ConfigError extends Error {}

/**
 * Reads the configuration from an environment, failing with one readable line.
 * @example loadConfig({ PORT: '3000' }).port // 3000
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(EnvSchema.properties)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  const converted = Value.Convert(EnvSchema, Value.Default(EnvSchema, known));
  const firstError = Value.Errors(EnvSchema, converted)[0];
  if (firstError) {
    const variable = firstError.instancePath.replace(/^\//, '') || String(Object.values(firstError.params)[0] ?? '');
    throw new ConfigError(
      `Invalid environment variable ${variable}=${JSON.stringify(env[variable] ?? '')}: ${firstError.message}`,
    );
  }
  const parsed = converted as Static<typeof EnvSchema>;
  return {
    databaseUrl: parsed.DATABASE_URL,
    databasePoolSize: parsed.DATABASE_POOL_SIZE,
    port: parsed.PORT,
    host: parsed.HOST,
    publicUrl: parsed.PUBLIC_URL?.replace(/\/+$/, ''),
    logLevel: parsed.LOG_LEVEL,
    rateLimitPerMinute: parsed.RATE_LIMIT_PER_MINUTE,
    v1RateLimitPerMinute: parsed.V1_RATE_LIMIT_PER_MINUTE,
    publicRateLimitPerMinute: parsed.PUBLIC_RATE_LIMIT_PER_MINUTE,
    authFailureLimitPerMinute: parsed.AUTH_FAILURE_LIMIT_PER_MINUTE,
    publicCacheControl: parsed.PUBLIC_CACHE_CONTROL,
    redisUrl: parsed.REDIS_URL,
    redisKeyPrefix: parsed.REDIS_KEY_PREFIX,
    trustProxy: requireTrustProxy(parsed.TRUST_PROXY),
    geocoder: requireGeocoder(parsed),
    geocodingQueue: {
      worker: parsed.GEOCODING_WORKER === 'on',
      maxAttempts: parsed.GEOCODING_MAX_ATTEMPTS,
      pollMs: parsed.GEOCODING_POLL_MS,
    },
    webhooks: {
      allowPrivateNetworks: parsed.WEBHOOK_ALLOW_PRIVATE_NETWORKS === 'true',
      worker: parsed.WEBHOOK_WORKER === 'on',
      pollMs: parsed.WEBHOOK_POLL_MS,
      concurrency: parsed.WEBHOOK_CONCURRENCY,
      timeoutMs: parsed.WEBHOOK_TIMEOUT_MS,
      retrySchedule: requireRetrySchedule(parsed.WEBHOOK_RETRY_SCHEDULE),
    },
    eventRetentionDays: parsed.EVENT_RETENTION_DAYS,
    imports: {
      worker: parsed.IMPORT_WORKER === 'on',
      maxBytes: parsed.IMPORT_MAX_BYTES,
      leaseMs: Math.round(parsed.IMPORT_LEASE_SECONDS * 1000),
      bounds: {
        xlsxUnpackedBytes: parsed.IMPORT_XLSX_MAX_UNPACKED_BYTES,
        xlsxSharedStringsBytes: parsed.IMPORT_XLSX_MAX_STRINGS_BYTES,
        readerMemoryMb: parsed.IMPORT_READER_MEMORY_MB,
      },
    },
    storeFinderWarmUp: parsed.STORE_FINDER_WARM_UP === 'on',
    storeFinderCacheBytes: parsed.STORE_FINDER_CACHE_MB * 1024 * 1024,
    mapTiles: { url: parsed.MAP_TILE_URL, attribution: parsed.MAP_TILE_ATTRIBUTION },
    widgetDir: parsed.WIDGET_DIR,
    people: {
      sessionIdleMs: Math.round(parsed.SESSION_IDLE_HOURS * 3_600_000),
      sessionMaxMs: Math.round(parsed.SESSION_MAX_DAYS * 86_400_000),
      signupOpen: parsed.SIGNUP === 'open',
      signInFailuresPerEmail: parsed.SIGN_IN_FAILURES_PER_EMAIL,
      signInFailuresPerAddress: parsed.SIGN_IN_FAILURES_PER_ADDRESS,
      smtp: parsed.SMTP_URL ? { url: parsed.SMTP_URL, from: parsed.SMTP_FROM } : undefined,
    },
    dashboardDir: parsed.DASHBOARD_DIR,
    analytics: {
      enabled: parsed.ANALYTICS === 'on',
      flushMs: Math.round(parsed.ANALYTICS_FLUSH_SECONDS * 1000),
      retentionDays: parsed.ANALYTICS_RETENTION_DAYS,
    },
  };
}

function requireTrustProxy(text: string): TrustProxy {
  const trust = parseTrustProxy(text);
  if (trust === undefined) {
    throw new ConfigError(
      `Invalid environment variable TRUST_PROXY=${JSON.stringify(text)}: use true, false, a hop count or a comma-separated list of proxy addresses or CIDR ranges`,
    );
  }
  return trust;
}

function requireRetrySchedule(text: string): number[] {
  const schedule = parseDurations(text);
  if (schedule === undefined) {
    throw new ConfigError(
      `Invalid environment variable WEBHOOK_RETRY_SCHEDULE=${JSON.stringify(text)}: use comma-separated durations such as ${DEFAULT_RETRY_SCHEDULE} (units ms, s, m, h, d)`,
    );
  }
  return schedule;
}

function requireGeocoder(variables: Static<typeof EnvSchema>): GeocoderConfig {
  const geocoder = geocoderConfigOf(variables);
  if (typeof geocoder === 'string') throw new ConfigError(geocoder);
  return geocoder;
}
