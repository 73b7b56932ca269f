import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { WebhookEndpointsService } from '../../../services/webhooks/endpoints.js';
import { principalOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas/common.js';
import {
  CreateWebhookSchema,
  DashboardWebhookBodySchema,
  DashboardWebhookSchema,
  DeletedWebhookSchema,
  DeliveryListSchema,
  DeliveryParams,
  RedeliverSchema,
  V1SecretSchema,
  WebhookIdParams,
  WebhookListSchema,
  WebhookWithSecretSchema,
} from '../../schemas/webhooks.js';

const SIGNATURE_NOTE =
  'Deliveries are POSTs of JSON { id: evt_…, event, data, created } with X-Service-Event, X-Service-Delivery and X-Service-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the whole whsec_ secret>.';

export async function webhookRoutes(app: FastifyInstance, opts: { webhooks: WebhookEndpointsService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { webhooks } = opts;
  const tags = ['Webhooks (v2)'];

  r.post('/v2/webhooks', {
    schema: {
      tags,
      summary: 'Register a webhook endpoint',
      description: `Answers 201 with the signing secret, shown once. ${SIGNATURE_NOTE}`,
      body: CreateWebhookSchema,
      response: { 201: WebhookWithSecretSchema, ...errorResponses(422) },
    },
    handler: async (request, reply) => reply.status(201).send(await webhooks.create(principalOf(request), request.body)),
  });

  r.get('/v2/webhooks', {
    schema: { tags, summary: 'List webhook endpoints (secrets are never listed)', response: { 200: WebhookListSchema, ...errorResponses() } },
    handler: async (request) => webhooks.list(principalOf(request)),
  });

  r.get('/v2/webhooks/v1-secret', {
    schema: {
      tags,
      summary: "The account's own secret for the dashboard webhook signature",
      description:
        'Signs X-Service-Signature of document.processed exactly as v2 endpoints are signed; X-Doc-Signature is made with a service key and is kept only for older receivers.',
      response: { 200: V1SecretSchema, ...errorResponses() },
    },
    handler: async (request) => webhooks.v1Secret(principalOf(request)),
  });

  r.delete('/v2/webhooks/:id', {
    schema: {
      tags,
      summary: 'Delete a webhook endpoint',
      description: 'Its pending deliveries are not attempted again.',
      params: WebhookIdParams,
      response: { 200: DeletedWebhookSchema, ...errorResponses(404) },
    },
    handler: async (request) => webhooks.delete(principalOf(request), request.params.id),
  });

  r.post('/v2/webhooks/:id/rotate', {
    schema: {
      tags,
      summary: 'Rotate the signing secret',
      description:
        'Answers with the new secret, shown once. During the rotation window (WEBHOOK_ROTATION_WINDOW_SECONDS, 24 h) every delivery carries two v1= signatures, new and old, so receivers can switch without losing events.',
      params: WebhookIdParams,
      response: { 200: WebhookWithSecretSchema, ...errorResponses(404, 409) },
    },
    handler: async (request) => webhooks.rotate(principalOf(request), request.params.id),
  });

  r.get('/v2/webhooks/:id/deliveries', {
    schema: {
      tags,
      summary: 'Every delivery attempt',
      description: 'The newest 100 deliveries of the endpoint, each with every attempt (time, status code, error, duration).',
      params: WebhookIdParams,
      response: { 200: DeliveryListSchema, ...errorResponses(404) },
    },
    handler: async (request) => webhooks.deliveries(principalOf(request), request.params.id),
  });

  r.post('/v2/webhooks/:id/deliveries/:delivery_id/redeliver', {
    schema: {
      tags,
      summary: 'Send a delivery again now',
      description: 'The same event id and body, one attempt outside the schedule (dead deliveries too); a 2xx marks it delivered.',
      params: DeliveryParams,
      response: { 202: RedeliverSchema, ...errorResponses(404) },
    },
    handler: async (request, reply) => reply.status(202).send(await webhooks.redeliver(principalOf(request), request.params.id, request.params.delivery_id)),
  });

  const dashboardTags = ['Dashboard webhook (v1)'];
  r.get('/v2/webhooks/dashboard', {
    schema: {
      tags: dashboardTags,
      summary: 'The dashboard webhook setting and its recent deliveries',
      response: { 200: DashboardWebhookSchema, ...errorResponses() },
    },
    handler: async (request) => webhooks.dashboardWebhook(principalOf(request)),
  });

  r.put('/v2/webhooks/dashboard', {
    schema: {
      tags: dashboardTags,
      summary: 'Set the dashboard webhook URL',
      description:
        'document.processed is sent there when a document uploaded through /v1 finishes: body { id, event, data: { document_id, status, doc_type, outcome_status, code, reading_id }, created }, headers X-Doc-Event, X-Doc-Signature (sha256=, a service key), X-Service-Signature (t=,v1= with the secret of GET /v2/webhooks/v1-secret).',
      body: DashboardWebhookBodySchema,
      response: { 200: DashboardWebhookSchema, ...errorResponses(422) },
    },
    handler: async (request) => webhooks.setDashboardWebhook(principalOf(request), request.body.url),
  });
}
