import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Durable work queue. Work is enqueued in the same transaction as the rows it is about, so a
 * committed document always has its work queued and a rolled-back one never does. */
export interface EnqueueOptions {
  /** A second enqueue with the same key while the first is not finished is ignored. */
  dedupeKey?: string;
  /** Delay before the job may run. */
  delayMs?: number;
  maxAttempts?: number;
}

export interface QueueJob<P = unknown> {
  id: string;
  queue: string;
  payload: P;
  /** 1 on the first try. */
  attempt: number;
  maxAttempts: number;
  signal: AbortSignal;
}

export type JobHandler<P = unknown> = (job: QueueJob<P>) => Promise<void>;

export interface WorkOptions {
  concurrency: number;
}

export interface JobStatement {
  sql: string;
  parameters: readonly unknown[];
}

export interface Queue {
  /** `trx` is the caller's open transaction (embedded queue); without it the queue commits alone. */
  enqueue(queue: string, payload: unknown, opts?: EnqueueOptions, trx?: Kysely<Database>): Promise<string>;
  /** The insert of a job as one SQL statement (PostgreSQL, placeholders $1…) for the caller to run
   * within a statement of its own, as a data-modifying `with` part: the job then commits with the
   * rows it is about in one round trip. The statement returns one row when it inserted the job.
   * Absent where the queue cannot give one (the embedded queue). */
  enqueueStatement?(queue: string, payload: unknown, opts?: EnqueueOptions): Promise<JobStatement>;
  /** Starts pulling jobs of `queue` and running `handler`, at most `concurrency` at once. */
  work<P>(queue: string, handler: JobHandler<P>, opts: WorkOptions): void;
  /** Counts of queued and active jobs per queue, for metrics. */
  depth(): Promise<Record<string, { queued: number; active: number; failed: number }>>;
  /** Stops taking work and waits for running handlers (up to the timeout), then aborts them. */
  stop(timeoutMs?: number): Promise<void>;
}
