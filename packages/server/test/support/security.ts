import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../src/domain/roles.ts';
import { SCOPES, type Scope } from '../../src/domain/tokens.ts';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { setPlan } from './factories.ts';
import { addMember } from './people.ts';
import { type BrowserSession, call, createAccount, signInAs, type TestServer, useTestServer } from './server.ts';

/** The request a route's security cases make: a concrete path and, for writes, a body that would succeed. */
export interface RouteCall {
  path: string;
  body?: unknown;
  /** A body sent as is with its Content-Type (a file to import), instead of JSON. */
  file?: { content: string; contentType: string };
}

/** One row of the security table: a route and what it takes to call it successfully. */
export interface SecuredRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as registered, for test names: `/api/v2/projects/:project_id/markers/:id`. */
  route: string;
  api: 'v2' | 'v1';
  /** The scope (or scopes, all needed) a V2 route requires; every other scope together must not be enough. */
  scope?: Scope | readonly Scope[];
  /** Whether the route refuses a project without the Business plan (403). */
  planGated: boolean;
  /**
   * Whether the path names something of the account (a project, a location, ...), so that another user calling it
   * must get 404. False for routes about the caller only (`/api/v2/user`).
   */
  owned: boolean;
  /**
   * The least role a member of the project needs for the route (each role above it may too, each below gets 403), or
   * null for a route that names no project (the caller's own user, session and tokens; V1, which works on the token
   * owner's personal project).
   */
  role: Role | null;
  /** A route of the browser's own session (`GET /api/v2/session`): it takes the session cookie and no token. */
  sessionOnly?: true;
  /**
   * Creates what the route needs in `account.project` (the personal project, the one V1 works on) through services,
   * repositories or HTTP, and returns the call that succeeds for that account.
   */
  setup(server: TestServer, account: CreatedUser): Promise<RouteCall>;
}

type Caller = { token?: string; session?: BrowserSession };

async function send(server: TestServer, route: SecuredRoute, target: RouteCall, caller: Caller) {
  return call(server, route.method, target.path, {
    ...(caller.token ? { token: caller.token } : {}),
    ...(caller.session ? { session: caller.session } : {}),
    ...(target.body !== undefined ? { body: target.body } : {}),
    ...(target.file ? { rawBody: target.file.content, headers: { 'content-type': target.file.contentType } } : {}),
  });
}

/**
 * The credential the happy path uses: V1 takes the legacy token; V2 a token with the route's scope and nothing else;
 * a session route the owner's session.
 */
async function rightCaller(server: TestServer, route: SecuredRoute, account: CreatedUser): Promise<Caller> {
  if (route.sessionOnly) return { session: await signInAs(server, account.user.id) };
  if (route.api === 'v1') return { token: account.legacyToken.token };
  if (!route.scope) return { token: account.token.token };
  const issued = await server.services.accounts.createToken({
    email: account.user.email,
    name: 'only-needed-scope',
    scopes: [route.scope].flat(),
  });
  return { token: issued.token };
}

/**
 * Runs the same security cases for every route of the table, each on a fresh account:
 * no token → 401 with `WWW-Authenticate: Bearer`; the other API version's token → 401; (V2) a token with every scope
 * but the required one → 403; another user calling the route → 404; a project off the Business plan → 403 (or still
 * 2xx for routes that are not plan-gated); and the right token → 2xx.
 */
export function describeRouteSecurity(routes: readonly SecuredRoute[]): void {
  // Many deliberate 401s come from one address; the failed-authentication budget is tested on its own.
  // Webhook routes point at this machine (nothing leaves it), which a deployment must allow.
  const server = useTestServer({ env: { AUTH_FAILURE_LIMIT_PER_MINUTE: '0', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' } });

  /** A fresh account and what the route needs in it. */
  async function arrange(route: SecuredRoute) {
    const account = await createAccount(server);
    const target = await route.setup(server, account);
    return { account, target };
  }

  describe.each(routes.map((route) => ({ ...route, name: `${route.method} ${route.route}` })))('$name', (route) => {
    it('answers 401 with WWW-Authenticate: Bearer without a token', async () => {
      const { target } = await arrange(route);
      const response = await send(server, route, target, {});
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(response.body).toEqual({ message: expect.any(String) });
    });

    it("answers 401 to the other API version's token", async () => {
      const { account, target } = await arrange(route);
      const otherVersionToken = route.api === 'v2' ? account.legacyToken.token : account.token.token;
      const response = await send(server, route, target, { token: otherVersionToken });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
    });

    for (const scope of route.api === 'v2' && route.scope ? [route.scope].flat() : []) {
      it(`answers 403 to a token with every scope but ${scope}`, async () => {
        const { account, target } = await arrange(route);
        const others = SCOPES.filter((candidate) => candidate !== scope);
        const { token } = await server.services.accounts.createToken({
          email: account.user.email,
          name: 'without-scope',
          scopes: others,
        });
        const response = await send(server, route, target, { token });
        expect(response.status).toBe(403);
        expect(response.body.message).toContain(scope);
      });
    }

    if (route.owned) {
      it('answers 404 to another user, as if the resource did not exist', async () => {
        const { target } = await arrange(route);
        const stranger = await createAccount(server);
        const strangersToken = route.api === 'v2' ? stranger.token.token : stranger.legacyToken.token;
        const caller = route.sessionOnly
          ? { session: await signInAs(server, stranger.user.id) }
          : { token: strangersToken };
        const response = await send(server, route, target, caller);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ message: expect.any(String) });
      });
    }

    if (route.planGated) {
      it('answers 403 when the project is not on the Business plan', async () => {
        const { account, target } = await arrange(route);
        await setPlan(server, account.project.id, 'plus');
        const response = await send(server, route, target, await rightCaller(server, route, account));
        expect(response.status).toBe(403);
        expect(response.body.message).toMatch(/Business/);
      });
    } else {
      it('works whatever the plan of the project', async () => {
        const { account, target } = await arrange(route);
        await setPlan(server, account.project.id, 'free');
        const response = await send(server, route, target, await rightCaller(server, route, account));
        expect(response.status).toBeGreaterThanOrEqual(200);
        expect(response.status).toBeLessThan(300);
      });
    }

    if (route.role !== null) {
      const least = ROLES.indexOf(route.role);
      it(`lets members from ${route.role} up in with a session, and refuses the roles below (403)`, async () => {
        const answers: Record<string, number> = {};
        for (const role of ROLES) {
          const { account, target } = await arrange(route);
          const member = await createAccount(server);
          await addMember(server, account.project.id, member.user.id, role);
          const response = await send(server, route, target, { session: await signInAs(server, member.user.id) });
          answers[role] = response.status >= 200 && response.status < 300 ? 200 : response.status;
        }
        expect(answers).toEqual(Object.fromEntries(ROLES.map((role, rank) => [role, rank >= least ? 200 : 403])));
      });
    }

    it(
      route.api === 'v2' && route.scope
        ? `succeeds with a token holding only ${route.scope}`
        : 'succeeds with the right token',
      async () => {
        const { account, target } = await arrange(route);
        const response = await send(server, route, target, await rightCaller(server, route, account));
        expect(response.status, response.text).toBeGreaterThanOrEqual(200);
        expect(response.status, response.text).toBeLessThan(300);
      },
    );
  });
}
