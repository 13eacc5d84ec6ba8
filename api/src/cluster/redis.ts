import type { Redis } from 'ioredis';

interface Logger {
  warn(object: object, message: string): void;
}

/**
 * The Redis connection that shares rate-limit counters between processes and machines. A request
 * waits at most a moment for it: when Redis does not answer, the limits are skipped rather than
 * every request failing (see the rate-limit plugin's skipOnError). The client is loaded only
 * for a site that uses Redis.
 */
export async function openRedis(url: string, log: Logger): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { connectTimeout: 1_000, maxRetriesPerRequest: 1, commandTimeout: 1_000 });
  // ioredis reconnects by itself; each failed attempt is an 'error' event, logged once per outage.
  let down = false;
  redis.on('error', (err) => {
    if (down) return;
    down = true;
    log.warn({ err }, 'Redis is not answering; rate limits are skipped until it is back');
  });
  redis.on('ready', () => (down = false));
  return redis;
}
