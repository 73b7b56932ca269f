import { z } from 'zod';
import { DocumentSchema } from './documents.js';

const MAX_CORRECTIONS = 60;

export const ApproveBodySchema = z
  .object({
    fields: z
      .record(z.string().regex(/^[a-z][a-z0-9_]{0,47}$/, 'a field key'), z.union([z.string().max(2000), z.number().finite(), z.boolean(), z.null()]))
      .refine((r) => Object.keys(r).length <= MAX_CORRECTIONS, `at most ${MAX_CORRECTIONS} fields`)
      .default({})
      .describe("Corrected values by field key; stored with evidence operator beside the machine's reading. Fields not named are approved as shown."),
    note: z.string().max(2000).optional().describe("Why, in the reviewer's words; recorded with the review."),
  })
  .strict()
  .meta({ id: 'ApproveBody' });

export const RejectBodySchema = z
  .object({ reason: z.string().trim().min(1).max(2000).describe('Why the document is rejected; recorded with the review and shown in the result.') })
  .strict()
  .meta({ id: 'RejectBody' });

export const ReviewedDocumentSchema = DocumentSchema;
export const RedecideResponseSchema = z
  .object({
    document: DocumentSchema,
    reading_id: z.string().describe('The new reading, decided from the stored evidence.'),
    previous_reading_id: z.string().nullable().describe('The reading it was decided from; kept beside it.'),
  })
  .meta({ id: 'Redecision' });

export const HistoryResponseSchema = z
  .object({
    document_id: z.string(),
    events: z.array(
      z.object({
        at: z.string().describe('ISO 8601, UTC, without offset.'),
        type: z.enum(['uploaded', 'reading', 'reviewed']),
        actor: z.string().nullable().describe('Who acted (a person or key id); null for the machine.'),
        detail: z
          .record(z.string(), z.unknown())
          .describe('reading: id, number, trigger, outcome; reviewed: action, from/to status, corrections beside the machine values, note.'),
      }),
    ),
  })
  .meta({ id: 'DocumentHistory' });
