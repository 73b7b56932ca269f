import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import { backoffMs } from '../../domain/backoff.js';
import type { Database } from '../db/schema.js';
import type { QueueLogger } from './embedded.js';
import { checkAttempts, checkDedupeKey, checkDelay, checkQueueName, encodePayload } from './limits.js';
import type { EnqueueOptions, JobHandler, JobStatement, Queue, QueueJob, WorkOptions } from './types.js';

export interface PgBossQueueOptions {
  connectionString: string;
  /** pg-boss keeps its tables in a schema of its own. */
  schema: string;
  /** Default attempts per job (an enqueue may set its own). */
  maxAttempts: number;
  /** A job active longer than this is taken to be stalled (its worker died) and is retried. */
  expireSeconds: number;
  /** How often pg-boss's supervisor expires stalled jobs; bounds how long a dead worker's job waits. */
  maintenanceSeconds: number;
  /** Idle polling interval of each worker (pg-boss's minimum is 0.5 s). */
  pollSeconds: number;
  /** Retry n waits retryDelaySeconds · 2^n (pg-boss's backoff). */
  retryDelaySeconds: number;
  /** Connections pg-boss may open beside the app's pool. */
  poolSize: number;
  logger: QueueLogger;
}

const DEFAULT_STOP_TIMEOUT_MS = 30_000;
const CREATE_ATTEMPTS = 6;

/** The durable queue on pg-boss, for PostgreSQL deployments that run `docread worker` processes.
 * Leases (expiry), retries with backoff, failed jobs and stalled-job recovery are pg-boss's own;
 * this adapter maps them onto the `Queue` contract the embedded queue also keeps. Delivery is at
 * least once, as there: handlers must be idempotent. */
