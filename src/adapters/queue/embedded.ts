import type { Kysely } from 'kysely';
import { backoffMs } from '../../domain/backoff.js';
import { newId } from '../../domain/ids.js';
import type { DbKind } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { jobsTable, type ClaimRef, type ClaimedJob } from './jobs-table.js';
import { checkAttempts, checkDedupeKey, checkDelay, checkQueueName, encodePayload } from './limits.js';
import type { EnqueueOptions, JobHandler, Queue, QueueJob, WorkOptions } from './types.js';
import { Wakeup } from './wakeup.js';
import { holderIsGone, workerIdentity } from './worker-identity.js';

/** Pino-compatible subset, so the app's logger can be passed as is. */
export interface QueueLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface EmbeddedQueueOptions {
  /** How long a claim holds without a heartbeat (beats come every third of it). A worker of
   * another host that died is waited out this long; one of this host is noticed at once. */
  leaseSeconds: number;
  /** Idle polling interval. */
  pollMs: number;
  /** Default attempts per job (an enqueue may set its own). */
  maxAttempts: number;
  workerId?: string;
  logger?: QueueLogger;
  /** Retry n waits min(retryBaseMs · 2^n, retryMaxMs); defaults 1 s and 5 min. */
  retryBaseMs?: number;
  retryMaxMs?: number;
}

const MAX_ERROR_CHARS = 2000;
/** Polling after errors backs off up to this, so a database outage is not hammered. */
const MAX_ERROR_BACKOFF_MS = 30_000;
const DEFAULT_STOP_TIMEOUT_MS = 30_000;
/** First re-poll delay while waiting for a caller's transaction to commit; it doubles. */
const EAGER_FIRST_DELAY_MS = 5;
/** How often the leases held on this host are checked for dead holders (also at every start). */
const LIVENESS_CHECK_MS = 5_000;

interface Worker {
  queue: string;
  handler: JobHandler<unknown>;
  concurrency: number;
  active: number;
  wakeup: Wakeup;
  done: Promise<void>;
  /** Until then, an empty poll is retried sooner (see `expectCommit`). */
  eagerUntil: number;
  eagerDelayMs: number;
}

interface Running {
  controller: AbortController;
  heartbeat: NodeJS.Timeout | undefined;
  /** Set when the job is no longer ours (stop timed out, or the lease was taken over): its
   * outcome is then not written, and the job is left to be reclaimed. */
  abandoned: boolean;
  /** The handler has returned; a late heartbeat answer no longer means anything. */
  finished: boolean;
  done: Promise<void>;
}

const consoleLogger: QueueLogger = {
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};

/** The durable queue over the `queue_jobs` table, for SQLite and PostgreSQL. Delivery is at least
 * once: a job whose worker dies is run again after its lease, so handlers must be idempotent. */
