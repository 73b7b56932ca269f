import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PG_URL, postgresDatabase, postgresReachable, type TestDatabase } from '../../../test/helpers/databases.js';
import { createPgBossQueue } from '../queue/pgboss.js';
import type { Queue, QueueJob } from '../queue/types.js';
import { connectDb, type Db } from './connect.js';
import { placeholdersFrom, runAsOneStatement } from './one-statement.js';

describe('placeholdersFrom', () => {
  it('moves every placeholder up by the offset, and makes the text once per text and offset', () => {
    const sql = 'insert into t (a, b, c) values ($1, $2, $10) returning $2';
    const moved = placeholdersFrom(sql, 5);
    expect(moved).toBe('insert into t (a, b, c) values ($6, $7, $15) returning $7');
    expect(placeholdersFrom(sql, 0)).toBe(sql);
    expect(placeholdersFrom(`${sql} `.trimEnd(), 5)).toBe(moved);
    const replace = vi.spyOn(String.prototype, 'replace');
    try {
      expect(placeholdersFrom(sql, 5)).toBe(moved);
      expect(replace).not.toHaveBeenCalled();
      expect(placeholdersFrom(sql, 7)).toBe('insert into t (a, b, c) values ($8, $9, $17) returning $9');
      expect(replace.mock.contexts).toContain(sql);
    } finally {
      replace.mockRestore();
    }
  });
});

/** pg-boss's job insert run as a part of one statement with the rows it is about (how an upload is
 * recorded on PostgreSQL): the job exists exactly when the rows do. */
describe.skipIf(!(await postgresReachable()))('a pg-boss job sent in one statement with other rows', () => {
  let tdb: TestDatabase;
  let db: Db;
  let queue: Queue;
  let bossSchema: string;

  beforeEach(async () => {
    tdb = postgresDatabase();
    db = connectDb(tdb.database);
    await db.migrate();
    bossSchema = `${tdb.database.kind === 'postgres' ? tdb.database.schema : ''}_boss`;
    queue = createPgBossQueue({
      connectionString: PG_URL,
      schema: bossSchema,
      maxAttempts: 3,
      expireSeconds: 60,
      maintenanceSeconds: 30,
      pollSeconds: 0.5,
      retryDelaySeconds: 1,
      poolSize: 4,
      logger: { warn: () => undefined, error: () => undefined },
    });
  });

  afterEach(async () => {
    await queue.stop(2000);
    await db.close();
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(`drop schema if exists ${bossSchema} cascade`);
    } finally {
      await client.end();
    }
    await tdb.cleanup();
  });

  const organisation = (id: string) =>
    db.db
      .insertInto('organisations')
      .values({ id, name: id, plan: 'starter', status: 'active', created_at: '2026-11-01T00:00:00.000Z', subscription_expires_at: null })
      .compile();
  const organisations = async () => (await db.db.selectFrom('organisations').select('id').orderBy('id').execute()).map((r) => r.id);

  it('commits the rows and the job together, the job as sent (payload, attempts, dedupe id)', async () => {
    const seen: Array<Pick<QueueJob, 'payload' | 'maxAttempts' | 'id'>> = [];
    queue.work('read', async ({ payload, maxAttempts, id }) => void seen.push({ payload, maxAttempts, id }), { concurrency: 1 });
    const job = await queue.enqueueStatement!('read', { doc: 'd1' }, { dedupeKey: 'read:r1', maxAttempts: 2 });
    await runAsOneStatement(db.db, [organisation('ORG_1'), organisation('ORG_2'), { ...job, oneRow: true }]);
    expect(await organisations()).toEqual(['ORG_1', 'ORG_2']);
    const deadline = Date.now() + 20_000;
    while (seen.length === 0 && Date.now() < deadline) await sleep(20);
    // The same dedupe key through the usual path finds the job already there.
    expect(await queue.enqueue('read', { doc: 'again' }, { dedupeKey: 'read:r1' })).toBe(seen[0]?.id);
    await sleep(1200);
    expect(seen.map(({ payload, maxAttempts }) => ({ payload, maxAttempts }))).toEqual([{ payload: { doc: 'd1' }, maxAttempts: 2 }]);
  });

  it('writes neither rows nor job when a part fails, or when the job was not inserted', async () => {
    const seen: unknown[] = [];
    queue.work('read', async (job) => void seen.push(job.payload), { concurrency: 1 });
    await runAsOneStatement(db.db, [organisation('ORG_1')]);
    const job = await queue.enqueueStatement!('read', { doc: 'd2' }, { dedupeKey: 'read:r2' });
    await expect(runAsOneStatement(db.db, [organisation('ORG_3'), { ...job, oneRow: true }, organisation('ORG_1')]), 'a duplicate row').rejects.toThrow();
    const skipped = { sql: `insert into organisations (id) select $1 where false returning id`, parameters: ['ORG_4'], oneRow: true };
    await expect(runAsOneStatement(db.db, [organisation('ORG_5'), { ...job, oneRow: true }, skipped]), 'a part that inserted nothing').rejects.toThrow(
      /division by zero/,
    );
    const found = { sql: `select id from organisations where id = $1`, parameters: ['ORG_1'], noRow: true };
    await expect(runAsOneStatement(db.db, [organisation('ORG_6'), { ...job, oneRow: true }, found]), 'a noRow part that found a row').rejects.toThrow(
      /division by zero/,
    );
    await sleep(1500);
    expect(seen).toEqual([]);
    expect(await organisations()).toEqual(['ORG_1']);
    // A noRow part that finds none lets the statement be written.
    await runAsOneStatement(db.db, [organisation('ORG_7'), { ...found, parameters: ['ORG_8'] }]);
    expect(await organisations()).toEqual(['ORG_1', 'ORG_7']);
  });
});
