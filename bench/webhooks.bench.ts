/** Webhook delivery: events delivered per second to a local receiver, and the delay from a
 * document's finish (the commit of the transaction that records it) to its job.finished event at
 * the receiver, p50 and p99. The real outbox, job state, embedded queue, delivery handler and HTTP
 * sender, on SQLite (embedded default) in one process; the receiver answers 200 at once.
 * BENCH_EVENTS (2000) for throughput; BENCH_FINISHES (300) at BENCH_FINISH_RATE per second (10: each finish sends two events). */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDb } from '../src/adapters/db/connect.js';
import { Repositories } from '../src/adapters/db/repositories/index.js';
import { createEmbeddedQueue } from '../src/adapters/queue/embedded.js';
import { systemResolver } from '../src/adapters/webhooks/address-guard.js';
import { createHttpSender } from '../src/adapters/webhooks/http-sender.js';
import { JOB_EVENT_NAMES } from '../src/domain/events.js';
import { PENDING_OUTCOME } from '../src/domain/pending.js';
import { JobEvents } from '../src/services/jobs/job-events.js';
import { createDeliveryHandler } from '../src/services/webhooks/delivery.js';
import { EventOutbox, WEBHOOK_QUEUE, type DeliveryJobPayload } from '../src/services/webhooks/outbox.js';
import { SecretBox } from '../src/services/webhooks/secret-box.js';
import { newSigningSecret } from '../src/services/webhooks/signing.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const FINISHES = Number(process.env.BENCH_FINISHES ?? 300);
const RATE = Number(process.env.BENCH_FINISH_RATE ?? 10);
const CONCURRENCY = Number(process.env.WEBHOOK_CONCURRENCY ?? 16);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

const dir = mkdtempSync(join(tmpdir(), 'docread-bench-webhooks-'));
const db = connectDb({ kind: 'sqlite', file: join(dir, 'db.sqlite') });
await db.migrate();
const arrivals = new Map<string, number>();
let received = 0;
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received++;
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (body.event === 'job.finished' && !arrivals.has(body.data.entity_id)) arrivals.set(body.data.entity_id, performance.now());
    res.writeHead(200).end();
  });
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;

const box = new SecretBox('bench key material');
const at = new Date().toISOString();
await db.db
  .insertInto('organisations')
  .values({ id: 'ORG_bench', name: 'bench', plan: 'internal', status: 'active', created_at: at, subscription_expires_at: null })
  .execute();
await db.db
  .insertInto('webhook_endpoints')
  .values({
    id: 'WHK_bench',
    org_id: 'ORG_bench',
    kind: 'v2',
    url,
    events: JSON.stringify(JOB_EVENT_NAMES),
    secret_enc: box.seal(newSigningSecret()),
    previous_secret_enc: null,
    previous_expires_at: null,
    created_at: at,
    updated_at: at,
    deleted_at: null,
  })
  .execute();
const queue = createEmbeddedQueue(db.db, db.kind, { leaseSeconds: 30, pollMs: 50, maxAttempts: 3 });
const outbox = new EventOutbox(queue);
const handler = createDeliveryHandler({
  repos: new Repositories(db.db),
  queue,
  send: createHttpSender({ allowHttpLoopback: true, resolver: systemResolver, timeoutMs: 10_000 }),
  box,
  scheduleMs: [30_000, 120_000, 600_000, 1_800_000, 7_200_000],
  legacyKey: Buffer.alloc(32),
});

// 1. Throughput: a backlog of events, then the worker drains it.
for (let i = 0; i < EVENTS; i += 100) {
  await db.db.transaction().execute(async (trx) => {
    for (let j = i; j < Math.min(EVENTS, i + 100); j++)
      await outbox.emitJobEvent(new Repositories(trx), 'ORG_bench', 'job.failed', {
        job_id: 'JOB_bench',
        entity_id: `DOC_backlog_${j}`,
        decision_id: null,
        status: 'failed',
        code: 'DOCUMENT_UNREADABLE',
        state_version: j + 2,
      });
  });
}
queue.work<DeliveryJobPayload>(WEBHOOK_QUEUE, handler, { concurrency: CONCURRENCY });
const t0 = performance.now();
const cpu0 = process.cpuUsage();
while (received < EVENTS) await sleep(5);
const drainS = (performance.now() - t0) / 1000;
// CPU per event does not depend on how busy the machine is; events/s does (report the load too).
const cpu = process.cpuUsage(cpu0);
const cpuMsPerEvent = (cpu.user + cpu.system) / 1000 / EVENTS;

