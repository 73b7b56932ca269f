import { z } from 'zod';
import { DOCUMENT_STATUSES } from '../../domain/statuses.js';
import { DOCUMENT_TYPES } from '../../domain/document-types.js';
import { JOB_DECISIONS, JOB_STATUSES } from '../../domain/events.js';

const timestamp = z.string().describe('ISO 8601, UTC, without offset (e.g. 2026-11-21T20:17:10).');

export const CreateJobSchema = z
  .object({
    reference: z.string().min(1).max(200).nullish().describe('Your own reference for the case (an application number, a customer id).'),
    expected_types: z
      .array(z.enum(DOCUMENT_TYPES))
      .max(10)
      .optional()
      .describe('Document types the case needs; the job completes only once each is among its verified inputs.'),
    metadata: z
      .record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
      .refine((m) => Object.keys(m).length <= 20, 'At most 20 metadata keys.')
      .optional()
      .describe('Up to 20 keys of your own, returned as given.'),
  })
  .strict()
  .meta({ id: 'CreateJob' });

export const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces')
    .optional()
    .describe(
      'Makes the request safe to retry: the same key and body replay the first answer for at least 24 hours; the same key with another body answers 409 idempotency_key_reused.',
    ),
});

export const JobIdParams = z.object({ id: z.string().max(64).describe('Job id, JOB_ followed by hex.') });

const ContradictionSchema = z
  .object({
    code: z.literal('CROSS_CHECK_MISMATCH'),
    field: z.enum(['name', 'date_of_birth', 'nationality', 'passport_number']),
    message: z.string(),
    documents: z
      .array(z.object({ document_id: z.string(), doc_type: z.string(), field: z.string(), value: z.string() }))
      .describe('Every document that took part, with the value it gave.'),
  })
  .meta({
    id: 'JobReviewReason',
    description: 'Documents of one job that disagree about the person: compared on values that passed on each document; names under ICAO 9303 transliteration.',
  });

export const JobSchema = z
  .object({
    id: z.string().describe('JOB_ followed by 32 hex characters.'),
    reference: z.string().nullable(),
    status: z
      .enum(JOB_STATUSES)
      .describe(
        'open: waiting for (more) documents; processing: an input is being read; action_required: an input needs a person or a retake, failed, or the documents contradict each other; completed: every input verified, every expected type present, no contradiction (final).',
      ),
    decision: z
      .enum(JOB_DECISIONS)
      .describe(
        'verified only when completed; otherwise the worst of the inputs (failed, review, rescan), review for a contradiction, pending while open or processing.',
      ),
    expected_types: z.array(z.string()),
    metadata: z.record(z.string(), z.unknown()),
    state_version: z.number().int().describe('Goes up with every change of the job; events carry it, so a receiver can drop an older one.'),
    review_reasons: z.array(ContradictionSchema).describe('Cross-checks across the documents that failed.'),
    inputs: z.array(
      z.object({
        document_id: z.string(),
        name: z.string(),
        doc_type: z.string().nullable(),
        status: z.enum(DOCUMENT_STATUSES),
        decision: z.enum(JOB_DECISIONS),
        code: z.string().nullable().describe("The document's outcome code."),
        added_at: timestamp,
      }),
    ),
    created_at: timestamp,
    updated_at: timestamp,
    completed_at: timestamp.nullable(),
  })
  .meta({ id: 'Job' });

export const JobListQuerySchema = z.object({
  status: z.enum(JOB_STATUSES).optional(),
  reference: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});

export const JobListSchema = z
  .object({ items: z.array(JobSchema), page: z.number().int(), page_size: z.number().int(), total: z.number().int() })
  .meta({ id: 'JobList' });

export const JobInputFormSchema = z
  .object({
    file: z.string().meta({ format: 'binary' }).describe('PNG, JPG, PDF or Word (.docx, .doc); at most 10 MB.'),
    doc_type: z.enum(DOCUMENT_TYPES).optional().describe('Type hint; omit to detect.'),
  })
  .meta({ id: 'JobInputForm' });
