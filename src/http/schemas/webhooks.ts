import { z } from 'zod';
import { DELIVERY_STATUSES, JOB_EVENT_NAMES } from '../../domain/events.js';

const timestamp = z.string().describe('ISO 8601, UTC, without offset.');

export const CreateWebhookSchema = z
  .object({
    url: z
      .string()
      .max(2048)
      .describe(
        'A public HTTPS address. Loopback, private, link-local, CGNAT, NAT64 and IPv4-mapped addresses, in any notation, answer 422 unsafe_webhook_url; so does a name resolving to one. Checked again at every connection.',
      ),
    events: z
      .array(z.string().max(64))
      .max(20)
      .describe(`Event names from: ${JOB_EVENT_NAMES.join(', ')}. Any other answers 422 invalid_events.`),
  })
  .strict()
  .meta({ id: 'CreateWebhook' });

export const WebhookSchema = z
  .object({
    id: z.string().describe('WHK_ followed by 32 hex characters.'),
    url: z.string(),
    events: z.array(z.string()),
    created_at: timestamp,
    updated_at: timestamp,
    previous_secret_expires_at: timestamp.nullable().describe('After a rotation, the old secret signs too (a second v1=) until then.'),
  })
  .meta({ id: 'Webhook' });

export const WebhookWithSecretSchema = WebhookSchema.extend({
  secret: z.string().describe('whsec_…: the signing secret, shown only in this answer. The HMAC key is this whole string.'),
}).meta({ id: 'WebhookWithSecret' });

export const WebhookListSchema = z.object({ items: z.array(WebhookSchema) }).meta({ id: 'WebhookList' });

export const WebhookIdParams = z.object({ id: z.string().max(64).describe('Webhook endpoint id, WHK_…') });
export const DeliveryParams = WebhookIdParams.extend({ delivery_id: z.string().max(64).describe('Delivery id, DLV_…') });

const AttemptSchema = z.object({
  number: z.number().int().describe('1–6 for scheduled attempts; for a manual redelivery, the scheduled count at the time.'),
  manual: z.boolean(),
  at: timestamp,
  duration_ms: z.number().int(),
  status_code: z.number().int().nullable().describe("The receiver's HTTP status; null when none came (refused, timeout, TLS error, unsafe address)."),
  succeeded: z.boolean().describe('Any 2xx; 3xx and everything else is a failure (redirects are never followed).'),
  error: z.string().nullable(),
});

export const DeliverySchema = z
  .object({
    id: z.string().describe('DLV_…: sent as X-Service-Delivery, the same on every attempt.'),
    event_id: z.string().describe("evt_…: the body's id, the same on every attempt and redelivery."),
    event: z.string(),
    status: z.enum(DELIVERY_STATUSES).describe('pending until a 2xx; dead after six failed attempts.'),
    scheduled_attempts: z.number().int(),
    next_attempt_at: timestamp.nullable(),
    created_at: timestamp,
    attempts: z.array(AttemptSchema),
  })
  .meta({ id: 'WebhookDelivery' });

export const DeliveryListSchema = z
  .object({ items: z.array(DeliverySchema).describe('The newest 100 deliveries, newest first.') })
  .meta({ id: 'WebhookDeliveryList' });

export const RedeliverSchema = z.object({ delivery_id: z.string(), queued: z.literal(true) }).meta({ id: 'Redelivery' });
export const DeletedWebhookSchema = z.object({ id: z.string(), deleted: z.literal(true) });
export const V1SecretSchema = z
  .object({ secret: z.string().describe('whsec_…: signs X-Service-Signature of the dashboard webhook (document.processed).') })
  .meta({ id: 'V1WebhookSecret' });

export const DashboardWebhookBodySchema = z
  .object({
    url: z
      .string()
      .max(2048)
      .nullable()
      .describe('Where document.processed is sent for documents uploaded through /v1; null turns it off. Checked like a v2 endpoint.'),
  })
  .strict();

export const DashboardWebhookSchema = z
  .object({
    url: z.string().nullable(),
    event: z.literal('document.processed'),
    updated_at: timestamp,
    deliveries: z.array(DeliverySchema),
  })
  .meta({ id: 'DashboardWebhook' });
