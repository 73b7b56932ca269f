import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PG_URL, postgresDatabase, postgresReachable, sqliteDatabase, type TestDatabase } from '../../../test/helpers/databases.js';
import { connectDb, type Db } from '../db/connect.js';
import { createEmbeddedQueue, type QueueLogger } from './embedded.js';
import { createPgBossQueue } from './pgboss.js';
import type { Queue, QueueJob } from './types.js';

/** The contract every queue implementation keeps: the reading and delivery code is written
 * against it, and runs unchanged on the embedded queue and on pg-boss. */

interface Subject {
  db: Db;
  queue: Queue;
  close(): Promise<void>;
}

const quietLogger: QueueLogger = { warn: () => undefined, error: () => undefined };

async function embeddedOn(testDb: TestDatabase): Promise<Subject> {
  const db = connectDb(testDb.database);
  await db.migrate();
  const queue = createEmbeddedQueue(db.db, db.kind, { leaseSeconds: 5, pollMs: 20, maxAttempts: 3, retryBaseMs: 5, logger: quietLogger });
  return {
    db,
    queue,
    async close() {
      await queue.stop(2000);
      await db.close();
      await testDb.cleanup();
    },
  };
}

async function pgBossOn(testDb: TestDatabase): Promise<Subject> {
  if (testDb.database.kind !== 'postgres') throw new Error('pg-boss runs on PostgreSQL only');
  const db = connectDb(testDb.database);
  await db.migrate();
  const bossSchema = `${testDb.database.schema}_boss`;
  const queue = createPgBossQueue({
    connectionString: PG_URL,
    schema: bossSchema,
    maxAttempts: 3,
    expireSeconds: 60,
    maintenanceSeconds: 30,
    pollSeconds: 0.5,
    retryDelaySeconds: 1,
    poolSize: 4,
    logger: quietLogger,
  });
  return {
    db,
    queue,
    async close() {
      await queue.stop(2000);
      await db.close();
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      try {
        await client.query(`drop schema if exists ${bossSchema} cascade`);
      } finally {
        await client.end();
      }
      await testDb.cleanup();
    },
  };
}

const subjects: Array<[string, () => Promise<Subject>]> = [['embedded queue on sqlite', () => embeddedOn(sqliteDatabase())]];
if (await postgresReachable()) {
  subjects.push(['embedded queue on postgres', () => embeddedOn(postgresDatabase())]);
  subjects.push(['pg-boss on postgres', () => pgBossOn(postgresDatabase())]);
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe.each(subjects)('queue contract: %s', (_name, open) => {
  let subject: Subject;

  beforeEach(async () => {
    subject = await open();
  });

  afterEach(async () => {
    await subject?.close();
  });

  it('enqueues inside the caller transaction: a rollback queues nothing, a commit runs the job once', async () => {
    const seen: unknown[] = [];
    subject.queue.work('read', async (job) => void seen.push(job.payload), { concurrency: 1 });
    await expect(
      subject.db.db.transaction().execute(async (trx) => {
        await subject.queue.enqueue('read', { doc: 'rolled-back' }, {}, trx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await subject.db.db.transaction().execute(async (trx) => {
      await subject.queue.enqueue('read', { doc: 'committed' }, {}, trx);
    });
    await waitFor(() => seen.length === 1, 'the committed job');
    await sleep(1200);
    expect(seen).toEqual([{ doc: 'committed' }]);
  });

  it('works several queues at once (pg-boss creates the table of each queue on first use)', async () => {
    const seen: string[] = [];
    for (const name of ['read', 'webhook', 'other']) subject.queue.work(name, async () => void seen.push(name), { concurrency: 3 });
    for (const name of ['read', 'webhook', 'other']) await subject.queue.enqueue(name, {});
    await waitFor(() => seen.length === 3, 'a job on each queue');
    expect(seen.sort()).toEqual(['other', 'read', 'webhook']);
  });

  it('retries a failing handler up to maxAttempts, numbering the attempts, and then gives up', async () => {
    const attempts: Array<[number, number]> = [];
    subject.queue.work(
      'read',
      async (job: QueueJob) => {
        attempts.push([job.attempt, job.maxAttempts]);
        throw new Error('always fails');
      },
      { concurrency: 1 },
    );
    await subject.queue.enqueue('read', { doc: 'x' }, { maxAttempts: 2 });
    await waitFor(() => attempts.length === 2, 'two attempts');
    await sleep(3000);
    expect(attempts).toEqual([
      [1, 2],
      [2, 2],
    ]);
    const depth = await subject.queue.depth();
    expect(depth.read?.failed).toBe(1);
  });

  it('ignores a second job with the same dedupe key while the first is not finished', async () => {
    const first = await subject.queue.enqueue('read', { n: 1 }, { dedupeKey: 'read:R1' });
    const second = await subject.queue.enqueue('read', { n: 2 }, { dedupeKey: 'read:R1' });
    expect(second).toBe(first);
    expect((await subject.queue.depth()).read?.queued).toBe(1);
    const seen: unknown[] = [];
    subject.queue.work('read', async (job) => void seen.push(job.payload), { concurrency: 1 });
    await waitFor(() => seen.length === 1, 'the job');
    await sleep(1200);
    expect(seen).toEqual([{ n: 1 }]);
  });

  it('holds a delayed job until its time', async () => {
    const seenAt: number[] = [];
    subject.queue.work('read', async () => void seenAt.push(Date.now()), { concurrency: 1 });
    const enqueuedAt = Date.now();
    await subject.queue.enqueue('read', {}, { delayMs: 2000 });
    await waitFor(() => seenAt.length === 1, 'the delayed job');
    expect(seenAt[0]! - enqueuedAt).toBeGreaterThanOrEqual(1900);
  });

  it('runs at most `concurrency` jobs at once, and uses that many', async () => {
    let active = 0;
    let peak = 0;
    let done = 0;
    subject.queue.work(
      'read',
      async () => {
        active++;
        peak = Math.max(peak, active);
        await sleep(400);
        active--;
        done++;
      },
      { concurrency: 2 },
    );
    for (let i = 0; i < 6; i++) await subject.queue.enqueue('read', { i });
    await waitFor(() => done === 6, 'six jobs');
    expect(peak).toBe(2);
  });

  it('stop() waits for a running handler, which then counts as done', async () => {
    let finished = false;
    let started = false;
    subject.queue.work(
      'read',
      async () => {
        started = true;
        await sleep(500);
        finished = true;
      },
      { concurrency: 1 },
    );
    await subject.queue.enqueue('read', {});
    await waitFor(() => started, 'the job to start');
    await subject.queue.stop(5000);
    expect(finished).toBe(true);
    expect(() => subject.queue.work('read', async () => undefined, { concurrency: 1 })).toThrow(/stopping/);
  });

  it('refuses what no implementation may take: bad names, oversized payloads, bad attempts', async () => {
    await expect(subject.queue.enqueue('Bad Name', {})).rejects.toThrow(/queue name/);
    await expect(subject.queue.enqueue('read', 'x'.repeat(70_000))).rejects.toThrow(/exceeds/);
    await expect(subject.queue.enqueue('read', {}, { maxAttempts: 0 })).rejects.toThrow(/maxAttempts/);
    await expect(subject.queue.enqueue('read', {}, { dedupeKey: '' })).rejects.toThrow(/dedupeKey/);
  });
});
