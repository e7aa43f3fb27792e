import { describe, expect, it } from 'vitest';
import { backoffMs, DEFAULT_RETRY_POLICY, isRetrySafe, retryAfterMs, retryDecision } from '../src/retry-policy.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const policy = DEFAULT_RETRY_POLICY;

describe('retryAfterMs', () => {
  it('reads whole seconds', () => {
    expect(retryAfterMs('2', NOW)).toBe(2000);
    expect(retryAfterMs(' 0 ', NOW)).toBe(0);
  });

  it('reads an HTTP date as the time left until it', () => {
    expect(retryAfterMs('Sat, 21 Nov 2026 12:00:02 GMT', NOW)).toBe(2000);
    expect(retryAfterMs('Sat, 21 Nov 2026 11:59:00 GMT', NOW)).toBe(0);
  });

  it('ignores what it cannot read', () => {
    expect(retryAfterMs(null, NOW)).toBeUndefined();
    expect(retryAfterMs('', NOW)).toBeUndefined();
    expect(retryAfterMs('soon', NOW)).toBeUndefined();
    expect(retryAfterMs('-5', NOW)).toBeUndefined();
  });
});

describe('backoffMs', () => {
  it('doubles its ceiling per retry up to the largest delay, with full jitter', () => {
    expect([1, 2, 3].map((retry) => backoffMs(policy, retry, () => 1))).toEqual([500, 1000, 2000]);
    expect(backoffMs(policy, 20, () => 1)).toBe(policy.maxDelayMs);
    expect(backoffMs(policy, 3, () => 0)).toBe(0);
    expect(backoffMs(policy, 3, () => 0.5)).toBe(1000);
  });
});

describe('isRetrySafe', () => {
  it('allows idempotent methods and POST with a key', () => {
    expect(['GET', 'PUT', 'DELETE', 'head'].map((method) => isRetrySafe(method, false))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(isRetrySafe('POST', false)).toBe(false);
    expect(isRetrySafe('POST', true)).toBe(true);
    expect(isRetrySafe('PATCH', true)).toBe(false);
  });
});

describe('retryDecision', () => {
  const state = { attempt: 1, waitedMs: 0, retrySafe: true };
  const half = () => 0.5;

  it('waits what Retry-After asks on a 429, whatever the method', () => {
    expect(
      retryDecision(policy, { kind: 'response', status: 429, retryAfterMs: 2000 }, { ...state, retrySafe: false }),
    ).toEqual({ delayMs: 2000, reason: 'rate-limited' });
  });

  it('backs off on a 429 without Retry-After', () => {
    expect(retryDecision(policy, { kind: 'response', status: 429, retryAfterMs: undefined }, state, half)).toEqual({
      delayMs: 250,
      reason: 'rate-limited',
    });
  });

  it('retries transient 5xx and lost answers only when retrying is safe', () => {
    for (const status of [500, 502, 503, 504]) {
      expect(retryDecision(policy, { kind: 'response', status, retryAfterMs: undefined }, state, half)?.reason).toBe(
        'server-error',
      );
      expect(
        retryDecision(policy, { kind: 'response', status, retryAfterMs: undefined }, { ...state, retrySafe: false }),
      ).toBeUndefined();
    }
    expect(retryDecision(policy, { kind: 'network-error' }, state, half)).toEqual({
      delayMs: 250,
      reason: 'network-error',
    });
    expect(retryDecision(policy, { kind: 'network-error' }, { ...state, retrySafe: false })).toBeUndefined();
  });

  it('never retries successes or other client errors', () => {
    for (const status of [200, 201, 400, 401, 403, 404, 409, 422, 501]) {
      expect(retryDecision(policy, { kind: 'response', status, retryAfterMs: 1000 }, state)).toBeUndefined();
    }
  });

  it('stops after the last retry and when the wait budget would be exceeded', () => {
    const rateLimited = { kind: 'response', status: 429, retryAfterMs: 1000 } as const;
    expect(retryDecision(policy, rateLimited, { ...state, attempt: policy.retries })).toBeDefined();
    expect(retryDecision(policy, rateLimited, { ...state, attempt: policy.retries + 1 })).toBeUndefined();
    expect(retryDecision(policy, rateLimited, { ...state, waitedMs: policy.maxTotalWaitMs - 1000 })).toBeDefined();
    expect(retryDecision(policy, rateLimited, { ...state, waitedMs: policy.maxTotalWaitMs - 999 })).toBeUndefined();
  });
});
