/** kill -9 of a delivery worker mid-delivery, 20 times, then one more worker to the end: every
 * event must reach the receiver, none be lost, none arrive under two delivery ids, and every
 * body must verify with Stripe's verifier. Run: npx tsx test/durability/webhook-crash.ts
 * (EVENTS=300 KILLS=20). Exits 1 when a check fails. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Stripe from 'stripe';
import { connectDb } from '../../src/adapters/db/connect.js';
import { Repositories } from '../../src/adapters/db/repositories/index.js';
import { createEmbeddedQueue } from '../../src/adapters/queue/embedded.js';
import { JOB_EVENT_NAMES } from '../../src/domain/events.js';
import { EventOutbox } from '../../src/services/webhooks/outbox.js';
import { SecretBox } from '../../src/services/webhooks/secret-box.js';
import { newSigningSecret } from '../../src/services/webhooks/signing.js';
import { CRASH_KEY_MATERIAL } from './crash-key.js';

const EVENTS = Number(process.env.EVENTS ?? 300);
const KILLS = Number(process.env.KILLS ?? 20);
const here = dirname(fileURLToPath(import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dir = mkdtempSync(join(tmpdir(), 'docread-crash-'));
const file = join(dir, 'db.sqlite');
const db = connectDb({ kind: 'sqlite', file });
await db.migrate();
const secret = newSigningSecret();

// The receiver answers after a random pause, so kills land while requests are in flight.
const received: Array<{ eventId: string; deliveryId: string; ok: boolean }> = [];
let cut = 0;
let inFlight = 0;
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    let ok = true;
    try {
      Stripe.webhooks.constructEvent(raw, String(req.headers['x-service-signature']), secret, 300);
    } catch {
      ok = false;
    }
    received.push({ eventId: JSON.parse(raw).id as string, deliveryId: String(req.headers['x-service-delivery']), ok });
    let answered = false;
    inFlight++;
    res.on('close', () => {
      inFlight--;
      if (!answered) cut++;
    });
    setTimeout(
      () => {
        answered = true;
        if (!res.destroyed) res.writeHead(200).end();
      },
      30 + Math.random() * 90,
    );
  });
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const port = (server.address() as AddressInfo).port;

const at = new Date().toISOString();
await db.db
  .insertInto('webhook_endpoints')
  .values({
    id: 'WHK_crash',
    org_id: 'ORG_crash',
    kind: 'v2',
    url: `http://127.0.0.1:${port}/hook`,
    events: JSON.stringify(JOB_EVENT_NAMES),
    secret_enc: new SecretBox(CRASH_KEY_MATERIAL).seal(secret),
    previous_secret_enc: null,
    previous_expires_at: null,
    created_at: at,
    updated_at: at,
    deleted_at: null,
  })
  .execute();
const enqueueOnly = createEmbeddedQueue(db.db, db.kind, { leaseSeconds: 1, pollMs: 1000, maxAttempts: 3 });
const outbox = new EventOutbox(enqueueOnly);
const emitted: string[] = [];
async function emit(n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const id = await db.db.transaction().execute((trx) =>
      outbox.emitJobEvent(new Repositories(trx), 'ORG_crash', 'job.finished', {
        job_id: 'JOB_crash',
        entity_id: `DOC_${emitted.length}`,
        decision_id: null,
        status: 'verified',
        code: null,
        state_version: emitted.length + 1,
      }),
    );
    emitted.push(id);
  }
}

function startWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'webhook-worker.ts'), file, '1'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`worker exited early (${code})`)));
  });
}
const exited = (child: ChildProcess) => new Promise<void>((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r())));

// Each round adds events (written as a finish writes them), starts a worker, and kills it while
// a request of it is in flight at the receiver.
let killedMidDelivery = 0;
for (let k = 0; k < KILLS; k++) {
  await emit(Math.floor(EVENTS / (KILLS + 1)));
  const child = await startWorker();
  const waitUntil = Date.now() + 5000;
  while (inFlight === 0 && Date.now() < waitUntil) await sleep(2);
  await sleep(Math.random() * 40);
  const before = cut;
  child.kill('SIGKILL');
  await exited(child);
  await sleep(30);
  if (cut > before) killedMidDelivery++;
}
await emit(EVENTS - emitted.length);

const last = await startWorker();
const deadline = Date.now() + 180_000;
for (;;) {
  const open = await db.db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '!=', 'delivered')
    .executeTakeFirstOrThrow();
  if (Number(open.n) === 0) break;
  if (Date.now() > deadline) break;
  await sleep(100);
}
last.kill('SIGTERM');
await exited(last);

const byEvent = new Map<string, Set<string>>();
for (const r of received) (byEvent.get(r.eventId) ?? byEvent.set(r.eventId, new Set()).get(r.eventId)!).add(r.deliveryId);
const lost = emitted.filter((id) => !byEvent.has(id));
const twoIds = [...byEvent.values()].filter((ids) => ids.size > 1).length;
const invented = [...byEvent.keys()].filter((id) => !emitted.includes(id)).length;
const repeats = received.length - byEvent.size;
const badSignatures = received.filter((r) => !r.ok).length;
const states = await db.db
  .selectFrom('webhook_deliveries')
  .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
  .groupBy('status')
  .execute();
const report = {
  events: emitted.length,
  kills: KILLS,
  kills_with_a_request_cut_mid_delivery: killedMidDelivery,
  requests_cut_mid_delivery: cut,
  received: received.length,
  lost: lost.length,
  under_two_delivery_ids: twoIds,
  invented,
  repeated_same_id: repeats,
  bad_signatures: badSignatures,
  deliveries: Object.fromEntries(states.map((s) => [s.status, Number(s.n)])),
};
console.log(JSON.stringify(report, null, 2));

await enqueueOnly.stop(100);
await db.close();
server.closeAllConnections();
server.close();
rmSync(dir, { recursive: true, force: true });
const failed = lost.length > 0 || twoIds > 0 || invented > 0 || badSignatures > 0 || report.deliveries.delivered !== emitted.length;
if (failed) console.error('FAILED: an event was lost, invented, sent under two ids or badly signed');
process.exit(failed ? 1 : 0);
