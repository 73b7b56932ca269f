import { createServer, type Server, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteDatabase, type TestDatabase } from '../helpers/databases.js';
import { startHarness, type Harness } from '../helpers/harness.js';

const BAD_KEY = `mk_live_${'Z'.repeat(43)}`;
const opened: Array<{ h: Harness; db: TestDatabase }> = [];

async function harness(env: Record<string, string>): Promise<Harness> {
  const db = sqliteDatabase();
  const h = await startHarness(db, { workers: false, env });
  opened.push({ h, db });
  return h;
}

afterAll(async () => {
  for (const { h, db } of opened) {
    await h.close();
    await db.cleanup();
  }
});

const get = (h: Harness, key: string | null, ip: string, extra: Record<string, string> = {}) =>
  h.inject({ method: 'GET', url: '/v1/usage', remoteAddress: ip, headers: { ...(key ? { 'x-doc-api-key': key } : {}), ...extra } });

describe('request limits', () => {
  it('allows 600 requests a minute per key, then 429 rate_limit with Retry-After: 60, with rate headers on every response', async () => {
    const h = await harness({ RATE_LIMIT_PER_MINUTE: '600' });
    const key = await h.key('busy');
    const statuses: number[] = [];
    let last429;
    for (let i = 0; i < 700; i++) {
      // Spread over addresses so that only the key's limit applies.
      const res = await get(h, key, `10.9.${i % 20}.1`);
      statuses.push(res.statusCode);
      expect(res.headers['x-ratelimit-limit']).toBeDefined();
      if (i === 0) expect([res.headers['x-ratelimit-limit'], res.headers['x-ratelimit-remaining']]).toEqual(['600', '599']);
      if (res.statusCode === 429) last429 = res;
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(600);
    expect(statuses.slice(600).every((s) => s === 429)).toBe(true);
    expect(last429!.headers['retry-after']).toBe('60');
    expect(last429!.headers['x-ratelimit-remaining']).toBe('0');
    expect(last429!.json().error.code).toBe('rate_limit');
  });

  it('limits per IP address across keys, and a plan can set the per-key limit', async () => {
    const h = await harness({
      RATE_LIMIT_PER_MINUTE: '20',
      PLANS: JSON.stringify({
        sandbox: { monthly_quota: 50, uploads_per_hour: 30, requests_per_minute: null },
        tiny: { monthly_quota: 10, uploads_per_hour: null, requests_per_minute: 3 },
      }),
    });
    const keys = [await h.key('ip-a'), await h.key('ip-b')];
    const byIp = [];
    for (let i = 0; i < 22; i++) byIp.push((await get(h, keys[i % 2]!, '10.8.0.1')).statusCode);
    expect(byIp.filter((s) => s === 200)).toHaveLength(20);
    expect((await get(h, keys[0]!, '10.8.0.2')).statusCode).toBe(200);

    const tiny = (await h.rt.accounts.createKey({ orgName: 'tiny-org', plan: 'tiny' })).key;
    const plan = [];
    for (let i = 0; i < 4; i++) plan.push(await get(h, tiny, `10.7.0.${i}`));
    expect(plan.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expect(plan[0]!.headers['x-ratelimit-limit']).toBe('3');
  });

  it('ignores X-Forwarded-For unless the proxy is trusted', async () => {
    const direct = await harness({ RATE_LIMIT_PER_MINUTE: '3' });
    const spoofed = [];
    for (let i = 0; i < 4; i++) spoofed.push((await get(direct, null, '10.6.0.1', { 'x-forwarded-for': `203.0.113.${i}` })).statusCode);
    expect(spoofed).toEqual([401, 401, 401, 429]);

    const proxied = await harness({ RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '10.6.0.1' });
    const forwarded = [];
    for (let i = 0; i < 4; i++) forwarded.push((await get(proxied, null, '10.6.0.1', { 'x-forwarded-for': `203.0.113.${i}` })).statusCode);
    expect(forwarded).toEqual([401, 401, 401, 401]);
  });

  it('blocks an IP with 429 abuse_block after more than 20 failed authentications within the window, for the configured period', async () => {
    const h = await harness({ ABUSE_MAX_FAILURES: '20', ABUSE_WINDOW_SECONDS: '2', ABUSE_BLOCK_SECONDS: '2' });
    const key = await h.key('abuse');
    for (let i = 0; i < 20; i++) expect((await get(h, BAD_KEY, '10.5.0.1')).statusCode).toBe(401);
    expect((await get(h, key, '10.5.0.1')).statusCode).toBe(200);
    expect((await get(h, BAD_KEY, '10.5.0.1')).statusCode).toBe(401);
    const blocked = await get(h, key, '10.5.0.1');
    expect([blocked.statusCode, blocked.json().error.code]).toEqual([429, 'abuse_block']);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(h, key, '10.5.0.2')).statusCode).toBe(200);

    await new Promise((r) => setTimeout(r, 2_300));
    expect((await get(h, key, '10.5.0.1')).statusCode).toBe(200);

    // Failures spread over more than one window never add up to a block.
    for (let i = 0; i < 20; i++) await get(h, BAD_KEY, '10.5.0.3');
    await new Promise((r) => setTimeout(r, 2_300));
    for (let i = 0; i < 20; i++) await get(h, BAD_KEY, '10.5.0.3');
    expect((await get(h, key, '10.5.0.3')).statusCode).toBe(200);
  });
});