// 2. Finish → event: documents of one-input jobs finish at a steady rate through the real finish path.
const events = new JobEvents(outbox);
const pending = JSON.stringify(PENDING_OUTCOME);
const verified = {
  status: 'verified' as const,
  code: null,
  message: 'Verified.',
  next_action: { type: 'NONE' as const, message: 'Nothing to do.' },
  context: {},
};
for (let i = 0; i < FINISHES; i++) {
  const id = `DOC_bench_${i}`;
  await db.db
    .insertInto('jobs')
    .values({
      id: `JOB_bench_${i}`,
      org_id: 'ORG_bench',
      reference: null,
      expected_types: '[]',
      metadata: '{}',
      status: 'processing',
      decision: 'pending',
      review_reasons: '[]',
      state_version: 1,
      created_at: at,
      updated_at: at,
      completed_at: null,
    })
    .execute();
  await db.db
    .insertInto('documents')
    .values({
      id,
      org_id: 'ORG_bench',
      name: 'x.pdf',
      type_hint: null,
      doc_type: 'invoice',
      status: 'processing',
      cached: 0,
      cached_from: null,
      uploaded_at: at,
      updated_at: at,
      sha256: String(i),
      size_bytes: 1,
      media_type: 'application/pdf',
      file_kind: 'pdf',
      blob_key: null,
      outputs: '[]',
      improve: 0,
      outcome: pending,
      current_reading_id: null,
      confidence: null,
      tamper_score: null,
      source: 'job',
      review_result: null,
    })
    .execute();
  await db.db
    .insertInto('job_inputs')
    .values({ document_id: id, job_id: `JOB_bench_${i}`, org_id: 'ORG_bench', added_at: at })
    .execute();
}
const committed = new Map<string, number>();
const start = performance.now();
for (let i = 0; i < FINISHES; i++) {
  const due = start + (i * 1000) / RATE;
  if (performance.now() < due) await sleep(due - performance.now());
  const id = `DOC_bench_${i}`;
  await db.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('documents')
      .set({ status: 'verified', outcome: JSON.stringify(verified) })
      .where('id', '=', id)
      .execute();
    await events.documentFinished(new Repositories(trx), { orgId: 'ORG_bench', documentId: id, readingId: `RDG_${i}`, status: 'verified', outcome: verified });
  });
  committed.set(id, performance.now());
}
while (![...committed.keys()].every((k) => arrivals.has(k)) && performance.now() - start < 120_000) await sleep(10);
const delays = [...committed].map(([id, t]) => (arrivals.get(id) ?? Number.NaN) - t).filter((d) => Number.isFinite(d));

console.log(
  JSON.stringify(
    {
      database: 'sqlite (embedded queue, one process)',
      load_average: loadavg().map((l) => Number(l.toFixed(1))),
      throughput: {
        events: EVENTS,
        seconds: Number(drainS.toFixed(2)),
        events_per_second: Math.round(EVENTS / drainS),
        concurrency: CONCURRENCY,
        cpu_ms_per_event: Number(cpuMsPerEvent.toFixed(2)),
      },
      finish_to_event_ms: {
        finishes: FINISHES,
        rate_per_second: RATE,
        delivered: delays.length,
        p50: Math.round(pct(delays, 50)),
        p99: Math.round(pct(delays, 99)),
        max: Math.round(Math.max(...delays)),
      },
    },
    null,
    2,
  ),
);
await queue.stop(2000);
server.closeAllConnections();
server.close();
await db.close();
rmSync(dir, { recursive: true, force: true });
