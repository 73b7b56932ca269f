import { z } from 'zod';
import { EVIDENCE_ITEMS } from '../domain/evidence.js';
import { OUTCOME_CODE_NAMES, type OutcomeCode } from '../domain/outcome-codes.js';
import { FieldValueSchema, RegionSchema } from '../domain/result.js';
import { FIELD_STATUSES } from '../domain/statuses.js';
import type { DecisionInput } from './decide.js';
import { TAMPER_SIGN_KINDS } from './tamper/types.js';

/** What a reading keeps so that a policy change, or a person's correction, can decide again from
 * the stored evidence without running OCR: stored in `readings.raw` under this key. */
export const DECISION_INPUT_KEY = 'decision_input';
const FORMAT = 1;

const Code = z.enum(OUTCOME_CODE_NAMES as [OutcomeCode, ...OutcomeCode[]]);

const StoredInputSchema = z.object({
  format: z.literal(FORMAT),
  documentType: z.string(),
  fields: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      value: FieldValueSchema,
      status: z.enum(FIELD_STATUSES),
      evidence: z.array(z.enum(EVIDENCE_ITEMS)),
      candidates: z.array(z.object({ reader: z.string(), value: FieldValueSchema, raw: z.string(), region: RegionSchema.nullable(), confidence: z.number() })),
      region: RegionSchema.nullable(),
      reason: z.string().nullable(),
      isKey: z.boolean(),
      problems: z.array(Code),
    }),
  ),
  problems: z.array(z.object({ code: Code, detail: z.string(), fields: z.array(z.string()).optional() })),
  captureDoubts: z.array(z.object({ code: Code, detail: z.string() })).optional(),
  readable: z.boolean(),
  classified: z.boolean(),
  issuingCountry: z.string().nullable(),
  timings: z.record(z.string(), z.number()),
  engines: z.array(z.object({ name: z.string(), version: z.string() })),
  readers: z.array(z.string()),
  costUsd: z.number(),
  tamper: z
    .object({
      score: z.number(),
      checks: z.array(z.string()),
      signs: z.array(z.object({ kind: z.enum(TAMPER_SIGN_KINDS), weight: z.number(), detail: z.string(), fields: z.array(z.string()) })),
      suspected: z.boolean(),
    })
    .nullable()
    .optional(),
});

/** The decision input as stored (the policy is not: it is looked up when deciding again). */
export function storeDecisionInput(input: DecisionInput): Record<string, unknown> {
  const { policy: _policy, ...rest } = input;
  return { format: FORMAT, ...structuredClone(rest) };
}

/** The stored input of a reading's raw record, or null when the reading predates it or is damaged. */
export function loadDecisionInput(raw: Record<string, unknown> | null): DecisionInput | null {
  const parsed = StoredInputSchema.safeParse(raw?.[DECISION_INPUT_KEY]);
  if (!parsed.success) return null;
  const { format: _format, ...input } = parsed.data;
  return input as DecisionInput;
}