describe('the abuse check under load', () => {
  it('makes one look at an address for the requests that come at the same moment, and a failure counted still blocks the next request', async () => {
    const h = await harness({ ABUSE_MAX_FAILURES: '3', ABUSE_WINDOW_SECONDS: '60', ABUSE_BLOCK_SECONDS: '60' });
    const key = await h.key('herd');
    const peek = h.rt.counters.peek.bind(h.rt.counters);
    let looks = 0;
    h.rt.counters.peek = (...args) => {
      looks++;
      return peek(...args);
    };
    const statuses = await Promise.all(Array.from({ length: 20 }, () => get(h, key, '10.7.0.1')));
    expect(statuses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(looks, 'one look shared by the 20 requests').toBe(1);
    for (let i = 0; i < 4; i++) expect((await get(h, BAD_KEY, '10.7.0.1')).statusCode).toBe(401);
    const blocked = await get(h, key, '10.7.0.1');
    expect([blocked.statusCode, blocked.json().error.code]).toEqual([429, 'abuse_block']);
  });
});

describe('limits shared through Redis', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

  it('two instances share one count', async () => {
    // The limiter fails open when Redis is slower than its command timeout (tested below); a loaded
    // test machine can stall a process past the default 100 ms, so this test counting exact refusals
    // gives Redis time to answer.
    const env = { REDIS_URL: redisUrl, REDIS_PREFIX: `test:${randomBytes(4).toString('hex')}:`, RATE_LIMIT_PER_MINUTE: '10', REDIS_COMMAND_TIMEOUT_MS: '5000' };
    const [one, two] = [await harness(env), await harness(env)];
    const statuses = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await (i % 2 ? two! : one!).inject({ method: 'GET', url: '/v1/auth/me', remoteAddress: '10.4.0.1' })).statusCode);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
  });

  it('fails open when Redis does not answer (frozen): requests proceed after the short command timeout', async () => {
    const sockets: Socket[] = [];
    const frozen: Server = createServer((s) => sockets.push(s));
    await new Promise<void>((r) => frozen.listen(0, '127.0.0.1', r));
    const port = (frozen.address() as { port: number }).port;
    try {
      const h = await harness({ REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_COMMAND_TIMEOUT_MS: '100', RATE_LIMIT_PER_MINUTE: '1' });
      const key = await h.key('frozen');
      await new Promise((r) => setTimeout(r, 100));
      for (let i = 0; i < 3; i++) expect((await get(h, key, '10.3.0.1')).statusCode).toBe(200);
      expect(sockets.length).toBeGreaterThan(0);
    } finally {
      for (const s of sockets) s.destroy();
      frozen.close();
    }
  });
});
