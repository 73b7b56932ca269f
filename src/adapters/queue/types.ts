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

export interface Queue {
  /** `trx` is the caller's open transaction (embedded queue); without it the queue commits alone. */
  enqueue(queue: string, payload: unknown, opts?: EnqueueOptions, trx?: Kysely<Database>): Promise<string>;
  /** Starts pulling jobs of `queue` and running `handler`, at most `concurrency` at once. */
  work<P>(queue: string, handler: JobHandler<P>, opts: WorkOptions): void;
  /** Counts of queued and active jobs per queue, for metrics. */
  depth(): Promise<Record<string, { queued: number; active: number; failed: number }>>;
  /** Stops taking work and waits for running handlers (up to the timeout), then aborts them. */
  stop(timeoutMs?: number): Promise<void>;
}
