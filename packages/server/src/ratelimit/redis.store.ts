import { createRequire } from 'node:module';
import type { Redis, Result } from 'ioredis';
import type { RateWindow } from './rules.ts';
import type { RateLimitStore } from './store.ts';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    locatorRateLimitIncrement(key: string, ttlMs: number): Result<number, Context>;
  }
}

/**
 * INCR and PEXPIRE in one script, so no process ever sees a counter without its expiry, even when it
 * dies between the two. The window is part of the key, so expiry only reclaims memory: it never decides
 * a request.
 */
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** Short enough that a stalled Redis costs a request a quarter second at most before the limiter fails open. */
const COMMAND_TIMEOUT_MS = 250;
const CONNECT_TIMEOUT_MS = 1_000;

export interface RedisStoreOptions {
  url: string;
  /** Namespace for every key, e.g. `locator:`; counters live under `<prefix>rl:`. */
  keyPrefix: string;
}

/** Counters in Redis, shared by every process pointed at the same server and prefix. */
export class RedisRateLimitStore implements RateLimitStore {
  readonly kind = 'redis';
  private readonly redis: Redis;
  private readonly keyPrefix: string;

  constructor({ url, keyPrefix }: RedisStoreOptions) {
    this.keyPrefix = `${keyPrefix}rl:`;
    // Loaded here rather than at start-up (~30 ms), which a server without Redis never needs.
    const { Redis: RedisClient } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
    this.redis = new RedisClient(url, {
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      // While disconnected, commands fail at once instead of queueing, so requests never wait for Redis to return.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      scripts: { locatorRateLimitIncrement: { numberOfKeys: 1, lua: INCREMENT_SCRIPT } },
    });
    // Connection errors also surface as failed commands, which the limiter reports; the client keeps reconnecting.
    this.redis.on('error', () => undefined);
  }

  async increment(key: string, window: RateWindow): Promise<number> {
    // Two window lengths: the counter outlives its window even when the instances' clocks disagree a little.
    return this.redis.locatorRateLimitIncrement(this.keyOf(key, window), 2 * (window.end - window.start));
  }

  async count(key: string, window: RateWindow): Promise<number> {
    return Number((await this.redis.get(this.keyOf(key, window))) ?? 0);
  }

  async ready(): Promise<void> {
    if (this.redis.status === 'ready') return;
    await new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        clearTimeout(timer);
        this.redis.off('ready', onReady).off('error', onError);
        if (error) reject(error);
        else resolve();
      };
      const onReady = () => settle();
      const onError = (error: Error) => settle(error);
      const timer = setTimeout(
        () => settle(new Error(`Redis did not connect within ${CONNECT_TIMEOUT_MS} ms`)),
        CONNECT_TIMEOUT_MS,
      );
      this.redis.once('ready', onReady).once('error', onError);
    });
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }

  private keyOf(key: string, window: RateWindow): string {
    return `${this.keyPrefix}${key}:${window.start}`;
  }
}
