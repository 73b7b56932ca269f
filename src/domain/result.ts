import { z } from 'zod';
import { EVIDENCE_ITEMS, FIELD_EVIDENCE } from './evidence.js';
import { DECISIONS, DOCUMENT_STATUSES, FIELD_RESULT_STATUSES, FIELD_REVIEW_STATES, FIELD_STATUSES, NEXT_ACTION_TYPES, OUTCOME_STATUSES } from './statuses.js';

/** The shapes the service returns for a reading. One source: the pipeline builds values of these
 * types, and the HTTP layer uses the same schemas for validation and the OpenAPI document. */

export const NextActionSchema = z
  .object({
    type: z.enum(NEXT_ACTION_TYPES),
    message: z.string(),
  })
  .meta({ id: 'NextAction', description: 'What the caller or a person should do next.' });

export const OutcomeSchema = z
  .object({
    status: z.enum(OUTCOME_STATUSES),
    code: z.string().nullable().describe('An outcome code (see the Outcome codes table) or null.'),
    message: z.string(),
    next_action: NextActionSchema,
    context: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'Outcome' });
export type Outcome = z.infer<typeof OutcomeSchema>;

export const RegionSchema = z
  .object({
    page: z.number().int().min(1),
    box: z.tuple([z.number(), z.number(), z.number(), z.number()]).describe('[x0, y0, x1, y1] as fractions 0..1 of the page, origin top-left.'),
  })
  .meta({ id: 'Region' });
export type Region = z.infer<typeof RegionSchema>;

export const FieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.record(z.string(), z.unknown()))]);
export type FieldValue = z.infer<typeof FieldValueSchema>;

export const ResultFieldSchema = z
  .object({
    value: FieldValueSchema,
    status: z.enum(FIELD_RESULT_STATUSES),
    evidence: z.array(z.enum(EVIDENCE_ITEMS)),
    reason: z.string().nullable(),
    region: RegionSchema.nullable(),
  })
  .meta({ id: 'ResultField' });
export type ResultField = z.infer<typeof ResultFieldSchema>;

export const FieldReviewItemSchema = z.object({
  key: z.string(),
  label: z.string(),
  value: FieldValueSchema,
  state: z.enum(FIELD_REVIEW_STATES),
  reason: z.string().nullable(),
  evidence: z.array(z.enum(EVIDENCE_ITEMS)),
});

export const VERIFICATION_STATUS_NAMES = ['readable', 'classified', 'data_correct', 'authenticity_supported', 'verified'] as const;
export const VERIFICATION_LEVELS = ['L1', 'L2', 'L3', 'L4'] as const;

export const VerificationSchema = z
  .object({
    statuses: z.object(
      Object.fromEntries(VERIFICATION_STATUS_NAMES.map((n) => [n, z.boolean()])) as Record<(typeof VERIFICATION_STATUS_NAMES)[number], z.ZodBoolean>,
    ),
    level: z.enum(VERIFICATION_LEVELS).nullable().describe('Highest level whose rules all passed; null when not even L1 passed.'),
    evidence: z.array(
      z.object({
        level: z.enum(VERIFICATION_LEVELS),
        rule: z.string(),
        result: z.enum(['passed', 'failed']),
        fields: z.array(z.string()),
        detail: z.string().nullable(),
      }),
    ),
    failed_rules: z.array(z.string()),
    policy: z.object({ name: z.string(), version: z.number().int() }),
  })
  .meta({ id: 'Verification' });

export const OutputsSchema = z
  .object({
    json: z.string().describe('Link to this document (the JSON result).'),
    xlsx: z.string().optional(),
    docx: z.string().optional(),
    pdf: z.string().optional(),
    cv: z.string().optional(),
    unavailable: z.array(z.string()).describe('Requested formats that have no generator for this document.'),
  })
  .meta({ id: 'Outputs' });

export const ResultSchema = z
  .object({
    status: z.enum(DOCUMENT_STATUSES),
    verified: z.boolean(),
    decision: z.enum(DECISIONS),
    document_type: z.string(),
    values: z.record(z.string(), FieldValueSchema).describe('Only values that passed; a disputed value is never here.'),
    field_status: z.record(z.string(), z.enum(FIELD_STATUSES)),
    field_evidence: z.record(z.string(), z.enum(FIELD_EVIDENCE)),
    disputed_fields: z
      .array(z.string())
      .describe(
        "Fields on which the readers disagreed; none of them is in values. A dispute over a field the organisation's policy neither requires nor keys does not hold the document back, so a verified document may list such a field: a person may still settle it.",
      ),
    review_reason: z.string().nullable(),
    review_reasons: z.array(z.string()),
    next_action: NextActionSchema,
    field_review: z.object({
      fields: z.array(FieldReviewItemSchema),
      summary: z.object({ ok: z.number().int(), check: z.number().int(), missing: z.number().int() }),
    }),
    fields: z.record(z.string(), ResultFieldSchema),
    verification: VerificationSchema,
    issuing_country: z.string().nullable(),
    outputs: OutputsSchema,
    cv: z.record(z.string(), z.unknown()).nullable(),
    cv_improved: z.record(z.string(), z.unknown()).nullable(),
    timings_ms: z.record(z.string(), z.number()),
    engines: z.array(z.object({ name: z.string(), version: z.string() })),
    readers: z.array(z.string()),
    cost_usd: z.number(),
  })
  .meta({ id: 'Result' });
export type Result = z.infer<typeof ResultSchema>;
