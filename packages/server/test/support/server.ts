import { afterAll, beforeAll } from 'vitest';
import { type BuildAppOptions, buildApp, createLogger } from '../../src/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import type { CreatedUser } from '../../src/features/accounts/index.ts';
import type { App } from '../../src/http/app-type.ts';
import { buildServices, type Services } from '../../src/services.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestServer {
  url: string;
  app: App;
  database: DatabaseHandle;
  /** Number of SQL queries run since the server started; reset it to measure one request. */
  queries: { count: number };
  /** The clock the server reads; tests move it instead of sleeping. */
  clock: { now: number };
  /** The services the server was built with, on the test's clock. */
  services: Services;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  /** Receives the server's log lines (of `logLevel` and above); without it the server logs nothing. */
  logLines?: string[];
  /** The level of the lines `logLines` receives: `warn` unless told (`info` adds a line per request). */
  logLevel?: string;
  /** Told of every route the app registers, with its options (`config.auth` among them). */
  onRoute?: BuildAppOptions['onRoute'];
  /** Runs an import worker in the server, as production does (the server's clock times its leases). */
  importWorker?: boolean;
  /**
   * The database to start on, kept when the server stops (a restart: a second server on the first one's rows); the
   * caller disposes of it. A fresh one, disposed of on stop, unless given.
   */
  database?: TestDatabase;
}

/**
 * Every test calls from 127.0.0.1, so the failed-authentication budget of one address would couple unrelated
 * security tests; tests of that limit set their own.
 */
const SHARED_ADDRESS_ENV = { AUTH_FAILURE_LIMIT_PER_MINUTE: '1000000' };

/**
 * A real server listening on a free port of 127.0.0.1, on an empty database of its own: a SQLite file in a temp
 * folder, or with `TEST_DATABASE=postgres` a fresh schema in PostgreSQL (see `test-database.ts`).
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const testDatabase = options.database ?? (await createTestDatabase());
  const config = loadConfig({
    DATABASE_URL: testDatabase.url,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ...SHARED_ADDRESS_ENV,
    ...options.env,
  });
  const queries = { count: 0 };
  const database = openDatabase(config.databaseUrl, {
    poolSize: config.databasePoolSize,
    onQuery: () => {
      queries.count += 1;
    },
  });
  await migrateToLatest(database);
  const clock = { now: Date.now() };
  const logLines = options.logLines;
  const log = createLogger(
    logLines ? { level: options.logLevel ?? 'warn', stream: { write: (line) => void logLines.push(line) } } : false,
  );
  // No worker runs in tests unless asked: those of the geocoding queue and of webhooks drive them themselves, job by
  // job.
  const services = buildServices(config, { database, clock: () => clock.now, log });
  const app = await buildApp(services, log, options.onRoute ? { onRoute: options.onRoute } : {});
  // As in production: wait briefly for Redis when configured; an unreachable one is a case the tests cover.
  await services.rateLimitStore.ready().catch(() => undefined);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const importWorker = options.importWorker ? services.imports.worker.start() : undefined;
  return {
    url,
    app,
    database,
    queries,
    clock,
    services,
    async stop() {
      await importWorker?.stop();
      await app.close();
      services.webhooks.close();
      if (!options.database) await testDatabase.dispose();
    },
  };
}

/**
 * A test server for the tests of one file (or of the describe block it is called in): started in beforeAll, stopped
 * in afterAll. What it answers stands for that server from beforeAll on.
 */
export function useTestServer(options: TestServerOptions = {}): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(options);
  });
  afterAll(async () => started?.stop());
  const server = (): TestServer => {
    if (!started) throw new Error('The test server starts in beforeAll');
    return started;
  };
  return {
    get url() {
      return server().url;
    },
    get app() {
      return server().app;
    },
    get database() {
      return server().database;
    },
    get queries() {
      return server().queries;
    },
    get clock() {
      return server().clock;
    },
    get services() {
      return server().services;
    },
    stop: () => server().stop(),
  };
}

let accountCounter = 0;

/** A user with a personal project (Business unless told) and both tokens, made as the CLI makes them. */
export async function createAccount(
  server: TestServer,
  { plan = 'business' }: { plan?: string } = {},
): Promise<CreatedUser> {
  accountCounter += 1;
  const email = `user${accountCounter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  return server.services.accounts.createUser({ email, name: `User ${accountCounter}`, plan });
}

/** A second project of an existing user. */
export async function createExtraProject(server: TestServer, account: CreatedUser, plan = 'business') {
  return server.services.accounts.createProject({ email: account.user.email, name: `Extra ${plan}`, plan });
}

/** What a signed-in browser holds: the session cookie's value and the session's CSRF token. */
export interface BrowserSession {
  value: string;
  csrfToken: string;
}

/** Signs a user in without a password (the service's own start of a session), as a browser would hold it. */
export async function signInAs(server: TestServer, userId: number): Promise<BrowserSession> {
  const started = await server.services.people.startSession(userId);
  return { value: started.value, csrfToken: started.csrfToken };
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string;
  /** A signed-in browser: its session cookie, and the CSRF token sent with every method but GET, HEAD and OPTIONS. */
  session?: BrowserSession;
  body?: unknown;
  /** Sent as is, for malformed-body tests. */
  rawBody?: string;
  headers?: Record<string, string>;
}

/**
 * Calls the server (a test server, or any with a URL such as a child process) over real HTTP and parses the JSON
 * answer.
 */
export async function call<T = any>(
  server: Pick<TestServer, 'url'>,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.session) {
    headers.cookie = `locator_session=${options.session.value}`;
    if (!['GET', 'HEAD', 'OPTIONS'].includes(method)) headers['x-csrf-token'] ??= options.session.csrfToken;
  }
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(server.url + path, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}
