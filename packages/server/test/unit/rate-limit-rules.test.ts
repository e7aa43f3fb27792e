import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.ts';
import { parseTrustProxy } from '../../src/config/trust-proxy.ts';
import { fastifyTrustProxy } from '../../src/http/client-address.ts';
import { MemoryRateLimitStore } from '../../src/ratelimit/memory.store.ts';
import { createOutage, PAUSE_AFTER_FAILURE_MS } from '../../src/ratelimit/outage.ts';
import { budgetKey, decide, windowAt } from '../../src/ratelimit/rules.ts';

const MINUTE = 60_000;
const W = 1_700_000_040_000; // a window start (a multiple of a minute)

describe('fixed rate-limit windows', () => {
  it('aligns windows to the clock minute', () => {
    expect(W % MINUTE).toBe(0);
    expect(windowAt(W)).toEqual({ start: W, end: W + MINUTE });
    expect(windowAt(W + MINUTE - 1)).toEqual({ start: W, end: W + MINUTE });
    expect(windowAt(W + MINUTE)).toEqual({ start: W + MINUTE, end: W + 2 * MINUTE });
  });

  it('allows exactly the limit and refuses the next request', () => {
    const window = windowAt(W);
    expect(decide(1000, 1000, window, W)).toMatchObject({ allowed: true, remaining: 0 });
    expect(decide(1001, 1000, window, W)).toMatchObject({ allowed: false, remaining: 0 });
    expect(decide(1, 1000, window, W)).toMatchObject({ allowed: true, remaining: 999, limit: 1000 });
  });

  it('gives Retry-After as the whole seconds that reach the next window, at least 1, and Reset as its start', () => {
    const window = windowAt(W);
    expect(decide(2, 1, window, W).retryAfterSeconds).toBe(60);
    expect(decide(2, 1, window, W + 20_300).retryAfterSeconds).toBe(40);
    expect(decide(2, 1, window, W + 59_000).retryAfterSeconds).toBe(1);
    expect(decide(2, 1, window, W + 59_999).retryAfterSeconds).toBe(1);
    expect(decide(2, 1, window, W + 20_300).resetAtSeconds).toBe((W + MINUTE) / 1000);
    for (const offset of [0, 1, 999, 1000, 20_300, 59_001, 59_999]) {
      const { retryAfterSeconds } = decide(2, 1, window, W + offset);
      expect(windowAt(W + offset + retryAfterSeconds * 1000).start).toBe(W + MINUTE);
      if (retryAfterSeconds > 1) expect(windowAt(W + offset + (retryAfterSeconds - 1) * 1000).start).toBe(W);
    }
  });

  it('keeps the V1 and V2 budgets of one user, other users, client addresses, and failed tokens and keys apart', () => {
    const keys = [
      budgetKey({ kind: 'user', api: 'v2', userId: 7 }),
      budgetKey({ kind: 'user', api: 'v1', userId: 7 }),
      budgetKey({ kind: 'user', api: 'v2', userId: 8 }),
      budgetKey({ kind: 'auth-failures', clientAddress: '127.0.0.1', of: 'tokens' }),
      budgetKey({ kind: 'auth-failures', clientAddress: '127.0.0.1', of: 'publishable-keys' }),
      budgetKey({ kind: 'public', clientAddress: '127.0.0.1', key: 'lpk_1' }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the memory store', () => {
  it('counts each key and window separately, so V1 and V2 of one user do not share a budget', async () => {
    const store = new MemoryRateLimitStore();
    const window = windowAt(W);
    const v2 = budgetKey({ kind: 'user', api: 'v2', userId: 1 });
    const v1 = budgetKey({ kind: 'user', api: 'v1', userId: 1 });
    for (let i = 1; i <= 3; i += 1) expect(await store.increment(v2, window)).toBe(i);
    expect(await store.count(v2, window)).toBe(3);
    expect(await store.count(v1, window)).toBe(0);
    expect(await store.increment(v1, window)).toBe(1);
    expect(await store.count(v2, windowAt(W + MINUTE))).toBe(0);
  });

  it('forgets ended windows once a new one starts', async () => {
    const store = new MemoryRateLimitStore();
    await store.increment('a', windowAt(W));
    await store.increment('b', windowAt(W + MINUTE));
    expect(await store.count('a', windowAt(W))).toBe(0);
    expect(await store.count('b', windowAt(W + MINUTE))).toBe(1);
  });
});

describe('store outages', () => {
  it('warns at most once a minute with the failures since, and says once when the store answers again', () => {
    const clock = { now: W };
    const lines: string[] = [];
    const log = createOutage(
      {
        warn: (details, message) =>
          lines.push(`warn ${JSON.stringify({ failures: (details as { failures: number }).failures })} ${message}`),
        info: (message) => lines.push(`info ${message}`),
      },
      () => clock.now,
    );
    log.succeeded();
    expect(lines).toEqual([]);
    log.failed(new Error('down'));
    for (let i = 0; i < 5; i += 1) log.failed(new Error('down'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^warn \{"failures":1\} rate-limit store unreachable/);
    clock.now = W + MINUTE - 1;
    log.failed(new Error('down'));
    expect(lines).toHaveLength(1);
    clock.now = W + MINUTE;
    log.failed(new Error('down'));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^warn \{"failures":7\}/);
    log.succeeded();
    log.succeeded();
    expect(lines.slice(2)).toEqual(['info rate-limit store answers again: requests are limited again']);
  });

  it('pauses use of the store for a moment after each failure', () => {
    const clock = { now: W };
    const outage = createOutage({ warn: () => undefined, info: () => undefined }, () => clock.now);
    expect(outage.pausing()).toBe(false);
    outage.failed(new Error('timeout'));
    expect(outage.pausing()).toBe(true);
    clock.now = W + PAUSE_AFTER_FAILURE_MS - 1;
    expect(outage.pausing()).toBe(true);
    clock.now = W + PAUSE_AFTER_FAILURE_MS;
    expect(outage.pausing()).toBe(false);
  });
});

describe('rate-limit configuration', () => {
  it('defaults to 1,000 a minute for V2 and V1, 60 failed authentications, memory, and no trusted proxy', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      rateLimitPerMinute: 1000,
      v1RateLimitPerMinute: 1000,
      authFailureLimitPerMinute: 60,
      redisUrl: undefined,
      redisKeyPrefix: 'locator:',
      trustProxy: false,
    });
  });

  it('reads every setting and fails fast with one line naming the variable', () => {
    const config = loadConfig({
      RATE_LIMIT_PER_MINUTE: '50',
      V1_RATE_LIMIT_PER_MINUTE: '20',
      AUTH_FAILURE_LIMIT_PER_MINUTE: '5',
      REDIS_URL: 'redis://127.0.0.1:6379/0',
      REDIS_KEY_PREFIX: 'shop-a:',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
    });
    expect(config).toMatchObject({
      rateLimitPerMinute: 50,
      v1RateLimitPerMinute: 20,
      authFailureLimitPerMinute: 5,
      redisUrl: 'redis://127.0.0.1:6379/0',
      redisKeyPrefix: 'shop-a:',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
    });
    for (const [variable, value] of [
      ['RATE_LIMIT_PER_MINUTE', '-5'],
      ['V1_RATE_LIMIT_PER_MINUTE', 'many'],
      ['AUTH_FAILURE_LIMIT_PER_MINUTE', '-1'],
      ['REDIS_URL', 'localhost:6379'],
      ['REDIS_KEY_PREFIX', 'has space'],
      ['TRUST_PROXY', 'proxy.example.com'],
    ] as const) {
      expect(() => loadConfig({ [variable]: value }), variable).toThrow(ConfigError);
      expect(() => loadConfig({ [variable]: value }), variable).toThrow(
        new RegExp(`^Invalid environment variable ${variable}=[^\\n]+$`),
      );
    }
  });

  it('accepts TRUST_PROXY as a boolean, a hop count or addresses and ranges', () => {
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('FALSE')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('loopback, 192.168.0.0/16, ::1, fd00::/8')).toEqual([
      'loopback',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
    ]);
    for (const invalid of ['yes', '10.0.0.0/33', '10.0.0.1/8/2', '::1/129', '10.0.0', '']) {
      expect(parseTrustProxy(invalid), invalid).toBeUndefined();
    }
  });

  it('turns a hop count into trust of exactly the nearest proxies', () => {
    const trust = fastifyTrustProxy(2);
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect([0, 1, 2].map((hop) => trust('203.0.113.9', hop))).toEqual([true, true, false]);
    expect(fastifyTrustProxy(['127.0.0.1'])).toEqual(['127.0.0.1']);
  });
});
