import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { App } from './app-type.ts';
import { baseUrlOf } from './base-url.ts';

/** The generated OpenAPI 3.1 document, as plain JSON. */
export type OpenApiDocument = { paths?: Record<string, unknown> } & Record<string, unknown>;

/** Rate limits as callers meet them; the two versions have the same rules and separate budgets. */
function rateLimitsText(version: 'V2' | 'V1'): string {
  return `Rate limits: each user has a budget of requests per clock minute on ${version} (1,000 unless the operator configured another${
    version === 'V1' ? '; separate from the V2 budget' : ''
  }), shared by all of the user's tokens and every server instance. Every authenticated response carries \`X-RateLimit-Limit\`
(the budget) and \`X-RateLimit-Remaining\` (what is left of it this minute). Past the budget the answer is 429 with a JSON body,
\`Retry-After\` (whole seconds until a request succeeds again, at least 1) and \`X-RateLimit-Reset\` (Unix time in seconds when
the budget is full again). Requests without a valid token are limited per client address (60 a minute unless configured
otherwise); past that, the address is answered 429 whatever token it sends until the minute ends.`;
}

const V2_DESCRIPTION = `The current Locator API. Send \`Authorization: Bearer <API token>\` (tokens start with \`lct2_\`),
or, from the dashboard in a browser, the \`locator_session\` cookie of \`POST /api/v2/session\`. With the cookie, every request
other than GET, HEAD and OPTIONS must send \`X-CSRF-Token\` (the session's \`csrf_token\`) and, when the browser sends an
\`Origin\`, it must be this server's: otherwise 403. A bearer token needs neither.
In a project, what a caller may do is what their credential's scopes allow and their role there allows, both:
\`viewer\` reads; \`editor\` also creates, updates and deletes locations and imports; \`admin\` also manages the
project's settings, publishable keys, webhooks and members other than owners; \`owner\` everything.

Envelopes: a single resource is \`{"data": {...}}\`; lists are \`{"data": [...], "links": {...}, "meta": {...}}\`.
Errors are always JSON: \`{"message": "...", "errors": {"<field>": ["..."]}}\` (field errors on 422 only; nested keys use dots, e.g. \`hours.mon\`).
Statuses: 400 malformed JSON (or JSON nested more than 32 levels deep), 401 no valid token (with \`WWW-Authenticate: Bearer\`), 403 missing scope or a project without the Business plan,
404 unknown or someone else's resource, 405 wrong method (with \`Allow\`), 413 body over 1 MiB, 415 body not \`application/json\`,
422 invalid input (nothing is saved), 429 rate limited (\`Retry-After\`), 500 unexpected (the body carries \`request_id\`).
Every response carries \`X-Request-Id\`.
Text is stored in Unicode normal form C. Control characters (but tab, line feed and carriage return) and unpaired surrogates
are refused: 422 naming the field in a body or the parameter in a query, 404 in a path ID. A query parameter given twice is 422.

${rateLimitsText('V2')}`;

const PUBLIC_DESCRIPTION = `The store finder's public, read-only API for websites' visitors. Send a publishable key (\`lpk_…\`, made with \`locator keys create\` or V2 \`/projects/{id}/publishable-keys\`) as \`key=\` or in the \`X-Locator-Key\` header; a browser's origin must be one the key allows.`;

const V1_DESCRIPTION = `The legacy V1 API, kept exactly as existing integrations expect. Send \`Authorization: Bearer <legacy token>\`
(tokens start with \`lct1_\`); V1 works on the token owner's personal project only. Locations are returned without a
\`data\` wrapper; lists are Laravel-style pages (\`data\`, \`links\`, \`meta\`). Errors are JSON: \`{"message", "errors"?}\`.

${rateLimitsText('V1')}`;

/** Registers a description of every route on an app (`registerRoutes`). */
export type RouteDescriber = (app: App) => void;

/** Headers of a forwarded answer that belong to its own connection, not to the answer. */
const OWN_CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

/**
 * Serves the OpenAPI documents (`/api/v2/openapi.json`, `/api/openapi.json`) and the reference page at `/docs`
 * from an app of their own that only describes the routes, built on the first request for any of them: the
 * generator, its YAML writer and the reference page's static files took about a tenth of every start, and most
 * processes never serve a document.
 */
