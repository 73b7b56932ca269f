import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { currentPeriod } from '../../src/services/usage.js';
import { testDatabaseFactories } from '../helpers/databases.js';
import { harnessPerSuite, multipart } from '../helpers/harness.js';

const PLANS = {
  sandbox: { monthly_quota: 50, uploads_per_hour: 30, requests_per_minute: null },
  month50: { monthly_quota: 50, uploads_per_hour: null, requests_per_minute: null },
  hour30: { monthly_quota: null, uploads_per_hour: 30, requests_per_minute: null },
};

/** A distinct small PNG per n, so no upload is a cached twin of another. */
const png = (n: number) =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: { r: n % 256, g: Math.floor(n / 256) % 256, b: 11 } } })
    .png()
    .toBuffer();

/** Batch sizes 1–6 in turn: some batches still fit when others no longer do. */
const BATCHES = 24;
const sizeOf = (b: number) => 1 + (b % 6);

describe.each(await testDatabaseFactories({ pgboss: true }))('concurrent batches charge exactly what they accept on %s', (_name, makeDb) => {
  const h = harnessPerSuite({ workers: false, env: { PLANS: JSON.stringify(PLANS) } }, makeDb);

  /** Sends BATCHES batches at once (one unsupported file in each) and returns the ids the client was given. */
  async function sendConcurrently(key: string, seed: number): Promise<{ ids: string[]; codes: string[] }> {
    const forms = await Promise.all(
      Array.from({ length: BATCHES }, async (_, b) => {
        const files = await Promise.all(
          Array.from({ length: sizeOf(b) }, async (_, i) => ({ field: 'files', filename: `b${b}-${i}.png`, bytes: await png(seed + b * 10 + i) })),
        );
        return multipart([...files, { field: 'files', filename: `b${b}.txt`, bytes: Buffer.from('not a document') }]);
      }),
    );
    const answers = await Promise.all(
      forms.map((f) => h.inject({ method: 'POST', url: '/v1/documents/batch', payload: f.payload, headers: { ...f.headers, 'x-doc-api-key': key } })),
    );
    const ids: string[] = [];
    const codes: string[] = [];
    for (const res of answers) {
      const body = res.json();
      if (res.statusCode !== 202) {
        codes.push(body.error.code);
        continue;
      }
      codes.push('ok');
      const docs = body.items.filter((item: { id?: string }) => item.id);
      expect(body.items.filter((item: { error?: string }) => item.error)).toEqual([expect.objectContaining({ error: 'unsupported_file' })]);
      expect(body.queued).toBe(docs.length);
      ids.push(...docs.map((d: { id: string }) => d.id));
    }
    return { ids, codes };
  }

  const storedIds = async (orgId: string) =>
    (await h.rt.db.db.selectFrom('documents').select('id').where('org_id', '=', orgId).execute()).map((r) => r.id).sort();
  const charged = async (orgId: string) =>
    Number(
      (await h.rt.db.db.selectFrom('usage_counters').select('used').where('org_id', '=', orgId).where('period', '=', currentPeriod()).executeTakeFirst())
        ?.used ?? 0,
    );
  /** Originals kept on disk for the organisation: none may belong to a refused upload. */
  const storedOriginals = (orgId: string) => {
    const dir = join(h.blobRoot, 'orgs', orgId, 'documents');
    if (!existsSync(dir)) return [];
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    return [...new Set(files.map((e) => relative(dir, e.parentPath).split(sep)[0]!))].sort();
  };
  const consentsOf = async (orgId: string) => (await h.rt.db.db.selectFrom('consents').select('document_id').where('org_id', '=', orgId).execute()).length;

  it(`${BATCHES} batches against a monthly quota of 50: ids given = documents stored = usage charged`, async () => {
    const { key, orgId } = await h.rt.accounts.createKey({ orgName: 'monthly-race', plan: 'month50' });
    const { ids, codes } = await sendConcurrently(key, 0);
    expect(
      codes.filter((c) => c !== 'ok' && c !== 'quota_exceeded'),
      'every refusal is the quota',
    ).toEqual([]);
    expect(codes).toContain('quota_exceeded');
    expect(ids.length).toBeLessThanOrEqual(50);
    // Room left is smaller than every batch that was refused after it.
    expect(ids.length).toBeGreaterThan(50 - 6);
    expect(await storedIds(orgId)).toEqual([...ids].sort());
    expect(await charged(orgId)).toBe(ids.length);
    expect(storedOriginals(orgId)).toEqual([...ids].sort());
  });

  it(`${BATCHES} batches against an hourly cap of 30: ids given = documents stored = uploads counted`, async () => {
    const { key, orgId } = await h.rt.accounts.createKey({ orgName: 'hourly-race', plan: 'hour30' });
    const { ids, codes } = await sendConcurrently(key, 1000);
    expect(
      codes.filter((c) => c !== 'ok' && c !== 'rate_limited'),
      'every refusal is the hourly cap',
    ).toEqual([]);
    expect(codes).toContain('rate_limited');
    expect(ids.length).toBeLessThanOrEqual(30);
    expect(await storedIds(orgId)).toEqual([...ids].sort());
    expect(storedOriginals(orgId)).toEqual([...ids].sort());
    const usage = (await h.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-doc-api-key': key } })).json();
    // Refused batches gave their count back: the hour holds exactly the accepted files.
    expect(usage.uploads_this_hour_remaining).toBe(30 - ids.length);
    expect(usage.used).toBe(ids.length);
  });

  it('an upload the quota refuses gives its hourly count back', async () => {
    const { key, orgId } = await h.rt.accounts.createKey({ orgName: 'refund-hour', plan: 'sandbox' });
    await h.rt.db.db.insertInto('usage_counters').values({ org_id: orgId, period: currentPeriod(), used: 50 }).execute();
    for (let i = 0; i < 3; i++) {
      const form = await multipart([{ filename: `r${i}.png`, bytes: await png(7000 + i) }]);
      const res = await h.inject({ method: 'POST', url: '/v1/documents/upload', payload: form.payload, headers: { ...form.headers, 'x-doc-api-key': key } });
      expect([res.statusCode, res.json().error.code]).toEqual([429, 'quota_exceeded']);
    }
    const usage = (await h.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-doc-api-key': key } })).json();
    expect(usage.uploads_this_hour_remaining).toBe(30);
    expect(storedOriginals(orgId)).toEqual([]);
  });

  it('a batch refused by the quota keeps no consent note, file or document', async () => {
    const { key, orgId } = await h.rt.accounts.createKey({ orgName: 'refused-consent', plan: 'month50' });
    await h.rt.db.db.insertInto('usage_counters').values({ org_id: orgId, period: currentPeriod(), used: 48 }).execute();
    const three = await multipart(await Promise.all([1, 2, 3].map(async (n) => ({ field: 'files', filename: `c${n}.png`, bytes: await png(5000 + n) }))), {
      consent: 'patient agreed',
    });
    const res = await h.inject({ method: 'POST', url: '/v1/documents/batch', payload: three.payload, headers: { ...three.headers, 'x-doc-api-key': key } });
    expect([res.statusCode, res.json().error.code]).toEqual([429, 'quota_exceeded']);
    expect(res.json().error.message).toContain('2 left, 3 requested');
    expect(await storedIds(orgId)).toEqual([]);
    expect(await consentsOf(orgId)).toBe(0);
    expect(storedOriginals(orgId)).toEqual([]);
    expect(await charged(orgId)).toBe(48);
  });
});
