import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { budgetKey, decide, windowAt, type RateLimitDecision } from '../domain/rate-limit.ts';
import { createOutage } from '../ratelimit/outage.ts';
import { ApiError } from './errors.ts';

/** A limit of 0 turns that limit off: nothing is counted and no rate-limit headers are sent. */
const OFF = 0;

/** The hooks that enforce the rate limits; `buildApp` places them around authentication. */
export interface RateLimitHooks {
  /**
   * `onRequest`, before authentication: an address that has used up its budget of failed authentications is
   * answered 429 before its token is even looked at, so guessing tokens stays slow.
   */
  refuseBlockedClients(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** `onRequest`, after authentication: counts the request against its user's budget for the API version. */
  countRequest(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** `onSend`: a 401 on an authenticated route counts against the client address's budget. */
  countAuthFailure(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown>;
}

/**
 * Builds the rate-limit hooks over the context's store. When the store cannot answer, requests pass (fail
 * open) without rate-limit headers, the store is left alone for a second, and the outage is logged at most
 * once per minute.
 */
export function createRateLimitHooks(ctx: AppContext, log: FastifyBaseLogger): RateLimitHooks {
  const store = ctx.rateLimitStore;
  const outage = createOutage(log, ctx.clock);

  async function failingOpen<T>(operation: () => Promise<T>): Promise<T | undefined> {
    if (outage.pausing()) return undefined;
    try {
      const result = await operation();
      outage.succeeded();
      return result;
    } catch (error) {
      outage.failed(error);
      return undefined;
    }
  }

  const clientKey = (request: FastifyRequest) => budgetKey({ kind: 'auth-failures', clientAddress: request.ip });

  return {
    async refuseBlockedClients(request) {
      if (!request.routeOptions.config.auth || ctx.config.authFailureLimitPerMinute === OFF) return;
      const now = ctx.clock();
      const window = windowAt(now);
      const failures = await failingOpen(() => store.count(clientKey(request), window));
      if (failures === undefined) return;
      const decision = decide(failures + 1, ctx.config.authFailureLimitPerMinute, window, now);
      if (!decision.allowed) {
        throw tooManyRequests(decision, `Too many requests without a valid token from this address. Retry after ${decision.retryAfterSeconds} seconds.`);
      }
    },

    async countRequest(request, reply) {
      const api = request.routeOptions.config.auth?.api;
      const principal = request.principal;
      if (!api || !principal) return;
      const limit = api === 'v2' ? ctx.config.rateLimitPerMinute : ctx.config.v1RateLimitPerMinute;
      if (limit === OFF) return;
      const now = ctx.clock();
      const window = windowAt(now);
      const count = await failingOpen(() => store.increment(budgetKey({ kind: 'user', api, userId: principal.userId }), window));
      if (count === undefined) return;
      const decision = decide(count, limit, window, now);
      void reply.headers(budgetHeaders(decision));
      if (!decision.allowed) {
        throw tooManyRequests(
          decision,
          `Rate limit of ${limit} requests per minute exceeded for the ${api.toUpperCase()} API. Retry after ${decision.retryAfterSeconds} seconds.`,
        );
      }
    },

    async countAuthFailure(request, reply, payload) {
      if (reply.statusCode === 401 && request.routeOptions.config.auth && ctx.config.authFailureLimitPerMinute !== OFF) {
        await failingOpen(() => store.increment(clientKey(request), windowAt(ctx.clock())));
      }
      return payload;
    },
  };
}

function budgetHeaders(decision: RateLimitDecision): Record<string, string> {
  return { 'x-ratelimit-limit': String(decision.limit), 'x-ratelimit-remaining': String(decision.remaining) };
}

function tooManyRequests(decision: RateLimitDecision, message: string): ApiError {
  return new ApiError(429, message, undefined, {
    ...budgetHeaders(decision),
    'retry-after': String(decision.retryAfterSeconds),
    'x-ratelimit-reset': String(decision.resetAtSeconds),
  });
}
