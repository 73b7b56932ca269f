import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { currentPeriod } from '../../src/services/usage.js';
import { testDatabaseFactories } from '../helpers/databases.js';
import { harnessPerSuite, multipart, upload } from '../helpers/harness.js';

const PLANS = {
  sandbox: { monthly_quota: 50, uploads_per_hour: 30, requests_per_minute: null },
  starter: { monthly_quota: 1000, uploads_per_hour: null, requests_per_minute: null },
  none: { monthly_quota: 0, uploads_per_hour: null, requests_per_minute: null },
};

/** A distinct small PNG per n, so no upload is a cached twin of another. */
const png = (n: number) =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: { r: n % 256, g: Math.floor(n / 256) % 256, b: 7 } } })
    .png()
    .toBuffer();

describe.each(await testDatabaseFactories({ pgboss: true }))('monthly quota and the free plan on %s', (_name, makeDb) => {
  const h = harnessPerSuite({ workers: false, env: { PLANS: JSON.stringify(PLANS) } }, makeDb);

  async function org(name: string, plan: string, used: number) {
    const created = await h.rt.accounts.createKey({ orgName: name, plan });
    if (used) await h.rt.db.db.insertInto('usage_counters').values({ org_id: created.orgId, period: currentPeriod(), used }).execute();
    return created;
  }
  const usage = async (key: string) => (await h.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-doc-api-key': key } })).json();
  const documents = async (orgId: string) =>
    Number(
      (
        await h.rt.db.db
          .selectFrom('documents')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('org_id', '=', orgId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('accepts exactly 10 of 100 parallel uploads when 10 units are left', async () => {
    const { key, orgId } = await org('parallel', 'starter', 990);
    const files = await Promise.all(Array.from({ length: 100 }, (_, i) => png(i)));
    const answers = await Promise.all(files.map((bytes, i) => upload(h, key, { filename: `p${i}.png`, bytes })));
    const codes = answers.map((r) => (r.statusCode === 202 ? 'ok' : r.json().error.code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(10);
    expect(
      codes.filter((c) => c !== 'ok' && c !== 'quota_exceeded'),
      'every refusal is the quota',
    ).toEqual([]);
    expect(await documents(orgId)).toBe(10);
    expect(await usage(key)).toMatchObject({ plan: 'starter', used: 1000, quota: 1000, remaining: 0, period: currentPeriod() });
  });

  it('checks a batch as a whole before processing any of it', async () => {
    const { key, orgId } = await org('batcher', 'starter', 998);
    const three = await multipart(await Promise.all([1, 2, 3].map(async (n) => ({ field: 'files', filename: `b${n}.png`, bytes: await png(500 + n) }))));
    const refused = await h.inject({ method: 'POST', url: '/v1/documents/batch', payload: three.payload, headers: { ...three.headers, 'x-doc-api-key': key } });
    expect([refused.statusCode, refused.json().error.code]).toEqual([429, 'quota_exceeded']);
    expect(await documents(orgId)).toBe(0);
    const two = await multipart(await Promise.all([1, 2].map(async (n) => ({ field: 'files', filename: `b${n}.png`, bytes: await png(500 + n) }))));
    expect(
      (await h.inject({ method: 'POST', url: '/v1/documents/batch', payload: two.payload, headers: { ...two.headers, 'x-doc-api-key': key } })).statusCode,
    ).toBe(202);
    expect((await usage(key)).remaining).toBe(0);
  });

  it('charges nothing for an upload whose file could not be stored, and keeps no file of one refused for the quota', async () => {
    const { key, orgId } = await org('store-fails', 'starter', 999);
    const filesOf = () => readdirSync(h.blobRoot, { recursive: true, encoding: 'utf8' }).filter((f) => f.includes(orgId) && f.endsWith('v1')).length;
    const put = h.rt.blobs.put;
    h.rt.blobs.put = async () => {
      throw new Error('the disk is full');
    };
    try {
      expect((await upload(h, key, { filename: 'f.png', bytes: await png(1200) })).statusCode).toBe(500);
    } finally {
      h.rt.blobs.put = put;
    }
    expect((await usage(key)).used, 'the charge made beside the failed store is refunded').toBe(999);
    expect((await upload(h, key, { filename: 'g.png', bytes: await png(1201) })).statusCode).toBe(202);
    const over = await upload(h, key, { filename: 'h.png', bytes: await png(1202) });
    expect(over.json().error.code).toBe('quota_exceeded');
    expect(await documents(orgId)).toBe(1);
    expect(filesOf(), 'the refused upload stored its file beside the charge, then removed it').toBe(1);
  });

  it('charges nothing for a cached upload or a rescan', async () => {
    const { key } = await org('cache-free', 'starter', 0);
    const bytes = await png(900);
    const first = (await upload(h, key, { filename: 'c.png', bytes })).json();
    // Finish the reading by hand: no worker runs in this suite.
    await h.rt.db.db.updateTable('readings').set({ status: 'done', finished_at: new Date().toISOString() }).where('document_id', '=', first.id).execute();
    const again = (await upload(h, key, { filename: 'c2.png', bytes })).json();
    expect(again.cached).toBe(true);
    expect((await h.inject({ method: 'POST', url: `/v1/documents/${first.id}/rescan`, headers: { 'x-doc-api-key': key } })).statusCode).toBe(202);
    expect((await usage(key)).used).toBe(1);
  });

  it('gives a free (sandbox) account 30 uploads an hour, 50 a month, and a plan without documents no_quota', async () => {
    const hourly = await org('free-hour', 'sandbox', 0);
    const codes = [];
    for (let i = 0; i < 31; i++) {
      const res = await upload(h, hourly.key, { filename: `h${i}.png`, bytes: await png(1000 + i) });
      codes.push(res.statusCode === 202 ? 'ok' : res.json().error.code);
      if (i === 30) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(codes.slice(0, 30).every((c) => c === 'ok')).toBe(true);
    expect(codes[30]).toBe('rate_limited');
    expect(await usage(hourly.key)).toMatchObject({
      plan: 'sandbox',
      used: 30,
      quota: 50,
      remaining: 20,
      uploads_per_hour: 30,
      uploads_this_hour_remaining: 0,
    });

    const monthly = await org('free-month', 'sandbox', 50);
    const over = await upload(h, monthly.key, { filename: 'm.png', bytes: await png(2000) });
    expect([over.statusCode, over.json().error.code]).toEqual([429, 'quota_exceeded']);

    const none = await org('no-plan', 'none', 0);
    const refused = await upload(h, none.key, { filename: 'n.png', bytes: await png(3000) });
    expect([refused.statusCode, refused.json().error.code]).toEqual([429, 'no_quota']);
  });
});
