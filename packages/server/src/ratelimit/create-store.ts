import type { Config } from '../config/config.ts';
import { MemoryRateLimitStore } from './memory.store.ts';
import { RedisRateLimitStore } from './redis.store.ts';
import type { RateLimitStore } from './store.ts';

/** The store the configuration asks for: Redis when `REDIS_URL` is set, else this process's memory. */
export function createRateLimitStore(config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>): RateLimitStore {
  return config.redisUrl
    ? new RedisRateLimitStore({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix })
    : new MemoryRateLimitStore();
}