export function createEmbeddedQueue(db: Kysely<Database>, kind: DbKind, opts: EmbeddedQueueOptions): Queue {
  if (!(opts.leaseSeconds > 0)) throw new Error('leaseSeconds must be positive');
  if (!(opts.pollMs > 0)) throw new Error('pollMs must be positive');
  checkAttempts(opts.maxAttempts);
  const table = jobsTable(db, kind);
  const leaseMs = opts.leaseSeconds * 1000;
  const workerId = (opts.workerId ?? workerIdentity()).slice(0, 200);
  const logger = opts.logger ?? consoleLogger;
  const retryBaseMs = opts.retryBaseMs ?? 1000;
  const retryMaxMs = opts.retryMaxMs ?? 300_000;
  const workers: Worker[] = [];
  const running = new Set<Running>();
  let stopping = false;
  let stopped: Promise<void> | undefined;

  async function runJob(worker: Worker, row: ClaimedJob): Promise<void> {
    const ref: ClaimRef = { id: row.id, workerId, attempts: row.attempts };
    if (row.attempts > row.max_attempts) {
      // The previous worker died on the final attempt: a job that kills its worker must not loop.
      await table.fail(ref, `worker lost (lease expired) on attempt ${row.max_attempts} of ${row.max_attempts}`);
      return;
    }
    let payload: unknown;
    try {
      payload = JSON.parse(row.payload);
    } catch {
      await table.fail(ref, 'payload is not valid JSON');
      return;
    }
    const run: Running = { controller: new AbortController(), heartbeat: undefined, abandoned: false, finished: false, done: Promise.resolve() };
    const job: QueueJob = { id: row.id, queue: row.queue, payload, attempt: row.attempts, maxAttempts: row.max_attempts, signal: run.controller.signal };
    run.heartbeat = startHeartbeat(ref, run);
    running.add(run);
    run.done = (async () => {
      let failure: { error: unknown } | undefined;
      try {
        await worker.handler(job);
      } catch (error) {
        failure = { error };
      }
      run.finished = true;
      clearInterval(run.heartbeat);
      if (run.abandoned) return;
      if (!failure) await table.complete(ref);
      else if (row.attempts >= row.max_attempts) await table.fail(ref, errorText(failure.error));
      else await table.retryAt(ref, Date.now() + retryDelayMs(row.attempts), errorText(failure.error));
    })()
      .catch((err) => logger.error({ err, jobId: row.id, queue: row.queue }, 'queue: recording a job outcome failed; it will run again after its lease'))
      .finally(() => running.delete(run));
    await run.done;
  }

  function startHeartbeat(ref: ClaimRef, run: Running): NodeJS.Timeout {
    let beating = false;
    return setInterval(async () => {
      if (beating || run.abandoned || run.finished) return;
      beating = true;
      try {
        if (!(await table.extendLease(ref, leaseMs)) && !run.abandoned && !run.finished) {
          run.abandoned = true;
          run.controller.abort(new Error('queue lease lost'));
          logger.warn({ jobId: ref.id }, 'queue: lease lost to another worker; aborting the handler');
        }
      } catch (err) {
        logger.warn({ err, jobId: ref.id }, 'queue: extending a lease failed; retrying at the next beat');
      } finally {
        beating = false;
      }
    }, leaseMs / 3);
  }

  function retryDelayMs(attempt: number): number {
    return backoffMs(attempt, retryBaseMs, retryMaxMs);
  }

  /** Takes back at once the jobs of this host's workers that are gone (a predecessor killed
   * with -9 holds its lease for nothing). */
  async function reclaimFromDeadHolders(queue: string): Promise<void> {
    for (const job of await table.leasedJobs(queue)) {
      if (!holderIsGone(job.locked_by)) continue;
      if (await table.expireLease(job.id, job.locked_by))
        logger.warn({ jobId: job.id, holder: job.locked_by }, 'queue: the lease holder is gone; taking the job back');
    }
  }

  async function pollLoop(worker: Worker): Promise<void> {
    let failures = 0;
    let livenessCheckedAt = 0;
    while (!stopping) {
      let claimed = 0;
      try {
        if (Date.now() - livenessCheckedAt >= LIVENESS_CHECK_MS) {
          livenessCheckedAt = Date.now();
          await reclaimFromDeadHolders(worker.queue);
        }
        while (!stopping && worker.active < worker.concurrency) {
          const row = await table.claim(worker.queue, workerId, leaseMs);
          if (!row) break;
          claimed++;
          if (stopping) {
            await table.release({ id: row.id, workerId, attempts: row.attempts });
            break;
          }
          worker.active++;
          void runJob(worker, row)
            .catch((err) => logger.error({ err, jobId: row.id, queue: row.queue }, 'queue: running a job failed'))
            .finally(() => {
              worker.active--;
              worker.wakeup.wake();
            });
        }
        failures = 0;
      } catch (err) {
        failures++;
        logger.error({ err, queue: worker.queue, failures }, 'queue: polling failed; retrying');
      }
      if (stopping) break;
      let idleMs = backoffMs(failures, opts.pollMs, Math.max(opts.pollMs, MAX_ERROR_BACKOFF_MS));
      if (claimed > 0) worker.eagerUntil = 0;
      else if (Date.now() < worker.eagerUntil) {
        idleMs = Math.min(idleMs, worker.eagerDelayMs);
        worker.eagerDelayMs *= 2;
      }
      // At capacity there is nothing to poll for until a handler finishes and wakes the loop.
      await worker.wakeup.wait(worker.active < worker.concurrency ? idleMs : undefined);
    }
  }

  async function stopAll(timeoutMs: number): Promise<void> {
    for (const worker of workers) worker.wakeup.wake();
    const settled = (async () => {
      await Promise.all(workers.map((w) => w.done));
      // Read only now: the loops' last claims may have started jobs.
      await Promise.all([...running].map((r) => r.done));
      return false;
    })();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([settled, new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs)))]);
    clearTimeout(timer);
    if (!timedOut) return;
    for (const run of running) {
      run.abandoned = true;
      clearInterval(run.heartbeat);
      run.controller.abort(new Error('queue stopping'));
    }
  }

  return {
    async enqueue(queue: string, payload: unknown, enqueueOpts: EnqueueOptions = {}, trx?: Kysely<Database>) {
      checkQueueName(queue);
      const text = encodePayload(payload);
      const delayMs = checkDelay(enqueueOpts.delayMs ?? 0);
      const maxAttempts = enqueueOpts.maxAttempts ?? opts.maxAttempts;
      checkAttempts(maxAttempts);
      const dedupeKey = enqueueOpts.dedupeKey;
      if (dedupeKey !== undefined) checkDedupeKey(dedupeKey);
      const id = await table.insert(trx ?? db, {
        id: newId('queueJob'),
        queue,
        payload: text,
        maxAttempts,
        runAt: new Date(Date.now() + delayMs),
        ...(dedupeKey !== undefined ? { dedupeKey } : {}),
      });
      if (delayMs > 0) return id;
      for (const worker of workers) {
        if (worker.queue !== queue) continue;
        // Inside a caller's transaction the row is visible only after commit. On SQLite the woken
        // claim waits for that commit on the single connection; on PostgreSQL it runs at once, so
        // empty polls are retried at 5, 10, 20… ms for one poll interval to catch the commit.
        if (trx && kind === 'postgres') {
          worker.eagerUntil = Date.now() + opts.pollMs;
          worker.eagerDelayMs = EAGER_FIRST_DELAY_MS;
        }
        worker.wakeup.wake();
      }
      return id;
    },

    work<P>(queue: string, handler: JobHandler<P>, workOpts: WorkOptions) {
      checkQueueName(queue);
      if (stopping) throw new Error('The queue is stopping; it takes no new work');
      if (!Number.isInteger(workOpts.concurrency) || workOpts.concurrency < 1) throw new Error('concurrency must be a positive integer');
      const worker: Worker = {
        queue,
        handler: handler as JobHandler<unknown>,
        concurrency: workOpts.concurrency,
        active: 0,
        wakeup: new Wakeup(),
        done: Promise.resolve(),
        eagerUntil: 0,
        eagerDelayMs: EAGER_FIRST_DELAY_MS,
      };
      worker.done = pollLoop(worker).catch((err) => logger.error({ err, queue }, 'queue: worker loop ended unexpectedly'));
      workers.push(worker);
    },

    depth: () => table.depth(),

    stop(timeoutMs = DEFAULT_STOP_TIMEOUT_MS) {
      stopping = true;
      stopped ??= stopAll(timeoutMs);
      return stopped;
    },
  };
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, MAX_ERROR_CHARS);
}
