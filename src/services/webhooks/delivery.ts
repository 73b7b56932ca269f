import type { Logger } from 'pino';
import type { Repositories } from '../../adapters/db/repositories/index.js';
import type { JobHandler, Queue } from '../../adapters/queue/types.js';
import type { WebhookSender } from '../../adapters/webhooks/http-sender.js';
import { newId } from '../../domain/ids.js';
import { DELIVERY_JOB_ATTEMPTS, WEBHOOK_QUEUE, type DeliveryJobPayload } from './outbox.js';
import type { SecretBox } from './secret-box.js';
import { legacyDocSignature, signatureHeader } from './signing.js';

export interface DeliveryDeps {
  repos: Repositories;
  queue: Queue;
  send: WebhookSender;
  box: SecretBox;
  /** Delays of attempts 2, 3… after the start of the attempt before; its length + 1 attempts in all. */
  scheduleMs: number[];
  /** Signs the legacy X-Doc-Signature of the dashboard webhook. */
  legacyKey: Buffer;
  clock?: () => number;
  logger?: Logger;
}

/** Another worker recorded this attempt first (a duplicate queue job): nothing of ours is written. */
class AlreadyRecorded extends Error {}

/** The queue handler that makes one delivery attempt and records it. On failure the next attempt
 * is queued, in the same transaction as the record, at the schedule's delay from this attempt's
 * start; after the last one the delivery is dead. A worker killed mid-attempt leaves the queue job
 * to be taken again after its lease: the same delivery id and event body are sent again (at least
 * once, never under a new id). */
export function createDeliveryHandler(deps: DeliveryDeps): JobHandler<DeliveryJobPayload> {
  const clock = deps.clock ?? Date.now;
  const maxAttempts = deps.scheduleMs.length + 1;
  return async (job) => {
    const { orgId, deliveryId, manual } = job.payload;
    const row = await deps.repos.webhookDeliveries.findForAttempt(orgId, deliveryId);
    if (!row || row.deleted_at !== null || row.url === null) return;
    if (!manual && (row.status !== 'pending' || job.payload.attempt !== row.attempts + 1)) return;

    const started = clock();
    const t = Math.floor(started / 1000);
    const secrets = [deps.box.open(row.secret_enc)];
    if (row.previous_secret_enc && row.previous_expires_at && Date.parse(row.previous_expires_at) > started)
      secrets.push(deps.box.open(row.previous_secret_enc));
    const headers: Record<string, string> = {
      'x-service-event': row.event,
      'x-service-delivery': row.id,
      'x-service-signature': signatureHeader(secrets, t, row.body),
    };
    if (row.kind === 'dashboard') {
      headers['x-doc-event'] = row.event;
      headers['x-doc-signature'] = legacyDocSignature(deps.legacyKey, row.body);
    }
    const result = await deps.send({ url: row.url, headers, body: row.body });
    const attemptAt = new Date(started).toISOString();

    try {
      await deps.repos.transaction(async (tx) => {
        const number = manual ? row.attempts : row.attempts + 1;
        await tx.webhookDeliveries.insertAttempt({
          id: newId('attempt'),
          delivery_id: row.id,
          org_id: orgId,
          number,
          manual: manual ? 1 : 0,
          started_at: attemptAt,
          duration_ms: result.durationMs,
          status_code: result.statusCode,
          error: result.error,
          succeeded: result.ok ? 1 : 0,
        });
        const now = new Date(clock()).toISOString();
        if (manual) {
          if (result.ok) await tx.webhookDeliveries.markDelivered(orgId, row.id, now);
          return;
        }
        const last = number >= maxAttempts;
        const nextAt = result.ok || last ? null : started + deps.scheduleMs[number - 1]!;
        const recorded = await tx.webhookDeliveries.recordScheduled(orgId, row.id, row.attempts, {
          attempts: number,
          status: result.ok ? 'delivered' : last ? 'dead' : 'pending',
          next_attempt_at: nextAt === null ? null : new Date(nextAt).toISOString(),
          updated_at: now,
        });
        if (!recorded) throw new AlreadyRecorded();
        if (nextAt !== null) {
          const payload: DeliveryJobPayload = { orgId, deliveryId: row.id, attempt: number + 1 };
          await tx.enqueue(deps.queue, WEBHOOK_QUEUE, payload, {
            dedupeKey: `whd:${row.id}:${number + 1}`,
            delayMs: Math.max(0, nextAt - clock()),
            maxAttempts: DELIVERY_JOB_ATTEMPTS,
          });
        }
      });
    } catch (err) {
      if (!(err instanceof AlreadyRecorded)) throw err;
    }
    deps.logger?.info({ deliveryId: row.id, eventId: row.event_id, status: result.statusCode, ok: result.ok, manual: manual === true }, 'webhook attempt');
  };
}
