import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.ts';
import type { Clock } from '../domain/time.ts';
import { ApiError } from '../http/errors.ts';
import { pageKeyRefused, publishableKeyOf } from '../http/public-routes.ts';
import { createOutage } from './outage.ts';
import { budgetKey, decide, type RateLimitDecision, windowAt } from './rules.ts';
import type { RateLimitStore } from './store.ts';

/** A limit of 0 turns that limit off: nothing is counted and no rate-limit headers are sent. */
const OFF = 0;

/** How a callback-style hook ends: with nothing, or with the error to answer. */
type HookDone = (error?: Error) => void;

/**
 * The hooks that enforce the rate limits; `buildApp` places them around authentication. They take a callback rather
 * than returning a promise: with the memory store they finish at once, where each promise (the hook's, the store's,
 * the fail-open wrapper's) cost a turn of the microtask queue on every request.
 */
export interface RateLimitHooks {
  /**
   * `onRequest`, before authentication: an address that has used up its budget of failed authentications is
   * answered 429 before its token is even looked at, so guessing tokens stays slow.
   */
  refuseBlockedClients(request: FastifyRequest, reply: FastifyReply, done: HookDone): void;
  /** `onRequest`, after authentication: counts the request against its user's budget for the API version. */
  countRequest(request: FastifyRequest, reply: FastifyReply, done: HookDone): void;
  /**
   * `onSend`: a 401 on an authenticated route, or a hosted page refused for its unknown or revoked key (a 404),
   * counts against the client address's budget.
   */
  countAuthFailure(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: Error | null, payload: unknown) => void,
  ): void;
}

/**
 * Builds the rate-limit hooks over the context's store. When the store cannot answer, requests pass (fail
 * open) without rate-limit headers, the store is left alone for a second, and the outage is logged at most
 * once per minute.
 */
/** What the rate limits are counted with: the configured limits, the store of counters and the clock. */
export interface RateLimitContext {
  config: Pick<
    Config,
    'rateLimitPerMinute' | 'v1RateLimitPerMinute' | 'publicRateLimitPerMinute' | 'authFailureLimitPerMinute'
  >;
  rateLimitStore: RateLimitStore;
  clock: Clock;
}

