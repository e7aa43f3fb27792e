import { Type } from 'typebox';
import type { App } from '../../../../http/app-type.ts';
import { principalOf } from '../../../../http/auth.ts';
import { DataEnvelope, errorResponses, SuccessBody } from '../../../../schemas/common.ts';
import type { Accounts } from '../../accounts.service.ts';
import { CreatedTokenBody, presentToken, TokenBody, TokenInput, TokenParams } from '../../schemas/tokens.ts';

const tags = ['V2 tokens'];
// Tokens are managed by the person signed in, never by another token: a leaked token cannot make more.
const config = { auth: { api: 'v2', session: 'only' } } as const;
const security = [{ sessionCookie: [] }];
const DAY_MS = 86_400_000;

/** The signed-in user's own V2 API tokens: listed, made (shown once) and revoked. */
export function registerV2Tokens(app: App, { accounts }: { accounts: Accounts }): void {
  app.get(
    '/api/v2/tokens',
    {
      config,
      schema: {
        tags,
        operationId: 'listTokens',
        summary: "List the signed-in user's API tokens, with when each was last used",
        security,
        response: { 200: Type.Object({ data: Type.Array(TokenBody) }), ...errorResponses(401, 429) },
      },
    },
    async (request) => ({ data: (await accounts.listOwnTokens(principalOf(request).userId)).map(presentToken) }),
  );
  app.post(
    '/api/v2/tokens',
    {
      config,
      schema: {
        tags,
        operationId: 'createToken',
        summary: 'Make an API token for the signed-in user',
        description:
          "The token is in the answer once; only its hash is kept. In each project it never does more than its user's role there allows, checked at every request.",
        security,
        body: TokenInput,
        response: { 201: DataEnvelope(CreatedTokenBody), ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const { name, scopes, expires_in_days } = request.body;
      const issued = await accounts.createOwnToken(principalOf(request).userId, {
        name,
        scopes,
        ...(expires_in_days === undefined ? {} : { expiresInMs: expires_in_days * DAY_MS }),
      });
      void reply.header('cache-control', 'no-store');
      return reply.code(201).send({ data: { ...presentToken(issued.row), token: issued.token } });
    },
  );
  app.delete(
    '/api/v2/tokens/:token_id',
    {
      config,
      schema: {
        tags,
        operationId: 'revokeToken',
        summary: "Revoke one of the signed-in user's tokens",
        description: 'Refused by every instance within a second (a token found valid is trusted for a second).',
        security,
        params: TokenParams,
        response: { 200: SuccessBody, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      await accounts.revokeOwnToken(principalOf(request).userId, request.params.token_id);
      return { success: true as const };
    },
  );
}
