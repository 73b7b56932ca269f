import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/db/schema.js';
import { MAX_ATTEMPTS_LIMIT } from '../../adapters/queue/limits.js';
import type { Queue } from '../../adapters/queue/types.js';
import { DASHBOARD_EVENT, type JobEventName } from '../../domain/events.js';
import { newId } from '../../domain/ids.js';

export const WEBHOOK_QUEUE = 'webhook';

/** The queue's own retries of one delivery job: only for a worker that died or a database error
 * mid-attempt (the delivery schedule is counted on the delivery, not here). Sending a webhook
 * cannot kill a worker, so a job is never given up for lost workers. */
export const DELIVERY_JOB_ATTEMPTS = MAX_ATTEMPTS_LIMIT;

export interface DeliveryJobPayload {
  orgId: string;
  deliveryId: string;
  /** The scheduled attempt this job makes (1–6); absent for a manual redelivery. */
  attempt?: number;
  manual?: boolean;
}

/** `data` of every v2 event, as the interface lists it. */
export interface JobEventData {
  job_id: string;
  entity_id: string;
  decision_id: string | null;
  status: string;
  code: string | null;
  state_version: number;
}

/** ISO 8601 with an explicit UTC offset, as the interface asks for `created`. */
export function timestampWithOffset(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19) + '+00:00';
}

/** Writes events into the outbox inside the caller's transaction, together with one delivery per
 * subscribed endpoint and the queue job that makes its first attempt. The state change, the event
 * and its deliveries commit or roll back as one: no event is lost or invented by a crash. */
export class EventOutbox {
  constructor(
    private readonly queue: Queue,
    private readonly clock: () => number = Date.now,
  ) {}

  async emitJobEvent(trx: Kysely<Database>, orgId: string, event: JobEventName, data: JobEventData): Promise<string> {
    return this.emit(trx, orgId, data.job_id, event, data, 'v2');
  }

  /** The dashboard webhook's document.processed, for a document uploaded through /v1. */
  async emitDashboardEvent(trx: Kysely<Database>, orgId: string, data: Record<string, unknown>): Promise<string | null> {
    const endpoint = await trx.selectFrom('webhook_endpoints').select('id').where('org_id', '=', orgId).where('kind', '=', 'dashboard').where('deleted_at', 'is', null).where('url', 'is not', null).executeTakeFirst();
    if (!endpoint) return null;
    return this.emit(trx, orgId, null, DASHBOARD_EVENT, data, 'dashboard');
  }

  private async emit(trx: Kysely<Database>, orgId: string, jobId: string | null, event: string, data: object, kind: 'v2' | 'dashboard'): Promise<string> {
    const now = this.clock();
    const at = new Date(now).toISOString();
    const id = newId('event');
    const body = JSON.stringify({ id, event, data, created: timestampWithOffset(now) });
    await trx.insertInto('events').values({ id, org_id: orgId, job_id: jobId, event, body, created_at: at }).execute();
    const endpoints = await trx.selectFrom('webhook_endpoints').select(['id', 'events']).where('org_id', '=', orgId).where('kind', '=', kind).where('deleted_at', 'is', null).where('url', 'is not', null).execute();
    for (const endpoint of endpoints) {
      if (!(JSON.parse(endpoint.events) as string[]).includes(event)) continue;
      const deliveryId = newId('delivery');
      await trx.insertInto('webhook_deliveries').values({ id: deliveryId, org_id: orgId, endpoint_id: endpoint.id, event_id: id, status: 'pending', attempts: 0, next_attempt_at: at, created_at: at, updated_at: at }).execute();
      const payload: DeliveryJobPayload = { orgId, deliveryId, attempt: 1 };
      await this.queue.enqueue(WEBHOOK_QUEUE, payload, { dedupeKey: `whd:${deliveryId}:1`, maxAttempts: DELIVERY_JOB_ATTEMPTS }, trx);
    }
    return id;
  }
}
