import type { Kysely } from 'kysely';
import type { DbKind } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { fromTemplate } from '../db/statement-template.js';

/** Row states of `queue_jobs`. Finished jobs are deleted, so there is no 'done'. */
export const JOB_STATUSES = ['queued', 'active', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** What a worker needs from a claimed row. `attempts` counts this claim, so it also identifies
 * the claim: every later write checks it, and a worker whose lease was taken over cannot touch
 * the row any more. */
export interface ClaimedJob {
  id: string;
  queue: string;
  payload: string;
  attempts: number;
  max_attempts: number;
}

export interface NewJob {
  id: string;
  queue: string;
  payload: string;
  maxAttempts: number;
  runAt: Date;
  dedupeKey?: string;
}

/** Who holds a claim: the worker and the attempt number it claimed. */
export interface ClaimRef {
  id: string;
  workerId: string;
  attempts: number;
}

export type QueueDepth = Record<string, { queued: number; active: number; failed: number }>;

/** Timestamps are ISO 8601 UTC text (see schema.ts), which compares as time. */
const iso = (t: Date | number) => new Date(t).toISOString();

/** Every statement the embedded queue runs on `queue_jobs`, written once for both dialects. */
export function jobsTable(db: Kysely<Database>, kind: DbKind) {
  const claimOf = (ref: ClaimRef) =>
    db
      .updateTable('queue_jobs')
      .where('id', '=', ref.id)
      .where('locked_by', '=', ref.workerId)
      .where('attempts', '=', ref.attempts)
      .where('status', '=', 'active');

  return {
    /** Inserts on `exec` (the caller's transaction or the database). With a dedupe key already
     * held by an unfinished job, inserts nothing and returns that job's id. */
    async insert(exec: Kysely<Database>, job: NewJob): Promise<string> {
      const now = iso(Date.now());
      const row = {
        id: job.id,
        queue: job.queue,
        payload: job.payload,
        status: 'queued' satisfies JobStatus,
        attempts: 0,
        max_attempts: job.maxAttempts,
        run_at: iso(job.runAt),
        lease_until: null,
        locked_by: null,
        last_error: null,
        dedupe_key: job.dedupeKey ?? null,
        created_at: now,
        updated_at: now,
      };
      const key = job.dedupeKey;
      if (key === undefined) {
        await exec.insertInto('queue_jobs').values(row).execute();
        return job.id;
      }
      // The holder of the key can finish (and free it) between the insert and the look-up; a
      // second round then inserts.
      for (let round = 0; round < 3; round++) {
        // Every upload queues its reading so: from a template (see statement-template.ts).
        const values = Object.values(row);
        const insert = fromTemplate(exec, 'queue_jobs.insertDeduped', values, (args) =>
          exec
            .insertInto('queue_jobs')
            .values(Object.fromEntries(Object.keys(row).map((column, i) => [column, args[i]])) as typeof row)
            .onConflict((oc) => oc.column('dedupe_key').doNothing())
            .returning('id'),
        );
        const inserted = (await exec.executeQuery(insert)).rows[0];
        if (inserted) return inserted.id;
        const holder = await exec.selectFrom('queue_jobs').select('id').where('dedupe_key', '=', key).executeTakeFirst();
        if (holder) return holder.id;
      }
      throw new Error(`Could not enqueue with dedupe key ${key}: it kept changing hands`);
    },

    /** Atomically takes the next runnable job of `queue`: a queued job that is due, or an active
     * one whose lease ran out (its worker died). One statement, so it is its own transaction: on
     * PostgreSQL the row is locked with SKIP LOCKED, so concurrent claimers pass over it rather
     * than wait; SQLite runs the whole UPDATE under its single write lock. */
    async claim(queue: string, workerId: string, leaseMs: number): Promise<ClaimedJob | undefined> {
      const now = Date.now();
      const nowIso = iso(now);
      return db
        .updateTable('queue_jobs')
        .set((eb) => ({
          status: 'active' satisfies JobStatus,
          attempts: eb('attempts', '+', 1),
          lease_until: iso(now + leaseMs),
          locked_by: workerId,
          updated_at: nowIso,
        }))
        .where('id', '=', (eb) =>
          eb
            .selectFrom('queue_jobs')
            .select('id')
            .where('queue', '=', queue)
            .where((w) =>
              w.or([w.and([w('status', '=', 'queued'), w('run_at', '<=', nowIso)]), w.and([w('status', '=', 'active'), w('lease_until', '<', nowIso)])]),
            )
            .orderBy('run_at')
            .limit(1)
            .$if(kind === 'postgres', (q) => q.forUpdate().skipLocked()),
        )
        .returning(['id', 'queue', 'payload', 'attempts', 'max_attempts'])
        .executeTakeFirst();
    },

    /** Unexpired claims, with their holders: for the liveness check of this host's workers. */
    async leasedJobs(queue: string): Promise<{ id: string; locked_by: string }[]> {
      const rows = await db
        .selectFrom('queue_jobs')
        .select(['id', 'locked_by'])
        .where('queue', '=', queue)
        .where('status', '=', 'active')
        .where('lease_until', '>=', iso(Date.now()))
        .execute();
      return rows.filter((r): r is { id: string; locked_by: string } => r.locked_by !== null);
    },

    /** Ends a dead holder's lease now, so the next claim takes the job (counting the attempt, as
     * an expiry would). Only while that holder still has it. */
    async expireLease(id: string, holder: string): Promise<boolean> {
      const res = await db
        .updateTable('queue_jobs')
        .set({ lease_until: iso(0), updated_at: iso(Date.now()) })
        .where('id', '=', id)
        .where('locked_by', '=', holder)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Pushes the lease forward; false when the claim is no longer ours. */
    async extendLease(ref: ClaimRef, leaseMs: number): Promise<boolean> {
      const now = Date.now();
      const res = await claimOf(ref)
        .set({ lease_until: iso(now + leaseMs), updated_at: iso(now) })
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** A finished job leaves the table, which frees its dedupe key. */
    async complete(ref: ClaimRef): Promise<void> {
      await db
        .deleteFrom('queue_jobs')
        .where('id', '=', ref.id)
        .where('locked_by', '=', ref.workerId)
        .where('attempts', '=', ref.attempts)
        .where('status', '=', 'active')
        .execute();
    },

    async retryAt(ref: ClaimRef, runAt: number, error: string): Promise<void> {
      await claimOf(ref)
        .set({ status: 'queued', run_at: iso(runAt), lease_until: null, locked_by: null, last_error: error, updated_at: iso(Date.now()) })
        .execute();
    },

    /** Gives up for good; the row stays for inspection, its dedupe key is freed. */
    async fail(ref: ClaimRef, error: string): Promise<void> {
      await claimOf(ref)
        .set({ status: 'failed', lease_until: null, locked_by: null, last_error: error, dedupe_key: null, updated_at: iso(Date.now()) })
        .execute();
    },

    /** Hands back a job claimed just as the worker began stopping, as if never claimed. */
    async release(ref: ClaimRef): Promise<void> {
      await claimOf(ref)
        .set((eb) => ({ status: 'queued', attempts: eb('attempts', '-', 1), lease_until: null, locked_by: null, updated_at: iso(Date.now()) }))
        .execute();
    },

    async depth(): Promise<QueueDepth> {
      const rows = await db
        .selectFrom('queue_jobs')
        .select((eb) => ['queue', 'status', eb.fn.countAll().as('n')])
        .groupBy(['queue', 'status'])
        .execute();
      const out: QueueDepth = {};
      for (const row of rows) {
        const counts = (out[row.queue] ??= { queued: 0, active: 0, failed: 0 });
        if (row.status === 'queued' || row.status === 'active' || row.status === 'failed') counts[row.status] = Number(row.n);
      }
      return out;
    },
  };
}

export type JobsTable = ReturnType<typeof jobsTable>;
