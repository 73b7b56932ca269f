import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JobsService } from '../../../services/jobs/jobs.js';
import { multipartValidator, readSingleUpload } from '../../multipart-form.js';
import { principalOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas/common.js';
import { UploadedDocumentSchema } from '../../schemas/documents.js';
import {
  CreateJobSchema,
  IdempotencyHeadersSchema,
  JobIdParams,
  JobInputFormSchema,
  JobListQuerySchema,
  JobListSchema,
  JobSchema,
} from '../../schemas/jobs.js';

export async function jobRoutes(app: FastifyInstance, opts: { jobs: JobsService; maxFileBytes: number }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Jobs (v2)'];

  r.post('/v2/jobs', {
    schema: {
      tags,
      summary: 'Create a job (a case of several documents)',
      description:
        'Send Idempotency-Key to retry safely: the same key and body replay the first answer (header Idempotent-Replayed: true) for at least 24 hours; the same key with another body answers 409 idempotency_key_reused; concurrent requests with one key make one job.',
      headers: IdempotencyHeadersSchema,
      body: CreateJobSchema.nullish(),
      response: { 201: JobSchema, ...errorResponses(409, 422) },
    },
    handler: async (request, reply) => {
      // No body at all is an empty job, as `{}` is.
      const out = await opts.jobs.create(principalOf(request), request.body ?? {}, request.headers['idempotency-key']);
      if (out.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(out.status).send(out.body);
    },
  });

  r.get('/v2/jobs', {
    schema: { tags, summary: 'List jobs, newest first', querystring: JobListQuerySchema, response: { 200: JobListSchema, ...errorResponses(422) } },
    handler: async (request) => opts.jobs.list(principalOf(request), request.query),
  });

  r.get('/v2/jobs/:id', {
    schema: {
      tags,
      summary: 'Get a job with its inputs, decision and cross-checks',
      params: JobIdParams,
      response: { 200: JobSchema, ...errorResponses(404) },
    },
    handler: async (request) => opts.jobs.get(principalOf(request), request.params.id),
  });

  r.post('/v2/jobs/:id/inputs', {
    validatorCompiler: multipartValidator,
    schema: {
      tags,
      summary: 'Add a document to a job',
      description:
        '202 with the document, read in the background like an upload; its finish sends the job events. 409 job_completed once the job is completed.',
      consumes: ['multipart/form-data'],
      params: JobIdParams,
      body: JobInputFormSchema,
      response: { 202: UploadedDocumentSchema, ...errorResponses(404, 409, 413, 422) },
    },
    handler: async (request, reply) => {
      const principal = principalOf(request);
      await opts.jobs.requireOpen(principal, request.params.id);
      const input = await readSingleUpload(request, opts.maxFileBytes, 'job');
      return reply.status(202).send(await opts.jobs.addInput(principal, request.params.id, input));
    },
  });
}
