import { z } from 'zod';
import { DOCTYPES } from '../doctypes/registry.js';
import { DOCUMENT_TYPES, type DocumentType } from '../domain/document-types.js';
import { EVIDENCE_ITEMS, type EvidenceItem } from '../domain/evidence.js';

/** The organisation's verification policy: what each document type must show before the machine
 * may say verified. Stored per organisation and versioned; what is not set falls back to the
 * defaults below, which come from the document types' own field lists. */

const FieldKey = z.string().regex(/^[a-z][a-z0-9_]{0,47}$/, 'a field key (lower case, digits, underscore)');
const MAX_FIELDS = 60;

export const TypePolicySchema = z
  .object({
    required_fields: z.array(FieldKey).max(MAX_FIELDS).describe('Fields that must be present and pass; missing gives REQUIRED_FIELD_MISSING.'),
    key_fields: z
      .record(FieldKey, z.array(z.enum(EVIDENCE_ITEMS)).min(1).max(EVIDENCE_ITEMS.length))
      .refine((r) => Object.keys(r).length <= MAX_FIELDS, `at most ${MAX_FIELDS} key fields`)
      .describe("Key field → the evidence items any one of which is enough for it (a person's correction, operator, always is). Less gives FIELD_UNCONFIRMED."),
  })
  .meta({ id: 'TypePolicy' });
export type TypePolicy = z.infer<typeof TypePolicySchema>;

export const POLICY_CHOICES = ['review', 'accept'] as const;

export const PolicySettingsSchema = z.object({
  name: z.string().min(1).max(64).describe('A name for this policy, shown in result.verification.policy.'),
  single_reader_enough: z.boolean().describe('Whether one reader alone is ever enough for a required or optional field to pass. Key fields follow key_fields.'),
  expired_documents: z
    .enum(POLICY_CHOICES)
    .describe('review: an expired document goes to a person (DOCUMENT_EXPIRED); accept: expiry is recorded as evidence only.'),
  duplicates: z.enum(POLICY_CHOICES).describe('review: a suspected duplicate goes to a person (DUPLICATE_SUSPECTED); accept: recorded as evidence only.'),
  min_reader_confidence: z
    .number()
    .min(0)
    .max(1)
    .describe('A key field that only agreeing OCR readers support, each below this confidence, gives LOW_CONFIDENCE.'),
});

/** What a caller sends to change the policy: any subset; document types are replaced per type. */
export const PolicyUpdateSchema = PolicySettingsSchema.partial()
  .extend({
    document_types: z.partialRecord(z.enum(DOCUMENT_TYPES), TypePolicySchema.partial()).optional(),
  })
  .strict()
  .meta({ id: 'PolicyUpdate' });
export type PolicyUpdate = z.infer<typeof PolicyUpdateSchema>;

export const PolicySchema = PolicySettingsSchema.extend({
  version: z.number().int().min(1).describe('Raised by one at every change; 1 is the built-in default.'),
  document_types: z.record(z.string(), TypePolicySchema),
}).meta({ id: 'Policy' });
export type Policy = z.infer<typeof PolicySchema>;

/** Evidence other than one reader's word: enough for a key field unless the policy narrows it. */
export const CORROBORATING: readonly EvidenceItem[] = ['mrz_checksum', 'arithmetic', 'text_layer', 'reader_agree'];
/** Identity documents: the check digit or two independent readers, never the file's own text
 * (a PDF of a passport carries whatever text its maker typed). */
const IDENTITY_EVIDENCE: readonly EvidenceItem[] = ['mrz_checksum', 'reader_agree'];
const IDENTITY_TYPES = new Set<string>(['passport', 'id_card', 'visa', 'qid']);

export function defaultTypePolicy(type: string): TypePolicy | null {
  const doctype = DOCTYPES.find((d) => d.type === type);
  if (!doctype) return null;
  const evidence = IDENTITY_TYPES.has(type) ? IDENTITY_EVIDENCE : CORROBORATING;
  return {
    required_fields: doctype.fields.filter((f) => f.required).map((f) => f.key),
    key_fields: Object.fromEntries(doctype.fields.filter((f) => f.isKey).map((f) => [f.key, [...evidence]])),
  };
}

const DEFAULT_SETTINGS: z.infer<typeof PolicySettingsSchema> = {
  name: 'default',
  single_reader_enough: false,
  expired_documents: 'review',
  duplicates: 'review',
  min_reader_confidence: 0.3,
};

/** The effective policy: the defaults, then what the organisation stored over them. */
export function effectivePolicy(stored: PolicyUpdate | null = null, version = 1): Policy {
  const document_types: Record<string, TypePolicy> = {};
  for (const d of DOCTYPES) {
    const base = defaultTypePolicy(d.type)!;
    const override = stored?.document_types?.[d.type as DocumentType];
    document_types[d.type] = { ...base, ...(override ?? {}) };
  }
  const { document_types: _ignored, ...settings } = stored ?? {};
  return { ...DEFAULT_SETTINGS, ...settings, version, document_types };
}

export const DEFAULT_POLICY: Policy = effectivePolicy();

/** Field keys a policy names that the document type does not have: a typo would otherwise make a
 * required field that can never be found, or a key field that is never checked. */
export function unknownFieldKeys(update: PolicyUpdate): string[] {
  const out: string[] = [];
  for (const [type, tp] of Object.entries(update.document_types ?? {})) {
    const doctype = DOCTYPES.find((d) => d.type === type);
    const known = new Set(doctype?.fields.map((f) => f.key) ?? []);
    for (const key of [...(tp?.required_fields ?? []), ...Object.keys(tp?.key_fields ?? {})]) {
      if (!known.has(key)) out.push(`${type}.${key}`);
    }
  }
  return out;
}

/** Merges a change into what is stored: settings replace settings, a type's lists replace its lists. */
export function mergeUpdate(stored: PolicyUpdate | null, update: PolicyUpdate): PolicyUpdate {
  const types = { ...(stored?.document_types ?? {}) };
  for (const [type, tp] of Object.entries(update.document_types ?? {})) types[type as DocumentType] = { ...(types[type as DocumentType] ?? {}), ...tp };
  return { ...(stored ?? {}), ...update, document_types: types };
}
