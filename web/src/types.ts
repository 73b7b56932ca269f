/** The API's shapes the dashboard reads, inferred from the zod schemas the server validates and
 * documents them with (/openapi.json), so a shape has one source. Type-only imports: nothing of
 * the server is bundled. */
import type { z } from 'zod';
import type { FieldReviewItemSchema, FieldValueSchema, OutcomeSchema, RegionSchema, ResultFieldSchema } from '../../src/domain/result';
import type { KeySchema, MeSchema, UsageSchema } from '../../src/http/schemas/auth';
import type { DocumentSchema, ListResponseSchema } from '../../src/http/schemas/documents';
import type { PolicyResponseSchema } from '../../src/http/schemas/policy';
import type { HistoryResponseSchema } from '../../src/http/schemas/reviews';
import type { DashboardWebhookSchema, DeliverySchema, WebhookSchema } from '../../src/http/schemas/webhooks';

export type FieldValue = z.infer<typeof FieldValueSchema>;
export type Region = z.infer<typeof RegionSchema>;
export type ResultField = z.infer<typeof ResultFieldSchema>;
export type FieldReviewItem = z.infer<typeof FieldReviewItemSchema>;
export type Outcome = z.infer<typeof OutcomeSchema>;
export type DocumentView = z.infer<typeof DocumentSchema>;
export type DocStatus = DocumentView['status'];
export type DocumentList = z.infer<typeof ListResponseSchema>;
export type HistoryEvent = z.infer<typeof HistoryResponseSchema>['events'][number];
export type Me = z.infer<typeof MeSchema>;
export type ApiKey = z.infer<typeof KeySchema>;
export type Usage = z.infer<typeof UsageSchema>;
export type Policy = z.infer<typeof PolicyResponseSchema>;

/** Webhooks (/v2/webhooks and /v2/webhooks/dashboard). */
export type Webhook = z.infer<typeof WebhookSchema>;
export type WebhookDelivery = z.infer<typeof DeliverySchema>;
export type WebhookAttempt = WebhookDelivery['attempts'][number];
export type DashboardWebhook = z.infer<typeof DashboardWebhookSchema>;
