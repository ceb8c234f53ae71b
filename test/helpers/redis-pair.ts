import { RedisStore } from '../../relay/redis-store';
import { startRelay } from '../../relay/server';
import { startRedis } from './redis';

/**
 * Scale-out on loopback: a real Redis and two relay instances (`a`, `b`) in this process, each
 * on its own `RedisStore` of it. `stop()` closes both instances, then Redis.
 */
export async function startRedisPair(adminToken: string) {
  const redis = await startRedis();
  const storeA = new RedisStore(redis.url);
  const storeB = new RedisStore(redis.url);
  const a = await startRelay({ store: storeA, adminToken });
  const b = await startRelay({ store: storeB, adminToken });
  return {
    redis,
    storeA,
    storeB,
    a,
    b,
    async stop() {
      await Promise.allSettled([a.close(), b.close()]);
      await redis.stop();
    },
  };
}
