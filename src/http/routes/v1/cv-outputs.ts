import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CvOutputsService } from '../../../services/cv-outputs.js';
import { principalOf } from '../../plugins/auth.js';
import { DocumentIdParams, errorResponses } from '../../schemas/common.js';
import { CvImprovedSchema, CvViewSchema } from '../../schemas/cv.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BinaryFile = z.any().describe('The file (binary).');

export async function cvOutputRoutes(app: FastifyInstance, opts: { outputs: CvOutputsService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { outputs } = opts;
  const tags = ['Outputs'];
  const file = (name: string) => `attachment; filename="${name}"`;

  r.get('/v1/documents/:id/cv', {
    schema: {
      tags,
      summary: "A CV's layout, questions for the candidate, and the fact check",
      description: '409 not_finished while reading; 409 not_a_read_cv for documents of another type.',
      params: DocumentIdParams,
      response: { 200: CvViewSchema, ...errorResponses(404, 409) },
    },
    handler: async (request) => outputs.view(principalOf(request), request.params.id),
  });

  r.get('/v1/documents/:id/cv.docx', {
    schema: {
      tags,
      summary: 'A professional CV built from the facts (Word)',
      description:
        'Read back by the service and compared with the facts: a fact lost or added answers 422 cv_check_failed naming it. 409 not_finished, not_a_read_cv.',
      params: DocumentIdParams,
      response: { 200: BinaryFile, ...errorResponses(404, 409, 422) },
    },
    handler: async (request, reply) =>
      reply
        .type(DOCX)
        .header('content-disposition', file(`${request.params.id}-cv.docx`))
        .send(await outputs.docx(principalOf(request), request.params.id)),
  });

  r.get('/v1/documents/:id/cv.pdf', {
    schema: {
      tags,
      summary: 'A professional CV built from the facts (PDF, embedded Unicode font)',
      description:
        'Read back by the service and compared with the facts: a fact lost or added answers 422 cv_check_failed naming it. 409 not_finished, not_a_read_cv.',
      params: DocumentIdParams,
      response: { 200: BinaryFile, ...errorResponses(404, 409, 422) },
    },
    handler: async (request, reply) =>
      reply
        .type('application/pdf')
        .header('content-disposition', file(`${request.params.id}-cv.pdf`))
        .send(await outputs.pdf(principalOf(request), request.params.id)),
  });

  r.get('/v1/documents/:id/outputs/xlsx', {
    schema: {
      tags,
      summary: 'The reading as a spreadsheet',
      description:
        'Sheets: Fields (value, status, evidence); Line items for invoices and receipts; Experience and Education for CVs. 409 not_finished while reading.',
      params: DocumentIdParams,
      response: { 200: BinaryFile, ...errorResponses(404, 409) },
    },
    handler: async (request, reply) =>
      reply
        .type(XLSX)
        .header('content-disposition', file(`${request.params.id}.xlsx`))
        .send(await outputs.xlsx(principalOf(request), request.params.id)),
  });

  r.post('/v1/documents/:id/improve', {
    schema: {
      tags,
      summary: "Improves a CV's wording; facts are never changed",
      description:
        'Every date, employer, title, degree, number and contact detail maps one to one to the source, or the rewrite is refused. Kept as result.cv_improved of the current reading. 409 not_finished, not_a_read_cv.',
      params: DocumentIdParams,
      response: { 200: CvImprovedSchema, ...errorResponses(404, 409) },
    },
    handler: async (request) => outputs.improve(principalOf(request), request.params.id),
  });
}
