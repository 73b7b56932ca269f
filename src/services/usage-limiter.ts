import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface LimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window (or block) ends. */
  resetSeconds: number;
}

export interface CounterOptions {
  /** Shared counters across processes; without it, counters live in this process. */
  redisUrl?: string | undefined;
  prefix: string;
  /** A frozen Redis must not stall requests: commands give up after this and the limit fails open. */
  commandTimeoutMs: number;
  logger?: Logger | undefined;
}

interface Window {
  points: number;
  seconds: number;
  /** After the limit is passed, the key stays blocked this long. */
  blockSeconds?: number;
}

const LOG_EVERY_MS = 10_000;

/** Fixed-window counters (rate-limiter-flexible) in memory or Redis. Store failures fail open
 * and are logged, at most once per 10 s. */
export class Counters {
  private readonly redis: Redis | null;
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  private lastLog = 0;

  constructor(private readonly opts: CounterOptions) {
    this.redis = opts.redisUrl
      ? new Redis(opts.redisUrl, {
          commandTimeout: opts.commandTimeoutMs,
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          enableReadyCheck: false,
          connectTimeout: 2_000,
        })
      : null;
    this.redis?.on('error', (err) => this.logFailure(err));
  }

  /** Waits (bounded) for Redis to be connected: commands are not queued while it connects, so a
   * process that served at once would let its first requests through uncounted. Unreachable Redis
   * is not fatal: the counters then fail open, as on any later outage. */
  async connected(timeoutMs: number): Promise<boolean> {
    const redis = this.redis;
    if (!redis) return true;
    if (redis.status === 'ready') return true;
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        redis.off('ready', onReady);
        resolve(ok);
      };
      const onReady = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      redis.on('ready', onReady);
    });
  }

  get shared(): boolean {
    return this.redis !== null;
  }

  async consume(bucket: string, key: string, window: Window, cost = 1): Promise<LimitDecision> {
    try {
      const res = await this.limiter(bucket, window).consume(key, cost);
      return decision(true, window.points, res);
    } catch (err) {
      if (err instanceof RateLimiterRes) return decision(false, window.points, err);
      this.logFailure(err);
      return { allowed: true, limit: window.points, remaining: window.points, resetSeconds: window.seconds };
    }
  }

  /** Gives back points consumed for something that was then refused. */
  async refund(bucket: string, key: string, window: Window, cost: number): Promise<void> {
    try {
      await this.limiter(bucket, window).reward(key, cost);
    } catch (err) {
      this.logFailure(err);
    }
  }

  /** The window's state without counting. */
  async peek(bucket: string, key: string, window: Window): Promise<LimitDecision> {
    try {
      const res = await this.limiter(bucket, window).get(key);
      if (!res) return { allowed: true, limit: window.points, remaining: window.points, resetSeconds: window.seconds };
      return decision(res.consumedPoints <= window.points, window.points, res);
    } catch (err) {
      this.logFailure(err);
      return { allowed: true, limit: window.points, remaining: window.points, resetSeconds: window.seconds };
    }
  }

  async close(): Promise<void> {
    if (this.redis) await this.redis.quit().catch(() => this.redis?.disconnect());
  }

  private limiter(bucket: string, w: Window): RateLimiterAbstract {
    const id = `${bucket}:${w.points}:${w.seconds}:${w.blockSeconds ?? 0}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      const common = { keyPrefix: `${this.opts.prefix}${bucket}`, points: w.points, duration: w.seconds, blockDuration: w.blockSeconds ?? 0 };
      limiter = this.redis ? new RateLimiterRedis({ ...common, storeClient: this.redis, rejectIfRedisNotReady: true }) : new RateLimiterMemory(common);
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  private logFailure(err: unknown): void {
    const at = Date.now();
    if (at - this.lastLog < LOG_EVERY_MS) return;
    this.lastLog = at;
    this.opts.logger?.warn({ err: err instanceof Error ? err.message : String(err) }, 'rate-limit store unavailable: limits fail open');
  }
}

function decision(allowed: boolean, limit: number, res: RateLimiterRes): LimitDecision {
  return { allowed, limit, remaining: Math.max(0, limit - res.consumedPoints), resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
}
