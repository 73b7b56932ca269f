import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInvoicePdf } from '../fixtures/documents/index.js';
import { testDatabaseFactories, type TestDatabase } from '../helpers/databases.js';
import { multipart, startHarness, upload, waitFinished, type Harness } from '../helpers/harness.js';
import { startReceiver, verifyWithStripe, type Received, type Receiver } from '../helpers/webhook-receiver.js';

const ALL_EVENTS = ['job.finished', 'job.completed', 'job.action_required', 'review.required', 'input.rescan_required', 'job.failed', 'job.reviewed'];

describe.each(await testDatabaseFactories())('v2 jobs and webhooks on %s', (_name, makeDb) => {
  let db: TestDatabase;
  let h: Harness;
  let key: string;
  let otherKey: string;
  let receiver: Receiver;
  let webhook: { id: string; secret: string };
  beforeAll(async () => {
    db = makeDb();
    receiver = await startReceiver();
    h = await startHarness(db, { env: { WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true', WEBHOOK_RETRY_SCHEDULE_MS: '50,50,50,50,50' } });
    key = await h.key('case-workers');
    otherKey = await h.key('strangers');
    const put = await h.inject({
      method: 'PUT',
      url: '/v1/policy',
      payload: { document_types: { invoice: { required_fields: ['invoice_number', 'invoice_date', 'total'] } } },
      headers: auth(),
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await post('/v2/webhooks', { url: `${receiver.url}/hook`, events: ALL_EVENTS });
    expect(res.statusCode, res.body).toBe(201);
    webhook = res.json();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await receiver?.close();
    await db?.cleanup();
  });

  function auth(k?: string) {
    return { 'x-doc-api-key': k ?? key };
  }
  function post(url: string, payload?: object, k?: string, headers: Record<string, string> = {}) {
    return h.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: { ...auth(k), ...headers } });
  }
  const get = (url: string, k?: string) => h.inject({ method: 'GET', url, headers: auth(k) });
  async function addInput(jobId: string, bytes: Buffer, filename = 'invoice.pdf', k?: string) {
    const form = await multipart([{ filename, bytes }]);
    return h.inject({ method: 'POST', url: `/v2/jobs/${jobId}/inputs`, payload: form.payload, headers: { ...form.headers, ...auth(k) } });
  }
  const eventsOf = (jobId: string): Received[] => receiver.received.filter((r) => JSON.parse(r.rawBody).data.job_id === jobId);
  async function waitEvents(jobId: string, names: string[]): Promise<Received[]> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const got = eventsOf(jobId);
      if (names.every((n) => got.some((r) => JSON.parse(r.rawBody).event === n))) return got;
      if (Date.now() > deadline) throw new Error(`events of ${jobId}: ${got.map((r) => JSON.parse(r.rawBody).event).join(', ')}; wanted ${names.join(', ')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  async function waitJob(jobId: string, status: string): Promise<Record<string, any>> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const job = (await get(`/v2/jobs/${jobId}`)).json();
      if (job.status === status) return job;
      if (Date.now() > deadline) throw new Error(`job ${jobId} is ${job.status}, not ${status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('creates jobs with an Idempotency-Key: the same body replays, another body answers 409, concurrent requests make one job', async () => {
    const body = { reference: 'APP-1', expected_types: ['invoice'], metadata: { branch: 'north', n: 3 } };
    const first = await post('/v2/jobs', body, undefined, { 'idempotency-key': 'key-1' });
    expect(first.statusCode, first.body).toBe(201);
    const job = first.json();
    expect(job).toMatchObject({
      reference: 'APP-1',
      status: 'open',
      decision: 'pending',
      expected_types: ['invoice'],
      metadata: { branch: 'north', n: 3 },
      state_version: 1,
      inputs: [],
      review_reasons: [],
      completed_at: null,
    });
    expect(job.id).toMatch(/^JOB_[0-9a-f]{32}$/);

    const replay = await post('/v2/jobs', { metadata: { n: 3, branch: 'north' }, expected_types: ['invoice'], reference: 'APP-1' }, undefined, {
      'idempotency-key': 'key-1',
    });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(job);
    const reused = await post('/v2/jobs', { ...body, reference: 'APP-2' }, undefined, { 'idempotency-key': 'key-1' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('idempotency_key_reused');
    // Keys belong to their organisation: the same key elsewhere is another request.
    const elsewhere = await post('/v2/jobs', body, otherKey, { 'idempotency-key': 'key-1' });
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json().id).not.toBe(job.id);

    const together = await Promise.all(
      Array.from({ length: 12 }, () => post('/v2/jobs', { reference: 'APP-CONCURRENT' }, undefined, { 'idempotency-key': 'key-concurrent' })),
    );
    expect(together.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    expect(new Set(together.map((r) => r.json().id)).size).toBe(1);
    const list = (await get('/v2/jobs?reference=APP-CONCURRENT')).json();
    expect(list.total).toBe(1);

    const stored = await h.rt.db.db.selectFrom('idempotency_keys').selectAll().where('key', '=', 'key-1').execute();
    expect(stored.every((k) => Date.parse(k.expires_at) - Date.parse(k.created_at) >= 24 * 3600_000)).toBe(true);
    expect((await post('/v2/jobs', { unknown: 1 })).statusCode).toBe(422);
    const bare = await post('/v2/jobs');
    expect(bare.statusCode, bare.body).toBe(201);
    expect(bare.json()).toMatchObject({ reference: null, expected_types: [], metadata: {} });
    // An expired key is free again.
    await h.rt.db.db.updateTable('idempotency_keys').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('key', '=', 'key-1').execute();
    const after = await post('/v2/jobs', { reference: 'APP-3' }, undefined, { 'idempotency-key': 'key-1' });
    expect(after.statusCode).toBe(201);
    expect(after.json().reference).toBe('APP-3');
  });

  it('a job input that is verified sends job.finished and job.completed, each verified by Stripe; the completed job refuses more inputs', async () => {
    const job = (await post('/v2/jobs', { reference: 'APP-VERIFIED' })).json();
    const added = await addInput(job.id, (await generateInvoicePdf({ seed: 11 })).bytes);
    expect(added.statusCode, added.body).toBe(202);
    const doc = added.json();
    expect(doc.id).toMatch(/^DOC_/);
    const done = await waitJob(job.id, 'completed');
    expect(done).toMatchObject({ decision: 'verified', inputs: [{ document_id: doc.id, status: 'verified', decision: 'verified', doc_type: 'invoice' }] });
    expect(done.completed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);

    const got = await waitEvents(job.id, ['job.finished', 'job.completed']);
    expect(got.map((r) => JSON.parse(r.rawBody).event).sort()).toEqual(['job.completed', 'job.finished']);
    for (const r of got) {
      verifyWithStripe(r, String(r.headers['x-service-signature']), webhook.secret);
      const body = JSON.parse(r.rawBody);
      expect(body.id).toMatch(/^evt_[0-9a-f]{32}$/);
      expect(body.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
      expect(r.headers['x-service-event']).toBe(body.event);
      expect(String(r.headers['x-service-delivery'])).toMatch(/^DLV_/);
      expect(Object.keys(body.data).sort()).toEqual(['code', 'decision_id', 'entity_id', 'job_id', 'state_version', 'status']);
      expect(body.data).toMatchObject({ job_id: job.id, entity_id: doc.id, status: 'verified', code: null, state_version: done.state_version });
      expect(body.data.decision_id).toMatch(/^RDG_/);
      // A changed byte or a stale timestamp fails the same verifier.
      expect(() =>
        verifyWithStripe({ rawBody: r.rawBody.replace('verified', 'rejected') }, String(r.headers['x-service-signature']), webhook.secret),
      ).toThrow();
      const stale = String(r.headers['x-service-signature']).replace(/t=(\d+)/, (_m, t) => `t=${Number(t) - 600}`);
      expect(() => verifyWithStripe(r, stale, webhook.secret)).toThrow();
    }

    const refused = await addInput(job.id, (await generateInvoicePdf({ seed: 12 })).bytes);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('job_completed');

    // The attempt is recorded after the receiver answered: wait for the record, not for the request.
    let mine: any[] = [];
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
      const deliveries = (await get(`/v2/webhooks/${webhook.id}/deliveries`)).json().items;
      mine = deliveries.filter((d: { event_id: string }) => got.some((r) => JSON.parse(r.rawBody).id === d.event_id));
      if (mine.length === 2 && mine.every((d) => d.status !== 'pending')) break;
    }
    expect(mine).toHaveLength(2);
    expect(mine.every((d: any) => d.status === 'delivered' && d.attempts.length === 1 && d.attempts[0].succeeded && d.attempts[0].status_code === 200)).toBe(
      true,
    );

    // Rotation: the redelivered event carries two v1 signatures, and each secret verifies it alone.
    const rotated = await post(`/v2/webhooks/${webhook.id}/rotate`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret: fresh, previous_secret_expires_at } = rotated.json();
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(webhook.secret);
    expect(previous_secret_expires_at).not.toBeNull();
    const before = receiver.received.length;
    const redeliver = await post(`/v2/webhooks/${webhook.id}/deliveries/${mine[0].id}/redeliver`);
    expect(redeliver.statusCode, redeliver.body).toBe(202);
    const again = (await receiver.waitFor(before + 1))[before]!;
    expect(JSON.parse(again.rawBody).id).toBe(mine[0].event_id);
    expect(again.headers['x-service-delivery']).toBe(mine[0].id);
    expect(String(again.headers['x-service-signature']).match(/v1=/g)).toHaveLength(2);
    verifyWithStripe(again, String(again.headers['x-service-signature']), fresh);
    verifyWithStripe(again, String(again.headers['x-service-signature']), webhook.secret);
    webhook = { id: webhook.id, secret: fresh };
  }, 120_000);

  it('an input a person must check sends job.finished, job.action_required and review.required; approving sends job.reviewed and job.completed', async () => {
    const job = (await post('/v2/jobs', { reference: 'APP-REVIEW' })).json();
    const doc = (await addInput(job.id, (await generateInvoicePdf({ seed: 2, inconsistent: true })).bytes)).json();
    await waitJob(job.id, 'action_required');
    const got = await waitEvents(job.id, ['job.finished', 'job.action_required', 'review.required']);
    const byName = Object.fromEntries(got.map((r) => [JSON.parse(r.rawBody).event, JSON.parse(r.rawBody)]));
    expect(byName['review.required'].data).toMatchObject({ entity_id: doc.id, status: 'review', code: 'REVIEW_FIELDS' });
    expect(byName['job.finished'].data.code).toBe('ARITHMETIC_MISMATCH');
    expect(byName['job.completed']).toBeUndefined();
    const versionBefore = byName['job.finished'].data.state_version;

    const approved = await post(`/v1/documents/${doc.id}/approve`, { fields: { subtotal: 14794.62 } });
    expect(approved.statusCode, approved.body).toBe(200);
    const done = await waitJob(job.id, 'completed');
    const after = await waitEvents(job.id, ['job.reviewed', 'job.completed']);
    const reviewed = after.map((r) => JSON.parse(r.rawBody)).find((b) => b.event === 'job.reviewed');
    expect(reviewed.data).toMatchObject({ entity_id: doc.id, status: 'verified', state_version: done.state_version });
    expect(reviewed.data.decision_id).toMatch(/^REV_/);
    expect(reviewed.data.state_version).toBeGreaterThan(versionBefore);
    for (const r of after) verifyWithStripe(r, String(r.headers['x-service-signature']), webhook.secret);

    // Erasing the document takes it out of the job; the job keeps its final state.
    expect((await h.inject({ method: 'DELETE', url: `/v1/documents/${doc.id}`, headers: auth() })).statusCode).toBe(200);
    const erased = (await get(`/v2/jobs/${job.id}`)).json();
    expect(erased).toMatchObject({ status: 'completed', inputs: [] });
    expect(erased.state_version).toBe(done.state_version + 1);
  }, 120_000);

  it("refuses unknown events and unsafe URLs, and never shows another organisation's jobs or endpoints", async () => {
    const bad = await post('/v2/webhooks', { url: `${receiver.url}/x`, events: ['job.finished', 'job.exploded'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.code).toBe('invalid_events');
    expect((await post('/v2/webhooks', { url: `${receiver.url}/x`, events: [] })).json().error.code).toBe('invalid_events');
    for (const url of ['https://10.0.0.1/hook', 'https://[::ffff:127.0.0.1]/', 'http://example.com/', 'https://2130706433/', 'https://169.254.169.254/']) {
      const res = await post('/v2/webhooks', { url, events: ['job.finished'] });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().error.code).toBe('unsafe_webhook_url');
    }
    const list = (await get('/v2/webhooks')).json();
    expect(list.items.map((w: { id: string }) => w.id)).toEqual([webhook.id]);
    expect(JSON.stringify(list)).not.toContain('whsec_');
    // At rest the secret is sealed: the stored rows hold no whole secret.
    const rows = JSON.stringify(await h.rt.db.db.selectFrom('webhook_endpoints').selectAll().execute());
    expect(rows).not.toContain(webhook.secret);
    expect(rows).not.toContain('whsec_');

    const job = (await post('/v2/jobs', { reference: 'MINE' })).json();
    const stranger = (url: string, method: 'GET' | 'POST' | 'DELETE' = 'GET') => h.inject({ method, url, headers: auth(otherKey) });
    expect((await stranger(`/v2/jobs/${job.id}`)).statusCode).toBe(404);
    expect((await addInput(job.id, (await generateInvoicePdf({ seed: 13 })).bytes, 'x.pdf', otherKey)).statusCode).toBe(404);
    expect((await stranger(`/v2/webhooks/${webhook.id}/deliveries`)).statusCode).toBe(404);
    expect((await stranger(`/v2/webhooks/${webhook.id}/rotate`, 'POST')).statusCode).toBe(404);
    expect((await stranger(`/v2/webhooks/${webhook.id}/deliveries/DLV_x/redeliver`, 'POST')).statusCode).toBe(404);
    expect((await stranger(`/v2/webhooks/${webhook.id}`, 'DELETE')).statusCode).toBe(404);
    expect((await stranger('/v2/jobs?reference=MINE')).json().total).toBe(0);
    expect((await stranger('/v2/webhooks')).json().items).toEqual([]);
    expect((await get('/v2/jobs/JOB_0000')).statusCode).toBe(404);
  }, 60_000);

  it('the dashboard webhook sends document.processed for a /v1 upload, signed with the v1 secret and the legacy header', async () => {
    const secret = (await get('/v2/webhooks/v1-secret')).json().secret;
    expect(secret).toMatch(/^whsec_/);
    expect((await get('/v2/webhooks/v1-secret')).json().secret).toBe(secret);
    expect((await get('/v2/webhooks/v1-secret', otherKey)).json().secret).not.toBe(secret);
    expect(
      (await h.inject({ method: 'PUT', url: '/v2/webhooks/dashboard', payload: { url: 'https://192.168.1.10/hook' }, headers: auth() })).json().error.code,
    ).toBe('unsafe_webhook_url');
    const set = await h.inject({ method: 'PUT', url: '/v2/webhooks/dashboard', payload: { url: `${receiver.url}/dashboard` }, headers: auth() });
    expect(set.statusCode, set.body).toBe(200);

    const res = await upload(h, key, { filename: 'v1.pdf', bytes: (await generateInvoicePdf({ seed: 14 })).bytes });
    const doc = await waitFinished(h, key, res.json().id);
    const deadline = Date.now() + 30_000;
    let hit: Received | undefined;
    while (!(hit = receiver.received.find((r) => JSON.parse(r.rawBody).data?.document_id === doc.id)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(hit).toBeDefined();
    const body = JSON.parse(hit!.rawBody);
    expect(body).toMatchObject({ event: 'document.processed', data: { document_id: doc.id, status: doc.status, doc_type: 'invoice' } });
    expect(hit!.headers['x-doc-event']).toBe('document.processed');
    expect(String(hit!.headers['x-doc-signature'])).toMatch(/^sha256=[0-9a-f]{64}$/);
    verifyWithStripe(hit!, String(hit!.headers['x-service-signature']), secret);
    expect(() => verifyWithStripe(hit!, String(hit!.headers['x-service-signature']), webhook.secret)).toThrow();
    let delivered = false;
    for (const until = Date.now() + 10_000; !delivered && Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
      delivered = (await get('/v2/webhooks/dashboard')).json().deliveries.some((d: { status: string }) => d.status === 'delivered');
    }
    expect(delivered).toBe(true);
  }, 60_000);
});