export function registerOpenApi(app: App, describeRoutes: RouteDescriber): void {
  let docs: Promise<FastifyInstance> | undefined;
  // A build that failed is tried again by the next request rather than kept.
  const documented = () =>
    (docs ??= buildDocsApp(describeRoutes).catch((error: unknown) => {
      docs = undefined;
      throw error;
    }));
  app.addHook('onClose', async () => {
    await docs?.then(
      (built) => built.close(),
      () => undefined,
    );
  });
  app.get('/api/v2/openapi.json', { schema: { hide: true } }, async (request) =>
    openApiFor(await documented(), 'v2', baseUrlOf(request)),
  );
  app.get('/api/openapi.json', { schema: { hide: true } }, async (request) =>
    openApiFor(await documented(), 'v1', baseUrlOf(request)),
  );
  app.get('/api/public/v1/openapi.json', { schema: { hide: true } }, async (request) =>
    openApiFor(await documented(), 'public', baseUrlOf(request)),
  );
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await (await documented()).inject({
      method: request.method as 'GET' | 'HEAD',
      url: request.url,
      headers: request.headers,
    });
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !OWN_CONNECTION_HEADERS.has(name)) void reply.header(name, value);
    }
    return reply.code(answer.statusCode).send(answer.rawPayload);
  };
  app.get('/docs', { schema: { hide: true } }, forward);
  app.get('/docs/*', { schema: { hide: true } }, forward);
}

/** An app with the generator, the reference page and every route, described only: it never validates or answers. */
async function buildDocsApp(describeRoutes: RouteDescriber): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  const docs = Fastify({ logger: false }).withTypeProvider<TypeBoxTypeProvider>();
  docs.setValidatorCompiler(() => () => true);
  docs.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await docs.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Locator API', version: '2.0.0', description: V2_DESCRIPTION },
      components: {
        securitySchemes: {
          apiToken: { type: 'http', scheme: 'bearer', description: 'A V2 API token (`lct2_…`).' },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'locator_session',
            description:
              'The session of a browser signed in with `POST /api/v2/session`; writes also need `X-CSRF-Token`.',
          },
          legacyToken: { type: 'http', scheme: 'bearer', description: 'The legacy V1 token (`lct1_…`).' },
          publishableKey: { type: 'apiKey', in: 'query', name: 'key', description: 'A publishable key (`lpk_…`).' },
          publishableKeyHeader: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Locator-Key',
            description: 'A publishable key (`lpk_…`).',
          },
        },
      },
    },
  });
  await docs.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: {
      urls: [
        { url: '/api/v2/openapi.json', name: 'V2 (current)' },
        { url: '/api/openapi.json', name: 'V1 (legacy)' },
        { url: '/api/public/v1/openapi.json', name: 'Store finder (public)' },
      ],
      deepLinking: true,
    },
  });
  describeRoutes(docs);
  await docs.ready();
  return docs;
}

/** Which API a document describes. */
export type ApiDocument = 'v2' | 'v1' | 'public';

/** The API documents, from an app built for them alone (the client's types are generated from these). */
export async function openApiDocuments(describeRoutes: RouteDescriber): Promise<Record<ApiDocument, OpenApiDocument>> {
  const docs = await buildDocsApp(describeRoutes);
  try {
    return {
      v2: openApiFor(docs, 'v2', DEFAULT_SERVER),
      v1: openApiFor(docs, 'v1', DEFAULT_SERVER),
      public: openApiFor(docs, 'public', DEFAULT_SERVER),
    };
  } finally {
    await docs.close();
  }
}

/** Where the committed documents (and the client types generated from them) say the API is: where they are served. */
const DEFAULT_SERVER = '/';

const LICENSE = { name: 'MIT', identifier: 'MIT' };

/**
 * The generated document cut down to one API version's paths, served from `serverUrl` (`PUBLIC_URL`, else the
 * address the document was asked on).
 */
function openApiFor(app: FastifyInstance, version: ApiDocument, serverUrl: string): OpenApiDocument {
  const full = app.swagger() as unknown as OpenApiDocument;
  const documentOf = (path: string): ApiDocument =>
    path.startsWith('/api/v2/') ? 'v2' : path.startsWith('/api/public/') ? 'public' : 'v1';
  const paths = Object.fromEntries(Object.entries(full.paths ?? {}).filter(([path]) => documentOf(path) === version));
  const info = {
    v2: { title: 'Locator API V2', version: '2.0.0', description: V2_DESCRIPTION, license: LICENSE },
    v1: { title: 'Locator API V1 (legacy)', version: '1.0.0', description: V1_DESCRIPTION, license: LICENSE },
    public: {
      title: 'Locator store finder API (public)',
      version: '1.0.0',
      description: PUBLIC_DESCRIPTION,
      license: LICENSE,
    },
  }[version];
  // Each document names only its own API's credentials.
  const components = full.components as { securitySchemes?: Record<string, unknown> } | undefined;
  const schemes = {
    v2: ['apiToken', 'sessionCookie'],
    v1: ['legacyToken'],
    public: ['publishableKey', 'publishableKeyHeader'],
  }[version];
  const securitySchemes = Object.fromEntries(
    Object.entries(components?.securitySchemes ?? {}).filter(([name]) => schemes.includes(name)),
  );
  return {
    ...full,
    info,
    servers: [{ url: serverUrl, description: 'This Locator server' }],
    components: { ...components, securitySchemes },
    paths,
  };
}
