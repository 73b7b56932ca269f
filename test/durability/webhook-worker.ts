/** A delivery-only worker process for the kill -9 run (webhook-crash.ts): the real queue, handler
 * and sender over the database file it is given. It prints "ready" once it takes work. */
import { connectDb } from '../../src/adapters/db/connect.js';
import { Repositories } from '../../src/adapters/db/repositories/index.js';
import { createEmbeddedQueue } from '../../src/adapters/queue/embedded.js';
import { systemResolver } from '../../src/adapters/webhooks/address-guard.js';
import { createHttpSender } from '../../src/adapters/webhooks/http-sender.js';
import { createDeliveryHandler } from '../../src/services/webhooks/delivery.js';
import { WEBHOOK_QUEUE, type DeliveryJobPayload } from '../../src/services/webhooks/outbox.js';
import { SecretBox } from '../../src/services/webhooks/secret-box.js';
import { CRASH_KEY_MATERIAL } from './crash-key.js';

const [file, lease] = process.argv.slice(2);
if (!file) throw new Error('usage: webhook-worker.ts DB_FILE [LEASE_SECONDS]');
const db = connectDb({ kind: 'sqlite', file });
const queue = createEmbeddedQueue(db.db, db.kind, {
  leaseSeconds: Number(lease ?? 1),
  pollMs: 20,
  maxAttempts: 3,
  logger: { warn: () => undefined, error: () => undefined },
});
const handler = createDeliveryHandler({
  repos: new Repositories(db.db),
  queue,
  send: createHttpSender({ allowHttpLoopback: true, resolver: systemResolver, timeoutMs: 10_000 }),
  box: new SecretBox(CRASH_KEY_MATERIAL),
  scheduleMs: [200, 200, 200, 200, 200],
  legacyKey: Buffer.alloc(32),
});
queue.work<DeliveryJobPayload>(WEBHOOK_QUEUE, handler, { concurrency: 8 });
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void queue
    .stop(2000)
    .then(() => db.close())
    .then(() => process.exit(0));
});