export function createPgBossQueue(opts: PgBossQueueOptions): Queue {
  checkAttempts(opts.maxAttempts);
  const boss = new PgBoss({
    connectionString: opts.connectionString,
    schema: opts.schema,
    max: opts.poolSize,
    supervise: true,
    maintenanceIntervalSeconds: opts.maintenanceSeconds,
  });
  boss.on('error', (err) => opts.logger.error({ err }, 'queue: pg-boss reported an error'));
  const started = boss.start();
  const queues = new Map<string, Promise<void>>();
  const running = new Set<AbortController>();
  let stopping = false;
  let stopped: Promise<void> | undefined;

  // pg-boss's create_queue deadlocks when two queues are created at once (each alters the shared job
  // table): creations in this process run one after another, and a deadlock with another process is retried.
  let creating: Promise<unknown> = Promise.resolve();
  async function createQueue(name: string): Promise<void> {
    await started;
    for (let attempt = 1; ; attempt++) {
      try {
        if (await boss.getQueue(name)) return;
        await boss.createQueue(name, {
          name,
          policy: 'standard',
          retryLimit: opts.maxAttempts - 1,
          retryDelay: opts.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: opts.expireSeconds,
        });
        return;
      } catch (err) {
        if (attempt >= CREATE_ATTEMPTS) throw err;
        await sleep(backoffMs(attempt, 100));
      }
    }
  }

  function ensureQueue(name: string): Promise<void> {
    checkQueueName(name);
    let ready = queues.get(name);
    if (!ready) {
      ready = creating.then(() => createQueue(name));
      creating = ready.catch(() => undefined);
      // A failed creation (database down) is tried again on the next call.
      ready.catch(() => queues.delete(name));
      queues.set(name, ready);
    }
    return ready;
  }

  async function runOne(name: string, handler: JobHandler<unknown>, job: PgBoss.JobWithMetadata<{ payload: unknown }>): Promise<void> {
    const controller = new AbortController();
    running.add(controller);
    const queueJob: QueueJob = {
      id: job.id,
      queue: name,
      payload: job.data.payload,
      attempt: job.retryCount + 1,
      maxAttempts: job.retryLimit + 1,
      signal: controller.signal,
    };
    try {
      // A throw fails the job in pg-boss, which retries it while attempts remain.
      await handler(queueJob);
    } finally {
      running.delete(controller);
    }
  }

  async function stopAll(timeoutMs: number): Promise<void> {
    await started.catch(() => undefined);
    const deadline = setTimeout(() => {
      for (const controller of running) controller.abort(new Error('queue stopping'));
    }, timeoutMs);
    try {
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs + 1000, close: true });
    } finally {
      clearTimeout(deadline);
    }
  }

  /** What a send of this job hands pg-boss, once the queue exists; `id` when a dedupe key fixes it. */
  async function prepareSend(queue: string, payload: unknown, enqueueOpts: EnqueueOptions) {
    const data = { payload: JSON.parse(encodePayload(payload)) as unknown };
    const delayMs = checkDelay(enqueueOpts.delayMs ?? 0);
    const maxAttempts = enqueueOpts.maxAttempts ?? opts.maxAttempts;
    checkAttempts(maxAttempts);
    const dedupeKey = enqueueOpts.dedupeKey;
    if (dedupeKey !== undefined) checkDedupeKey(dedupeKey);
    await ensureQueue(queue);
    const id = dedupeKey !== undefined ? dedupeId(queue, dedupeKey) : undefined;
    const sendOpts: PgBoss.SendOptions = {
      retryLimit: maxAttempts - 1,
      ...(id ? { id } : {}),
      ...(delayMs > 0 ? { startAfter: new Date(Date.now() + delayMs) } : {}),
    };
    return { data, id, sendOpts };
  }

  return {
    async enqueue(queue: string, payload: unknown, enqueueOpts: EnqueueOptions = {}, trx?: Kysely<Database>) {
      const { data, id, sendOpts } = await prepareSend(queue, payload, enqueueOpts);
      // Inside the caller's transaction the job exists only if the transaction commits.
      const sent = await boss.send(queue, data, trx ? { ...sendOpts, db: kyselyExecutor(trx) } : sendOpts);
      // A job with the dedupe key's id already exists: it is the one that stands.
      if (sent === null && id) return id;
      if (sent === null) throw new Error(`pg-boss did not accept a job for queue ${queue}`);
      return sent;
    },

    async enqueueStatement(queue: string, payload: unknown, enqueueOpts: EnqueueOptions = {}) {
      const { data, id, sendOpts } = await prepareSend(queue, payload, enqueueOpts);
      // pg-boss's own insert, with its own values, taken as it is sent rather than run.
      let taken: JobStatement | undefined;
      const recorder = {
        async executeSql(text: string, values: unknown[]) {
          if (taken) throw new Error('pg-boss sent a job in more than one statement');
          taken = { sql: text, parameters: values };
          return { rows: [{ id: id ?? randomUUID() }] };
        },
      } as PgBoss.Db;
      // Without a dedupe key the job still gets an id here, so that pg-boss does not have to make one.
      await boss.send(queue, data, { ...sendOpts, id: id ?? randomUUID(), db: recorder });
      if (!taken || !/^\s*insert\s/i.test(taken.sql)) throw new Error('pg-boss did not send its job as one INSERT statement');
      return taken;
    },

    work<P>(queue: string, handler: JobHandler<P>, workOpts: WorkOptions) {
      checkQueueName(queue);
      if (stopping) throw new Error('The queue is stopping; it takes no new work');
      if (!Number.isInteger(workOpts.concurrency) || workOpts.concurrency < 1) throw new Error('concurrency must be a positive integer');
      // pg-boss runs one fetch loop per work() call: N calls give N jobs at once.
      void ensureQueue(queue)
        .then(async () => {
          for (let i = 0; i < workOpts.concurrency; i++) {
            await boss.work<{ payload: unknown }>(queue, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: opts.pollSeconds }, async ([job]) => {
              if (job) await runOne(queue, handler as JobHandler<unknown>, job);
            });
          }
        })
        .catch((err) => opts.logger.error({ err, queue }, 'queue: starting pg-boss workers failed'));
    },

    async depth() {
      await started;
      const out: Record<string, { queued: number; active: number; failed: number }> = {};
      for (const { name } of await boss.getQueues()) {
        const [queued, active, failed] = await Promise.all([
          boss.getQueueSize(name, { before: 'active' }),
          countInState(boss, opts.schema, name, 'active'),
          countInState(boss, opts.schema, name, 'failed'),
        ]);
        out[name] = { queued, active, failed };
      }
      return out;
    },

    stop(timeoutMs = DEFAULT_STOP_TIMEOUT_MS) {
      stopping = true;
      stopped ??= stopAll(timeoutMs);
      return stopped;
    },
  };
}

/** The same dedupe key gives the same job id, so pg-boss's primary key refuses a second job. */
function dedupeId(queue: string, key: string): string {
  const hex = createHash('sha256').update(`${queue}\n${key}`).digest('hex');
  // Laid out as a version-4-shaped UUID: pg-boss's id column is of type uuid.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** pg-boss runs its SQL through this when handed the caller's Kysely transaction. */
function kyselyExecutor(trx: Kysely<Database>): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] };
    },
  } as PgBoss.Db;
}

async function countInState(boss: PgBoss, schema: string, name: string, state: 'active' | 'failed'): Promise<number> {
  const { rows } = await boss.getDb().executeSql(`select count(*)::int as n from ${quoteIdent(schema)}.job where name = $1 and state = $2`, [name, state]);
  return Number((rows[0] as { n: number } | undefined)?.n ?? 0);
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
