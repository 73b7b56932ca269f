import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors.js';
import type { Counters, LimitDecision } from '../../services/usage-limiter.js';

export interface RateLimitOptions {
  counters: Counters;
  /** Per IP, and per key unless the plan says otherwise; 0 turns request limits off. */
  perMinute: number;
  /** The key's limit from its organisation's plan (null: the default). */
  planPerMinute: (plan: string) => number | null;
  abuse: { maxFailures: number; windowSeconds: number; blockSeconds: number };
}

/** Probes and scrapes are not client traffic. */
const EXEMPT = new Set(['/healthz', '/readyz', '/metrics']);
const RETRY_AFTER = '60';

const exempt = (request: FastifyRequest) => EXEMPT.has(request.routeOptions.url ?? '');

function setHeaders(reply: FastifyReply, d: LimitDecision): void {
  const current = Number(reply.getHeader('x-ratelimit-remaining') ?? Number.POSITIVE_INFINITY);
  // With both an IP and a key limit, the headers show whichever is closer to running out.
  if (d.remaining > current) return;
  reply.header('x-ratelimit-limit', String(d.limit));
  reply.header('x-ratelimit-remaining', String(d.remaining));
}

function overLimit(what: string): AppError {
  return new AppError('rate_limit', `Too many requests for this ${what}; retry after 60 seconds.`, { headers: { 'retry-after': RETRY_AFTER } });
}

/** How long a process trusts that an address it looked up is not blocked: a block reached through
 * another process takes effect here within this; one reached here, at once. It spares every
 * request a round trip to the shared counters. */
const NOT_BLOCKED_MS = 1_000;
const NOT_BLOCKED_MAX = 10_000;

/** Before authentication: the abuse block (too many 401/403 from an IP) and the per-IP limit.
 * The client IP is the socket's unless TRUST_PROXY names the proxy (Fastify's trustProxy). */
export function registerIpLimits(app: FastifyInstance, opts: RateLimitOptions): void {
  const failures = { points: opts.abuse.maxFailures, seconds: opts.abuse.windowSeconds, blockSeconds: opts.abuse.blockSeconds };
  const notBlockedUntil = new Map<string, number>();
  /** Looks under way, by address: under load, when an address's trust runs out every request in
   * flight would look again; they share one look instead. */
  const looking = new Map<string, Promise<LimitDecision>>();
  /** Failures counted so far: a look begun before one is not trusted for the time after it. */
  let failuresCounted = 0;
  const look = (ip: string): Promise<LimitDecision> => {
    let running = looking.get(ip);
    if (!running) {
      const began = failuresCounted;
      running = opts.counters.peek('auth-fail', ip, failures).then((abuse) => {
        if (looking.get(ip) === running) looking.delete(ip);
        if (abuse.allowed && began === failuresCounted) {
          if (notBlockedUntil.size >= NOT_BLOCKED_MAX) notBlockedUntil.clear();
          notBlockedUntil.set(ip, Date.now() + NOT_BLOCKED_MS);
        }
        return abuse;
      });
      running.catch(() => looking.get(ip) === running && looking.delete(ip));
      looking.set(ip, running);
    }
    return running;
  };
  app.addHook('onRequest', async (request, reply) => {
    if (exempt(request)) return;
    const abuse = (notBlockedUntil.get(request.ip) ?? 0) > Date.now() ? null : await look(request.ip);
    if (abuse && !abuse.allowed) {
      throw new AppError('abuse_block', 'Too many failed authentications from this address; wait before trying again.', {
        headers: { 'retry-after': String(abuse.resetSeconds) },
      });
    }
    if (opts.perMinute <= 0) return;
    const d = await opts.counters.consume('ip', request.ip, { points: opts.perMinute, seconds: 60 });
    setHeaders(reply, d);
    if (!d.allowed) throw overLimit('address');
  });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode === 401 || reply.statusCode === 403) {
      await opts.counters.consume('auth-fail', request.ip, failures);
      // After the count: a look taken meanwhile saw the count before this failure.
      failuresCounted++;
      notBlockedUntil.delete(request.ip);
      looking.delete(request.ip);
    }
  });
}

/** After authentication: the per-key (or per signed-in person) limit, which a plan can set. */
export function registerPrincipalLimits(app: FastifyInstance, opts: RateLimitOptions): void {
  app.addHook('onRequest', async (request, reply) => {
    const p = request.principal;
    if (!p || exempt(request)) return;
    const limit = opts.planPerMinute(p.plan) ?? opts.perMinute;
    if (limit <= 0) return;
    const d = await opts.counters.consume('principal', p.keyId ?? `user:${p.userId}`, { points: limit, seconds: 60 });
    setHeaders(reply, d);
    if (!d.allowed) throw overLimit('key');
  });
}

/** A route's own limit per key (or signed-in person), on top of the general one: the capture
 * check runs OCR on every call, so it gets a smaller budget than plain API requests. */
export function captureLimit(counters: Counters, perMinute: number): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async (request, reply) => {
    const p = request.principal;
    if (!p || perMinute <= 0) return;
    const d = await counters.consume('capture', p.keyId ?? `user:${p.userId}`, { points: perMinute, seconds: 60 });
    setHeaders(reply, d);
    if (!d.allowed) throw overLimit('key on the capture check');
  };
}
