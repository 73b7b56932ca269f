import type { FastifyInstance, FastifyReply } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DocumentsService } from '../../../services/documents.js';
import { principalOf } from '../../plugins/auth.js';
import { multipartValidator, readSingleUpload, readUploadForm, uploadInput } from '../../multipart-form.js';
import { DocumentIdParams, errorResponses } from '../../schemas/common.js';
import {
  BatchFormSchema,
  BatchResponseSchema,
  DeleteResponseSchema,
  DocumentSchema,
  ListQuerySchema,
  ListResponseSchema,
  UploadFormSchema,
  UploadedDocumentSchema,
  VersionsResponseSchema,
} from '../../schemas/documents.js';
import { AppError } from '../../../domain/errors.js';

export interface DocumentRoutesOptions {
  documents: DocumentsService;
  maxFileBytes: number;
  maxBatchFiles: number;
}

/** The route's response serialiser (zod encode, then JSON), applied by the service before it keeps the text. */
const serialiseDocument = serializerCompiler({ schema: DocumentSchema, method: 'GET', url: '/v1/documents/:id', httpStatus: '200' }) as (
  data: unknown,
) => string;

export async function documentRoutes(app: FastifyInstance, opts: DocumentRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { documents } = opts;
  const tags = ['Documents'];

  r.post('/v1/documents/upload', {
    validatorCompiler: multipartValidator,
    schema: {
      tags,
      summary: 'Upload a document to read',
      description: 'Answers 202 at once; the file is stored durably before the answer. Poll GET /v1/documents/{id}.',
      consumes: ['multipart/form-data'],
      body: UploadFormSchema,
      response: { 202: UploadedDocumentSchema, ...errorResponses(413, 422) },
    },
    handler: async (request, reply) => {
      const principal = principalOf(request);
      return reply.status(202).send(await documents.upload(principal, await readSingleUpload(request, opts.maxFileBytes, 'upload')));
    },
  });

  r.post('/v1/documents/batch', {
    validatorCompiler: multipartValidator,
    schema: {
      tags,
      summary: 'Upload up to 20 documents at once',
      description: 'Each item is a document or { filename, error }; one bad file does not stop the others.',
      consumes: ['multipart/form-data'],
      body: BatchFormSchema,
      response: { 202: BatchResponseSchema, ...errorResponses(413, 422) },
    },
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const form = await readUploadForm(request, { fileField: 'files', maxFiles: opts.maxBatchFiles, maxFileBytes: opts.maxFileBytes });
      if (form.files.length === 0) throw new AppError('validation_error', 'Send the documents in repeated "files" fields.');
      const batch = form.files.map((file) => ({ ...uploadInput(form, file, 'batch'), tooLarge: file.tooLarge }));
      return reply.status(202).send(await documents.uploadBatch(principal, batch));
    },
  });

  r.get('/v1/documents', {
    schema: { tags, summary: 'List documents', querystring: ListQuerySchema, response: { 200: ListResponseSchema, ...errorResponses(422) } },
    handler: async (request) => documents.list(principalOf(request), request.query),
  });

  r.get('/v1/documents/:id', {
    schema: { tags, summary: 'Get a document and its result', params: DocumentIdParams, response: { 200: DocumentSchema, ...errorResponses(404) } },
    handler: async (request, reply) => {
      const bytes = await documents.getSerialised(principalOf(request), request.params.id, serialiseDocument);
      // Already serialised by the route's own serialiser (kept by the service once a document is
      // decided): sent as JSON bytes, which the typed reply would not take.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(bytes);
    },
  });

  r.delete('/v1/documents/:id', {
    schema: {
      tags,
      summary: 'Erase a document',
      description: 'Erases the file, versions, readings, fields, outputs and consent note; a minimal deletion record stays.',
      params: DocumentIdParams,
      response: { 200: DeleteResponseSchema, ...errorResponses(404, 409) },
    },
    handler: async (request) => documents.delete(principalOf(request), request.params.id),
  });

  r.get('/v1/documents/:id/versions', {
    schema: {
      tags,
      summary: 'Versions of the stored file and the readings made of it',
      params: DocumentIdParams,
      response: { 200: VersionsResponseSchema, ...errorResponses(404, 409) },
    },
    handler: async (request) => documents.versions(principalOf(request), request.params.id),
  });

  r.post('/v1/documents/:id/rescan', {
    schema: {
      tags,
      summary: 'Read the stored original again (no new charge)',
      description:
        '202 with the document back in processing, shaped as the upload answer. 409 no_source_file when the original was not kept; 409 not_finished while a reading runs.',
      params: DocumentIdParams,
      response: { 202: UploadedDocumentSchema, ...errorResponses(404, 409) },
    },
    handler: async (request, reply) => reply.status(202).send(await documents.reread(principalOf(request), request.params.id, 'rescan')),
  });

  r.post('/v1/documents/:id/reevaluate', {
    schema: {
      tags,
      summary: 'Read the stored original again with the current readers',
      description:
        '202 with the document back in processing, shaped as the upload answer; the new reading is kept beside the old one (see /versions). 409 no_source_file when the original was not kept.',
      params: DocumentIdParams,
      response: { 202: UploadedDocumentSchema, ...errorResponses(404, 409) },
    },
    handler: async (request, reply) => reply.status(202).send(await documents.reread(principalOf(request), request.params.id, 'reevaluate')),
  });
}
