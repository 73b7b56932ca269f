import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startReceiver, verifyWithStripe, type Receiver } from '../../../test/helpers/webhook-receiver.js';
import { connectDb, type Db } from '../../adapters/db/connect.js';
import { Repositories } from '../../adapters/db/repositories/index.js';
import { createEmbeddedQueue } from '../../adapters/queue/embedded.js';
import type { Queue } from '../../adapters/queue/types.js';
import { createHttpSender } from '../../adapters/webhooks/http-sender.js';
import { createDeliveryHandler } from './delivery.js';
import { EventOutbox, WEBHOOK_QUEUE, type DeliveryJobPayload } from './outbox.js';
import { SecretBox } from './secret-box.js';
import { newSigningSecret } from './signing.js';

const SPEC_SCHEDULE_MS = [30_000, 120_000, 600_000, 1_800_000, 7_200_000];
const T0 = Date.parse('2026-01-01T00:00:00Z');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The real queue, database, sender and receiver; only the wall clock (Date) is fake, so the
 * schedule's hours pass in milliseconds and every attempt's time is exact. */
describe('webhook retry schedule on a fake clock', () => {
  let dir: string;
  let db: Db;
  let queue: Queue;
  let receiver: Receiver;
  const secret = newSigningSecret();
  const box = new SecretBox('test key material, not a real one');

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    dir = mkdtempSync(join(tmpdir(), 'docread-delivery-'));
    db = connectDb({ kind: 'sqlite', file: join(dir, 'db.sqlite') });
    await db.migrate();
    receiver = await startReceiver();
    receiver.answer = () => 500;
    queue = createEmbeddedQueue(db.db, db.kind, { leaseSeconds: 30, pollMs: 10, maxAttempts: 3 });
    const handler = createDeliveryHandler({
      repos: new Repositories(db.db),
      queue,
      send: createHttpSender({ allowHttpLoopback: true, resolver: async () => [], timeoutMs: 2000 }),
      box,
      scheduleMs: SPEC_SCHEDULE_MS,
      legacyKey: Buffer.alloc(32),
    });
    queue.work<DeliveryJobPayload>(WEBHOOK_QUEUE, handler, { concurrency: 2 });
    const at = new Date(T0).toISOString();
    await db.db
      .insertInto('webhook_endpoints')
      .values({
        id: 'WHK_t',
        org_id: 'ORG_t',
        kind: 'v2',
        url: `${receiver.url}/hook`,
        events: '["job.failed"]',
        secret_enc: box.seal(secret),
        previous_secret_enc: null,
        previous_expires_at: null,
        created_at: at,
        updated_at: at,
        deleted_at: null,
      })
      .execute();
  });
  afterAll(async () => {
    await queue?.stop(2000);
    await receiver?.close();
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
    vi.useRealTimers();
  });

  const attempts = () => db.db.selectFrom('webhook_attempts').selectAll().orderBy('started_at').execute();
  async function waitAttempts(n: number): Promise<void> {
    for (let i = 0; i < 400; i++) {
      if ((await attempts()).length >= n && (await queue.depth())[WEBHOOK_QUEUE]?.active !== 1) return;
      await sleep(10);
    }
    throw new Error(`attempt ${n} did not happen`);
  }

  it('makes exactly six attempts at 0, 30 s, 2.5 min, 12.5 min, 42.5 min and 2 h 42.5 min, then the delivery is dead', async () => {
    const outbox = new EventOutbox(queue);
    await db.db.transaction().execute((trx) =>
      outbox.emitJobEvent(new Repositories(trx), 'ORG_t', 'job.failed', {
        job_id: 'JOB_t',
        entity_id: 'DOC_t',
        decision_id: 'RDG_t',
        status: 'failed',
        code: 'DOCUMENT_UNREADABLE',
        state_version: 2,
      }),
    );
    await waitAttempts(1);
    let now = T0;
    for (const delay of SPEC_SCHEDULE_MS) {
      const before = (await attempts()).length;
      vi.setSystemTime(now + delay - 1000);
      await sleep(120);
      expect((await attempts()).length, 'not a second early').toBe(before);
      now += delay;
      vi.setSystemTime(now);
      await waitAttempts(before + 1);
    }
    vi.setSystemTime(now + 24 * 3600_000);
    await sleep(150);

    const all = await attempts();
    expect(all.map((a) => (Date.parse(a.started_at) - T0) / 1000)).toEqual([0, 30, 150, 750, 2550, 9750]);
    expect(all.map((a) => a.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(all.every((a) => a.succeeded === 0 && a.status_code === 500)).toBe(true);
    const delivery = await db.db.selectFrom('webhook_deliveries').selectAll().executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ status: 'dead', attempts: 6, next_attempt_at: null });
    expect((await queue.depth())[WEBHOOK_QUEUE] ?? { queued: 0, active: 0 }).toMatchObject({ queued: 0, active: 0 });

    // Every attempt sent the same event under the same delivery id, each signed for its own time.
    expect(receiver.received).toHaveLength(6);
    const ids = new Set(receiver.received.map((r) => `${JSON.parse(r.rawBody).id} ${r.headers['x-service-delivery']}`));
    expect(ids.size).toBe(1);
    for (const r of receiver.received) {
      const t = Number(/t=(\d+)/.exec(String(r.headers['x-service-signature']))![1]);
      vi.setSystemTime(t * 1000);
      verifyWithStripe(r, String(r.headers['x-service-signature']), secret);
    }
  });
});
