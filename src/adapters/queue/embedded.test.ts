import { spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseFactories, type TestDatabase } from '../../../test/helpers/databases.js';
import { connectDb, type Db } from '../db/connect.js';
import { createEmbeddedQueue, type EmbeddedQueueOptions, type QueueLogger } from './embedded.js';
import { MAX_PAYLOAD_BYTES } from './limits.js';
import type { Queue, QueueJob } from './types.js';
import { LOCAL_HOST, workerIdentity } from './worker-identity.js';

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid!;
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

function recordingLogger(): QueueLogger & { errors: string[]; warnings: string[] } {
  const errors: string[] = [];
  const warnings: string[] = [];
  return { errors, warnings, error: (_o, msg) => errors.push(msg), warn: (_o, msg) => warnings.push(msg) };
}

describe.each(await testDatabaseFactories())('embedded queue on %s', (_name, makeDatabase) => {
  let testDb: TestDatabase;
  let db: Db;
  const cleanups: Array<() => Promise<void>> = [];

  async function open(migrate = true): Promise<Db> {
    const conn = connectDb(testDb.database);
    if (migrate) await conn.migrate();
    cleanups.push(() => conn.close());
    return conn;
  }

  function queueOn(conn: Db, overrides: Partial<EmbeddedQueueOptions> = {}): Queue {
    const queue = createEmbeddedQueue(conn.db, conn.kind, {
      leaseSeconds: 5,
      pollMs: 20,
      maxAttempts: 3,
      retryBaseMs: 5,
      logger: recordingLogger(),
      ...overrides,
    });
    // Queues stop before their connections close (cleanups run in reverse).
    cleanups.push(() => queue.stop(2000));
    return queue;
  }

  const rows = () => db.db.selectFrom('queue_jobs').selectAll().execute();

  beforeEach(async () => {
    testDb = makeDatabase();
    db = await open();
  });

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await testDb.cleanup();
  });

  it('enqueues inside the caller transaction: a rollback queues nothing, a commit queues the job', async () => {
    const queue = queueOn(db);
    await expect(
      db.db.transaction().execute(async (trx) => {
        await queue.enqueue('read', { doc: 'rolled-back' }, {}, trx);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await rows()).toHaveLength(0);
    const id = await db.db.transaction().execute((trx) => queue.enqueue('read', { doc: 'kept' }, {}, trx));
    expect((await rows()).map((r) => [r.id, JSON.parse(r.payload)])).toEqual([[id, { doc: 'kept' }]]);
  });

  it('runs the handler once with the payload, deletes the finished row, and wakes on enqueue', async () => {
    // A poll interval longer than the test: only the enqueue wake-up can start the job in time.
    const queue = queueOn(db, { pollMs: 60_000 });
    const seen: QueueJob[] = [];
    queue.work('read', async (job) => void seen.push(job), { concurrency: 1 });
    await sleep(50);
    const id = await queue.enqueue('read', { documentId: 'DOC_1', n: [1, 2] });
    await waitFor(async () => (await rows()).length === 0, 'the job to finish', 5000);
    expect(seen.map((j) => [j.id, j.queue, j.payload, j.attempt, j.maxAttempts])).toEqual([[id, 'read', { documentId: 'DOC_1', n: [1, 2] }, 1, 3]]);
  });

  it('picks up a job enqueued in a transaction soon after the commit, without waiting for a poll', async () => {
    const queue = queueOn(db, { pollMs: 60_000 });
    const seen: unknown[] = [];
    queue.work('read', async (job) => void seen.push(job.payload), { concurrency: 1 });
    await sleep(50);
    await db.db.transaction().execute(async (trx) => {
      await queue.enqueue('read', { inTransaction: true }, {}, trx);
      await sleep(30);
    });
    await waitFor(() => seen.length === 1, 'the job to run after the commit', 5000);
    expect(seen).toEqual([{ inTransaction: true }]);
  });

  it('runs each of many jobs exactly once across two workers on separate connections', async () => {
    const other = await open(false);
    const workers = [queueOn(db, { workerId: 'w1' }), queueOn(other, { workerId: 'w2' })];
    const runs = new Map<number, number>();
    const byWorker = [0, 0];
    const total = 30;
    for (let i = 0; i < total; i++) await workers[0]!.enqueue('read', { i });
    workers.forEach((queue, w) =>
      queue.work<{ i: number }>(
        'read',
        async (job) => {
          runs.set(job.payload.i, (runs.get(job.payload.i) ?? 0) + 1);
          byWorker[w]!++;
          await sleep(5 + (job.payload.i % 4) * 5);
        },
        { concurrency: 3 },
      ),
    );
    await waitFor(async () => (await rows()).length === 0, 'all jobs to finish');
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, i) => i));
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(byWorker.every((n) => n > 0)).toBe(true);
  });

  it('retries a failing handler with its attempt number, then marks the job failed with the error', async () => {
    const queue = queueOn(db);
    const attempts: number[] = [];
    await queue.enqueue('read', { doc: 'bad' }, { dedupeKey: 'bad-doc' });
    queue.work(
      'read',
      async (job) => {
        attempts.push(job.attempt);
        throw new Error(`boom on attempt ${job.attempt}`);
      },
      { concurrency: 1 },
    );
    await waitFor(async () => (await rows())[0]?.status === 'failed', 'the job to fail');
    expect(attempts).toEqual([1, 2, 3]);
    const [row] = await rows();
    expect(row).toMatchObject({ attempts: 3, last_error: 'Error: boom on attempt 3', dedupe_key: null, locked_by: null });
    expect(await queue.depth()).toEqual({ read: { queued: 0, active: 0, failed: 1 } });
  });

  it('completes a job that fails once and then succeeds', async () => {
    const queue = queueOn(db);
    const attempts: number[] = [];
    await queue.enqueue('read', {});
    queue.work(
      'read',
      async (job) => {
        attempts.push(job.attempt);
        if (job.attempt === 1) throw new Error('transient');
      },
      { concurrency: 1 },
    );
    await waitFor(async () => (await rows()).length === 0, 'the job to finish');
    expect(attempts).toEqual([1, 2]);
  });

  it('hands the job of a dead worker to another once its lease expires, counting the attempt', async () => {
    const dying = queueOn(db, { leaseSeconds: 0.3, workerId: 'dying' });
    let abortReason: unknown;
    dying.work(
      'read',
      (job) =>
        new Promise<void>((resolve) => {
          job.signal.addEventListener('abort', () => {
            abortReason = job.signal.reason;
            resolve();
          });
        }),
      { concurrency: 1 },
    );
    await dying.enqueue('read', { doc: 'x' });
    await waitFor(async () => (await rows())[0]?.status === 'active', 'the first claim');
    await dying.stop(20);
    expect(String(abortReason)).toContain('stopping');
    expect((await rows())[0]).toMatchObject({ status: 'active', locked_by: 'dying', attempts: 1 });

    const survivor = queueOn(db, { workerId: 'survivor' });
    const attempts: number[] = [];
    survivor.work('read', async (job) => void attempts.push(job.attempt), { concurrency: 1 });
    await waitFor(async () => (await rows()).length === 0, 'the survivor to finish the job');
    expect(attempts).toEqual([2]);
  });

  /** A job claimed (lease 300 s) by `holder`, whose queue then stopped without finishing it. It
   * stops once the handler runs: stopped between its claim and the run, a queue hands the job back. */
  async function leasedBy(holder: string): Promise<void> {
    const dying = queueOn(db, { leaseSeconds: 300, workerId: holder });
    let running = false;
    dying.work(
      'read',
      (job) =>
        new Promise<void>((resolve) => {
          running = true;
          job.signal.addEventListener('abort', () => resolve());
        }),
      { concurrency: 1 },
    );
    await dying.enqueue('read', { doc: 'x' });
    await waitFor(() => running, 'the handler to run');
    await dying.stop(10);
    expect((await rows())[0]).toMatchObject({ status: 'active', locked_by: holder });
  }

  it('takes back at once, not after the lease, the job of a process of this host that is gone', async () => {
    await leasedBy(workerIdentity(deadPid()));
    const restarted = queueOn(db, { leaseSeconds: 300 });
    const attempts: number[] = [];
    restarted.work('read', async (job) => void attempts.push(job.attempt), { concurrency: 1 });
    await waitFor(async () => (await rows()).length === 0, 'the restarted process to finish the job', 5000);
    expect(attempts).toEqual([2]);
  });

  it('leaves to their lease the jobs of live processes and of other hosts', async () => {
    for (const holder of [workerIdentity(), `${LOCAL_HOST}:${process.ppid}:abcd`, `elsewhere:${deadPid()}:abcd`]) {
      await leasedBy(holder);
      const other = queueOn(db, { leaseSeconds: 300 });
      let ran = false;
      other.work('read', async () => void (ran = true), { concurrency: 1 });
      await sleep(300);
      expect(ran, holder).toBe(false);
      await other.stop(100);
      await db.db.deleteFrom('queue_jobs').execute();
    }
  });

  it('fails, without running it again, a job whose worker died on its final attempt', async () => {
    const dying = queueOn(db, { leaseSeconds: 0.2 });
    dying.work('read', (job) => new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve())), { concurrency: 1 });
    await dying.enqueue('read', {}, { maxAttempts: 1 });
    await waitFor(async () => (await rows())[0]?.status === 'active', 'the claim');
    await dying.stop(10);
    const survivor = queueOn(db);
    let ran = false;
    survivor.work('read', async () => void (ran = true), { concurrency: 1 });
    await waitFor(async () => (await rows())[0]?.status === 'failed', 'the job to fail');
    expect(ran).toBe(false);
    expect((await rows())[0]?.last_error).toMatch(/worker lost/);
  });

  it('keeps a long job leased by heartbeats, so no other worker takes it', async () => {
    // A lease of a second, beaten every third of it, over a job three leases long: a 0.3 s lease
    // lapsed once when the whole suite loaded the two cores enough to delay a beat (CI, stop 63).
    const slow = queueOn(db, { leaseSeconds: 1 });
    const watcher = queueOn(await open(false), { leaseSeconds: 1 });
    let runs = 0;
    const handler = async () => {
      runs++;
      await sleep(3000);
    };
    await slow.enqueue('read', {});
    slow.work('read', handler, { concurrency: 1 });
    await waitFor(() => runs === 1, 'the first run');
    watcher.work('read', handler, { concurrency: 1 });
    await waitFor(async () => (await rows()).length === 0, 'the job to finish');
    expect(runs).toBe(1);
  });

  it('keeps queued work across closing and reopening the database', async () => {
    const first = await open(false);
    await queueOn(first).enqueue('read', { survive: true });
    await first.close();
    const reopened = await open(false);
    const payloads: unknown[] = [];
    queueOn(reopened).work('read', async (job) => void payloads.push(job.payload), { concurrency: 1 });
    await waitFor(async () => (await rows()).length === 0, 'the job to run after reopening');
    expect(payloads).toEqual([{ survive: true }]);
  });

  it('ignores a second enqueue with the same dedupe key until the first job finishes', async () => {
    const queue = queueOn(db);
    const a = await queue.enqueue('read', { n: 1 }, { dedupeKey: 'doc-1' });
    const b = await queue.enqueue('read', { n: 2 }, { dedupeKey: 'doc-1' });
    const c = await db.db.transaction().execute((trx) => queue.enqueue('read', { n: 3 }, { dedupeKey: 'doc-1' }, trx));
    expect([b, c]).toEqual([a, a]);
    expect(await rows()).toHaveLength(1);
    const payloads: unknown[] = [];
    queue.work('read', async (job) => void payloads.push(job.payload), { concurrency: 1 });
    await waitFor(async () => (await rows()).length === 0, 'the first job to finish');
    const d = await queue.enqueue('read', { n: 4 }, { dedupeKey: 'doc-1' });
    expect(d).not.toBe(a);
    await waitFor(async () => (await rows()).length === 0, 'the second job to finish');
    expect(payloads).toEqual([{ n: 1 }, { n: 4 }]);
  });

  it('reports depth per queue: queued, active and failed', async () => {
    const queue = queueOn(db);
    expect(await queue.depth()).toEqual({});
    await queue.enqueue('read', {});
    await queue.enqueue('read', {});
    await queue.enqueue('webhook', {}, { delayMs: 60_000 });
    await queue.enqueue('fails', {}, { maxAttempts: 1 });
    let release: () => void = () => undefined;
    queue.work('read', () => new Promise<void>((resolve) => (release = resolve)), { concurrency: 1 });
    queue.work(
      'fails',
      async () => {
        throw new Error('no');
      },
      { concurrency: 1 },
    );
    await waitFor(async () => {
      const d = await queue.depth();
      return d.read?.active === 1 && d.fails?.failed === 1;
    }, 'one active and one failed job');
    expect(await queue.depth()).toEqual({
      read: { queued: 1, active: 1, failed: 0 },
      webhook: { queued: 1, active: 0, failed: 0 },
      fails: { queued: 0, active: 0, failed: 1 },
    });
    release();
  });

  it('stop() stops claiming and waits for a running handler to finish and be recorded', async () => {
    const queue = queueOn(db);
    let finished = false;
    let aborted = false;
    queue.work(
      'read',
      async (job) => {
        await sleep(300);
        aborted = job.signal.aborted;
        finished = true;
      },
      { concurrency: 1 },
    );
    await queue.enqueue('read', { first: true });
    await waitFor(async () => (await rows())[0]?.status === 'active', 'the claim');
    await queue.enqueue('read', { second: true });
    await queue.stop(5000);
    expect([finished, aborted]).toEqual([true, false]);
    expect((await rows()).map((r) => [JSON.parse(r.payload), r.status])).toEqual([[{ second: true }, 'queued']]);
    expect(() => queue.work('read', async () => undefined, { concurrency: 1 })).toThrow(/stopping/);
  });

  it('logs polling errors and keeps polling until the database works again', async () => {
    await db.db.schema.alterTable('queue_jobs').renameTo('queue_jobs_away').execute();
    const logger = recordingLogger();
    const queue = queueOn(db, { logger, pollMs: 10 });
    const payloads: unknown[] = [];
    queue.work('read', async (job) => void payloads.push(job.payload), { concurrency: 1 });
    await waitFor(() => logger.errors.length >= 2, 'two logged poll failures');
    await db.db.schema.alterTable('queue_jobs_away').renameTo('queue_jobs').execute();
    await queue.enqueue('read', { after: 'recovery' });
    await waitFor(() => payloads.length === 1, 'the job after recovery');
    expect(logger.errors.every((m) => m.includes('polling failed'))).toBe(true);
  });

  it('refuses bad input: queue names, oversized payloads, attempts, delays, concurrency', async () => {
    const queue = queueOn(db);
    await expect(queue.enqueue('Bad Name', {})).rejects.toThrow(/queue name/);
    await expect(queue.enqueue('read', 'x'.repeat(MAX_PAYLOAD_BYTES))).rejects.toThrow(/exceeds/);
    await expect(queue.enqueue('read', {}, { maxAttempts: 0 })).rejects.toThrow(/maxAttempts/);
    await expect(queue.enqueue('read', {}, { delayMs: -1 })).rejects.toThrow(/delayMs/);
    await expect(queue.enqueue('read', {}, { dedupeKey: '' })).rejects.toThrow(/dedupeKey/);
    expect(() => queue.work('read', async () => undefined, { concurrency: 0 })).toThrow(/concurrency/);
    expect(await rows()).toHaveLength(0);
  });
});
