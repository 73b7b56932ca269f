import type { Repositories } from '../../adapters/db/repositories/index.js';
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

  async emitJobEvent(tx: Repositories, orgId: string, event: JobEventName, data: JobEventData): Promise<string> {
    return this.emit(tx, orgId, data.job_id, event, data, 'v2');
  }

  /** The dashboard webhook's document.processed, for a document uploaded through /v1. */
  async emitDashboardEvent(tx: Repositories, orgId: string, data: Record<string, unknown>): Promise<string | null> {
    if (!(await tx.webhookEndpoints.hasReceiving(orgId, 'dashboard'))) return null;
    return this.emit(tx, orgId, null, DASHBOARD_EVENT, data, 'dashboard');
  }

  private async emit(tx: Repositories, orgId: string, jobId: string | null, event: string, data: object, kind: 'v2' | 'dashboard'): Promise<string> {
    const now = this.clock();
    const at = new Date(now).toISOString();
    const id = newId('event');
    const body = JSON.stringify({ id, event, data, created: timestampWithOffset(now) });
    await tx.webhookDeliveries.insertEvent({ id, org_id: orgId, job_id: jobId, event, body, created_at: at });
    const endpoints = await tx.webhookEndpoints.listReceiving(orgId, kind);
    for (const endpoint of endpoints) {
      if (!(JSON.parse(endpoint.events) as string[]).includes(event)) continue;
      const deliveryId = newId('delivery');
      await tx.webhookDeliveries.insert({
        id: deliveryId,
        org_id: orgId,
        endpoint_id: endpoint.id,
        event_id: id,
        status: 'pending',
        attempts: 0,
        next_attempt_at: at,
        created_at: at,
        updated_at: at,
      });
      const payload: DeliveryJobPayload = { orgId, deliveryId, attempt: 1 };
      await tx.enqueue(this.queue, WEBHOOK_QUEUE, payload, { dedupeKey: `whd:${deliveryId}:1`, maxAttempts: DELIVERY_JOB_ATTEMPTS });
    }
    return id;
  }
}
