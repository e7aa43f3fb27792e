import type { Config } from './config/config.ts';
import type { DatabaseHandle } from './db/connection.ts';
import { type Clock, systemClock } from './domain/time.ts';
import {
  type Accounts,
  createAccounts,
  createMailer,
  createPasskeys,
  createPeople,
  createTeam,
  type Passkeys,
  type People,
  type Team,
} from './features/accounts/index.ts';
import { type Analytics, createAnalytics } from './features/analytics/index.ts';
import { DashboardFiles, defaultDashboardDir } from './features/dashboard/index.ts';
import { createFinder, type Finder } from './features/finder/index.ts';
import { createImports, type Imports } from './features/imports/index.ts';
import { createLocations, geocodingQueue, type Locations } from './features/locations/index.ts';
import { checkReadiness, type Readiness } from './features/operations/index.ts';
import { type Branding, createBranding, createSettings, type Settings } from './features/settings/index.ts';
import { createWebhooks, type Webhooks } from './features/webhooks/index.ts';
import { createGeocoder } from './geocoding/create-geocoder.ts';
import type { Geocoder } from './geocoding/geocoder.ts';
import type { IdempotencyStore } from './http/idempotency.ts';
import { JobRunner } from './jobs/runner.ts';
import { createRateLimitStore } from './ratelimit/create-store.ts';
import { createSignInLimiter, type SignInLimiter } from './ratelimit/sign-in-limiter.ts';
import type { RateLimitStore } from './ratelimit/store.ts';

/**
 * Everything the process serves with, built once at start from the configuration and read-only after: each feature's
 * service, the database and the infrastructure they share. Routes receive the services they use when they are
 * registered; workers are built here and started by the server (`startWorkers`).
 */
export interface Services {
  readonly config: Config;
  readonly clock: Clock;
  readonly database: DatabaseHandle;
  readonly rateLimitStore: RateLimitStore;
  readonly geocoder: Geocoder;
  readonly idempotency: IdempotencyStore;
  readonly accounts: Accounts;
  /** People who sign in to the dashboard: passwords and sessions. */
  readonly people: People;
  readonly passkeys: Passkeys;
  /** The members of projects, their roles and invitations. */
  readonly team: Team;
  /** The budgets of failed sign-ins, per e-mail and per client address. */
  readonly signInLimiter: SignInLimiter;
  readonly locations: Locations;
  readonly settings: Settings;
  readonly branding: Branding;
  readonly finder: Finder;
  readonly imports: Imports;
  readonly webhooks: Webhooks;
  /** The store finder's counts of searches and visitors' actions, flushed to daily rows. */
  readonly analytics: Analytics;
  /** The dashboard's built files, served at /dashboard. */
  readonly dashboardFiles: DashboardFiles;
  readonly readiness: { check(): Promise<Readiness> };
  /** The queue of locations waiting for coordinates, worked by each server process unless `GEOCODING_WORKER=off`. */
  readonly geocodingWorker: JobRunner<unknown, unknown>;
}

/** How a worker tells of an error it carries on after. */
export interface ErrorLog {
  error(details: { err: unknown }, message: string): void;
}

/** A claim on a geocoding job outlives any provider call (each bounded by the geocoder timeout and a few retries). */
const GEOCODING_LEASE_MS = 5 * 60_000;
/** A failed geocoding job waits this long before its second try, then twice as long before each next one. */
const GEOCODING_BACKOFF_MS = 30_000;

/** Builds the services of a process on an open, migrated database. */
export function buildServices(
  config: Config,
  { database, clock = systemClock, log }: { database: DatabaseHandle; clock?: Clock; log: ErrorLog },
): Services {
  const { db } = database;
  const onErrorOf = (what: string) => (error: unknown) => log.error({ err: error }, `${what} error`);
  const geocoder = createGeocoder(config, { db, clock });
  const rateLimitStore = createRateLimitStore(config);
  const mailer = createMailer(config.people.smtp);
  const locations = createLocations({ db, clock, geocoding: { geocoder, timeoutMs: config.geocoder.timeoutMs } });
  const geocodingWorker = new JobRunner(
    geocodingQueue(db, {
      geocoder,
      clock,
      maxAttempts: config.geocodingQueue.maxAttempts,
      backoffBaseMs: GEOCODING_BACKOFF_MS,
      lockMs: GEOCODING_LEASE_MS,
      timeoutMs: config.geocoder.timeoutMs * 3,
    }),
    {
      pollMs: config.geocodingQueue.pollMs,
      leaseMs: GEOCODING_LEASE_MS,
      clock,
      onError: onErrorOf('geocoding worker'),
    },
  );
  return Object.freeze({
    config,
    clock,
    database,
    rateLimitStore,
    geocoder,
    idempotency: { db, clock },
    accounts: createAccounts({ db, clock }),
    people: createPeople({ db, clock, config: config.people, mailer }),
    passkeys: createPasskeys({ db, clock }),
    team: createTeam({ db, clock, mailer }),
    signInLimiter: createSignInLimiter(config.people, rateLimitStore, clock),
    locations,
    settings: createSettings({ db, clock }),
    branding: createBranding({ db, clock }),
    finder: createFinder({ db, commits: database.commits, clock, geocoder, config }),
    imports: createImports({ db, clock, config, onError: onErrorOf('import worker') }),
    webhooks: createWebhooks({ db, clock, config, onError: onErrorOf('webhook worker') }),
    analytics: createAnalytics({ db, clock, config: config.analytics, onError: onErrorOf('analytics flush') }),
    dashboardFiles: new DashboardFiles(config.dashboardDir ?? defaultDashboardDir()),
    readiness: { check: () => checkReadiness({ db, rateLimitStore }) },
    geocodingWorker,
  });
}

/**
 * Starts the workers the configuration asks this process to run (geocoding, webhook deliveries with the pruning of old
 * events, imports, the analytics' flushes); the answer stops them, letting the jobs in hand finish (an import: its
 * batch in hand). The analytics' last flush is the app's to make, when it closes (`buildApp`).
 */
export function startWorkers(services: Services): () => Promise<void> {
  const { config, geocodingWorker, webhooks, imports, analytics } = services;
  const stops: (() => Promise<void>)[] = [];
  analytics.start();
  if (config.geocodingQueue.worker) {
    geocodingWorker.start();
    stops.push(() => geocodingWorker.stop());
  }
  if (config.webhooks.worker) {
    webhooks.worker.start();
    stops.push(() => webhooks.worker.stop(), webhooks.pruneOldEvents());
  }
  if (config.imports.worker) {
    imports.worker.start();
    stops.push(() => imports.worker.stop());
  }
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
