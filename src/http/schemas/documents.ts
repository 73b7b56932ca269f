import { z } from 'zod';
import { DOCUMENT_TYPES, OUTPUT_FORMATS } from '../../domain/document-types.js';
import { OutcomeSchema, ResultSchema } from '../../domain/result.js';
import { DOCUMENT_STATUSES } from '../../domain/statuses.js';

const timestamp = z.string().describe('ISO 8601, UTC, without offset (e.g. 2026-11-21T20:17:10).');

export const UploadedDocumentSchema = z
  .object({
    id: z.string().describe('DOC_ followed by 32 hex characters.'),
    name: z.string().describe('The uploaded file name, as given (path parts and control characters removed).'),
    type: z.string().describe('The document type label: the detected type, else the hint, else "unknown".'),
    status: z.enum(DOCUMENT_STATUSES),
    cached: z.boolean().describe('True when identical bytes were already read for this organisation; the earlier result is reused at no engine cost.'),
    uploaded_at: timestamp,
    outcome: OutcomeSchema,
  })
  .meta({ id: 'UploadedDocument' });

export const DocumentSchema = UploadedDocumentSchema.extend({
  tenant_id: z.string().describe('Id of the owning organisation (ORG_…).'),
  doc_type: z.string().nullable().describe('The type the readers saw; null until classified.'),
  fields: ResultSchema.shape.fields,
  raw_json: z.record(z.string(), z.unknown()).describe("The engine's internal record; may change; build on result instead."),
  engine: z.record(z.string(), z.unknown()).describe('Processing metadata: reading id and number, trigger, timings, engines, readers, cost.'),
  result: ResultSchema,
  confidence: z.number().describe('Legacy: kept for older integrations; 0 while processing and when nothing was read.'),
  tamper_score: z
    .number()
    .describe(
      'Legacy: kept for older integrations; 0 while processing and when the tamper checks did not run. Evidence only, never a finding that a document is genuine.',
    ),
}).meta({ id: 'Document' });

export const CONSENT_MAX_CHARS = 4096;

/** The names in an `outputs` field: comma-separated, any case, json (always present) left out. */
export function outputNames(raw: string): string[] {
  return raw
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name && name !== 'json');
}

/** The text fields of an upload form, the one check of them: the multipart reader trims them and
 * validates what it received with this schema. An `unknown_output` param gives that error its own
 * code. */
export const UploadFieldsSchema = z.object({
  doc_type: z
    .enum(DOCUMENT_TYPES, { error: `doc_type must be one of ${DOCUMENT_TYPES.join(', ')}.` })
    .optional()
    .describe('Type hint; omit to detect.'),
  outputs: z
    .string()
    .superRefine((raw, ctx) => {
      const unknown = raw.split(',').find((name) => outputNames(name).some((n) => !(OUTPUT_FORMATS as readonly string[]).includes(n)));
      if (unknown !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown output "${unknown.trim()}"; choose from ${OUTPUT_FORMATS.join(', ')} (json is always present).`,
          params: { code: 'unknown_output' },
        });
      }
    })
    .optional()
    .describe(`Comma-separated extra outputs from ${OUTPUT_FORMATS.join(', ')}; json is always present.`),
  improve: z
    .enum(['true', 'false'], { error: 'improve must be true or false.' })
    .optional()
    .describe("true to improve a CV's wording after reading, never its facts."),
  // The reader bounds every text field to this many characters (code points, as JSON Schema counts
  // them) while it streams, before this schema sees them: the bound is stated here, not checked twice.
  consent: z.string().meta({ maxLength: CONSENT_MAX_CHARS }).optional().describe('A note recorded with the consent record for this upload.'),
});

export const UploadFormSchema = z
  .object({
    file: z.string().meta({ format: 'binary' }).describe('PNG, JPG, PDF or Word (.docx, .doc); at most 10 MB. The real type is read from the bytes.'),
    ...UploadFieldsSchema.shape,
  })
  .meta({ id: 'UploadForm' });

export const BatchFormSchema = z
  .object({
    files: z
      .array(z.string().meta({ format: 'binary' }))
      .max(20)
      .describe('Up to 20 files, the field repeated.'),
    ...UploadFieldsSchema.shape,
  })
  .meta({ id: 'BatchForm' });

export const BatchResponseSchema = z
  .object({
    items: z.array(z.union([UploadedDocumentSchema, z.object({ filename: z.string(), error: z.enum(['unsupported_file', 'file_too_large']) })])),
    queued: z.number().int(),
  })
  .meta({ id: 'BatchResponse' });

export const ListQuerySchema = z.object({
  status: z.enum(DOCUMENT_STATUSES).optional(),
  type: z.string().max(40).optional().describe('Detected type or type hint.'),
  q: z.string().max(200).optional().describe('Matches the file name (case-insensitive substring) or the exact id.'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});

export const ListResponseSchema = z
  .object({
    items: z.array(DocumentSchema),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'DocumentList' });

export const DeleteResponseSchema = z
  .object({
    id: z.string(),
    deleted: z.literal(true),
    deleted_at: timestamp,
  })
  .meta({
    id: 'DeletionRecord',
    description:
      'The file, versions, readings, fields, outputs and consent note are erased; this record (id, organisation, time, actor) stays. Afterwards GET gives 404 and other operations 409 document_deleted.',
  });

export const VersionsResponseSchema = z
  .object({
    document_id: z.string(),
    items: z.array(
      z.object({
        version: z.number().int(),
        sha256: z.string(),
        size_bytes: z.number().int(),
        media_type: z.string(),
        stored: z.boolean().describe('Whether the original bytes of this version are kept.'),
        created_at: timestamp,
      }),
    ),
    readings: z.array(
      z.object({
        id: z.string(),
        number: z.number().int(),
        trigger: z.string().describe('upload, cache, rescan or reevaluate'),
        status: z.string().describe('queued, running or done'),
        outcome_code: z.string().nullable(),
        started_at: timestamp,
        finished_at: timestamp.nullable(),
        cached_from_reading: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'Versions' });