export function createRateLimitHooks(ctx: RateLimitContext, log: FastifyBaseLogger): RateLimitHooks {
  const store = ctx.rateLimitStore;
  const outage = createOutage(log, ctx.clock);

  /**
   * Hands the store's count to `judge`, at once when the store answers at once, and ends the hook with what `judge`
   * throws (a 429). A store that fails or is paused gives no count: the request passes.
   */
  function withCount(read: () => number | Promise<number>, judge: (count: number) => void, done: HookDone): void {
    const finish = (count: number | undefined) => {
      try {
        if (count !== undefined) judge(count);
      } catch (error) {
        done(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      done();
    };
    if (outage.pausing()) {
      finish(undefined);
      return;
    }
    let answer: number | Promise<number>;
    try {
      answer = read();
    } catch (error) {
      outage.failed(error);
      finish(undefined);
      return;
    }
    if (typeof answer === 'number') {
      outage.succeeded();
      finish(answer);
      return;
    }
    answer.then(
      (count) => {
        outage.succeeded();
        finish(count);
      },
      (error: unknown) => {
        outage.failed(error);
        finish(undefined);
      },
    );
  }

  /**
   * The budget of failed authentications a request counts against: of tokens on the APIs, of publishable keys on the
   * store finder (whose own budget is per key as sent, which a guesser would make new with every guess); none on
   * routes that take no credential.
   */
  const failuresKey = (request: FastifyRequest): string | undefined => {
    const { auth, publicKey, publicPage } = request.routeOptions.config;
    if (!auth && !publicKey && !publicPage) return undefined;
    return budgetKey({ kind: 'auth-failures', clientAddress: request.ip, of: auth ? 'tokens' : 'publishable-keys' });
  };

  /** The key in the path of a hosted finder page; undefined elsewhere. */
  const pageKeyOf = (request: FastifyRequest): string | undefined => {
    if (!request.routeOptions.config.publicPage) return undefined;
    const key = (request.params as Record<string, unknown> | undefined)?.key;
    return typeof key === 'string' ? key : undefined;
  };

  /** A store-finder request counts against its client address with the publishable key it carries, whatever the key. */
  function countPublicRequest(request: FastifyRequest, reply: FastifyReply, done: HookDone): void {
    const limit = ctx.config.publicRateLimitPerMinute;
    if (limit === OFF) {
      done();
      return;
    }
    const now = ctx.clock();
    const window = windowAt(now);
    const key = (pageKeyOf(request) ?? publishableKeyOf(request) ?? '').slice(0, 100);
    withCount(
      () => store.increment(budgetKey({ kind: 'public', clientAddress: request.ip, key }), window),
      (count) => {
        const decision = decide(count, limit, window, now);
        void reply.headers(budgetHeaders(decision));
        if (!decision.allowed) {
          throw tooManyRequests(
            decision,
            `Rate limit of ${limit} store-finder requests per minute exceeded. Retry after ${decision.retryAfterSeconds} seconds.`,
          );
        }
      },
      done,
    );
  }

  return {
    refuseBlockedClients(request, _reply, done) {
      const key = failuresKey(request);
      if (key === undefined || ctx.config.authFailureLimitPerMinute === OFF) {
        done();
        return;
      }
      const now = ctx.clock();
      const window = windowAt(now);
      withCount(
        () => store.count(key, window),
        (failures) => {
          const decision = decide(failures + 1, ctx.config.authFailureLimitPerMinute, window, now);
          if (!decision.allowed) {
            throw tooManyRequests(
              decision,
              `Too many requests without a valid token or key from this address. Retry after ${decision.retryAfterSeconds} seconds.`,
            );
          }
        },
        done,
      );
    },

    countRequest(request, reply, done) {
      if (request.routeOptions.config.publicKey || request.routeOptions.config.publicPage)
        return countPublicRequest(request, reply, done);
      const api = request.routeOptions.config.auth?.api;
      const principal = request.principal;
      if (!api || !principal) {
        done();
        return;
      }
      const limit = api === 'v2' ? ctx.config.rateLimitPerMinute : ctx.config.v1RateLimitPerMinute;
      if (limit === OFF) {
        done();
        return;
      }
      const now = ctx.clock();
      const window = windowAt(now);
      withCount(
        () => store.increment(budgetKey({ kind: 'user', api, userId: principal.userId }), window),
        (count) => {
          const decision = decide(count, limit, window, now);
          void reply.headers(budgetHeaders(decision));
          if (!decision.allowed) {
            throw tooManyRequests(
              decision,
              `Rate limit of ${limit} requests per minute exceeded for the ${api.toUpperCase()} API. Retry after ${decision.retryAfterSeconds} seconds.`,
            );
          }
        },
        done,
      );
    },

    countAuthFailure(request, reply, payload, done) {
      const key = failuresKey(request);
      const failed = reply.statusCode === 401 || pageKeyRefused(request);
      if (!failed || key === undefined || ctx.config.authFailureLimitPerMinute === OFF) {
        done(null, payload);
        return;
      }
      // Counted only: this answer is already a 401, and the next request from the address is judged.
      withCount(
        () => store.increment(key, windowAt(ctx.clock())),
        () => undefined,
        () => done(null, payload),
      );
    },
  };
}

function budgetHeaders(decision: RateLimitDecision): Record<string, string> {
  return { 'x-ratelimit-limit': String(decision.limit), 'x-ratelimit-remaining': String(decision.remaining) };
}

function tooManyRequests(decision: RateLimitDecision, message: string): ApiError {
  return new ApiError(429, message, {
    ...budgetHeaders(decision),
    'retry-after': String(decision.retryAfterSeconds),
    'x-ratelimit-reset': String(decision.resetAtSeconds),
  });
}
