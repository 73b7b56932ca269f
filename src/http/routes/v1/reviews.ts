import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ReviewsService } from '../../../services/reviews.js';
import { principalOf } from '../../plugins/auth.js';
import { DocumentIdParams, errorResponses } from '../../schemas/common.js';
import { ApproveBodySchema, HistoryResponseSchema, RedecideResponseSchema, RejectBodySchema, ReviewedDocumentSchema } from '../../schemas/reviews.js';

const TRANSITIONS =
  'Only documents in review or flagged need a person: approve moves them to verified, reject to rejected; any other status answers 409 invalid_state (409 not_finished while reading).';

export async function reviewRoutes(app: FastifyInstance, opts: { reviews: ReviewsService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { reviews } = opts;
  const tags = ['Review'];

  r.post('/v1/documents/:id/approve', {
    schema: {
      tags,
      summary: 'A person approves the document, with corrected fields',
      description: `${TRANSITIONS} Corrections carry evidence operator; the machine's values are kept beside them (see /history). A key or required field left empty answers 422 validation_error naming it.`,
      params: DocumentIdParams,
      body: ApproveBodySchema,
      response: { 200: ReviewedDocumentSchema, ...errorResponses(404, 409, 422) },
    },
    handler: async (request) => reviews.approve(principalOf(request), request.params.id, { fields: request.body.fields, note: request.body.note ?? null }),
  });

  r.post('/v1/documents/:id/reject', {
    schema: {
      tags,
      summary: 'A person rejects the document, with a reason',
      description: `${TRANSITIONS} The result publishes no values; the machine's reading is kept.`,
      params: DocumentIdParams,
      body: RejectBodySchema,
      response: { 200: ReviewedDocumentSchema, ...errorResponses(404, 409, 422) },
    },
    handler: async (request) => reviews.reject(principalOf(request), request.params.id, { reason: request.body.reason }),
  });

  r.post('/v1/documents/:id/redecide', {
    schema: {
      tags,
      summary: 'Decide the current reading again under the current policy (no OCR)',
      description:
        'Adds a reading (trigger redecide) made from the stored evidence of the current one. 409 invalid_state once a person has approved or rejected the document; 409 not_finished while reading.',
      params: DocumentIdParams,
      response: { 200: RedecideResponseSchema, ...errorResponses(404, 409) },
    },
    handler: async (request) => reviews.redecide(principalOf(request), request.params.id),
  });

  r.get('/v1/documents/:id/history', {
    schema: {
      tags,
      summary: 'What happened to the document: upload, readings, reviews',
      params: DocumentIdParams,
      response: { 200: HistoryResponseSchema, ...errorResponses(404, 409) },
    },
    handler: async (request) => reviews.history(principalOf(request), request.params.id),
  });
}
