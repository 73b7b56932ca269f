import { EVIDENCE_STRENGTH, FIELD_EVIDENCE_BY_ITEM, type EvidenceItem, type FieldEvidence } from '../domain/evidence.js';
import { OUTCOME_CODES, type OutcomeCode } from '../domain/outcome-codes.js';
import type { Outcome, Result, ResultField } from '../domain/result.js';
import { DECISION_BY_OUTCOME, DOCUMENT_STATUS_BY_OUTCOME, type FieldReviewState, type FieldStatus } from '../domain/statuses.js';
import type { FieldReading } from '../pipeline/fields.js';

/** A reason a document cannot be verified as it stands. */
export interface Problem {
  code: OutcomeCode;
  detail: string;
  fields?: string[];
}

export interface DecisionInput {
  documentType: string;
  fields: FieldReading[];
  problems: Problem[];
  /** Levels reached so far (L1 readable, L2 classified); later issues add L3/L4 rules. */
  readable: boolean;
  classified: boolean;
  issuingCountry: string | null;
  timings: Record<string, number>;
  engines: Array<{ name: string; version: string }>;
  readers: string[];
  costUsd: number;
}

/** Spec order of review reasons: expiry first, then warning fields, then failed checks. */
const REASON_ORDER: OutcomeCode[] = [
  'DOCUMENT_EXPIRED',
  'FIELD_CONFLICT',
  'FIELD_UNCONFIRMED',
  'REQUIRED_FIELD_MISSING',
  'DATE_NEEDS_REVIEW',
  'CRITICAL_FIELD_INVALID',
  'ARITHMETIC_MISMATCH',
  'DUPLICATE_SUSPECTED',
  'TAMPER_SUSPECTED',
  'MISSING_PAGE',
  'UNSUPPORTED_LANGUAGE_SCRIPT',
  'DOCUMENT_TYPE_UNKNOWN',
  'NO_FIELDS_EXTRACTED',
  'LOW_CONFIDENCE',
];

/** Codes that end a reading before any field is read; they win over everything else. */
const TERMINAL_CODES = new Set<OutcomeCode>([
  'DOCUMENT_UNREADABLE',
  'PROCESSING_PROVIDER_FAILURE',
  'QUALITY_GATE_GLARE',
  'QUALITY_GATE_BLUR',
  'QUALITY_GATE_CUTOFF',
  'QUALITY_GATE_LOW_RESOLUTION',
  'QUALITY_GATE_DARK',
  'QUALITY_GATE_UNREADABLE',
]);

const rank = (code: OutcomeCode): number => {
  if (TERMINAL_CODES.has(code)) return -1;
  const i = REASON_ORDER.indexOf(code);
  return i === -1 ? REASON_ORDER.length : i;
};

export function summaryEvidence(items: EvidenceItem[]): FieldEvidence | null {
  const strongest = EVIDENCE_STRENGTH.find((e) => items.includes(e));
  return strongest ? FIELD_EVIDENCE_BY_ITEM[strongest] : null;
}

/** Evidence other than one reader's word (or a model judging between readers). */
function hasCorroboration(items: EvidenceItem[]): boolean {
  return items.some((e) => e !== 'single_reader' && e !== 'judge');
}

function fieldPasses(f: FieldReading): boolean {
  return f.status === 'read' && f.problems.length === 0 && f.value !== null;
}

/** Turns the evidence of a reading into its outcome and Result. Never publishes a value that did
 * not pass, and never verifies while any problem stands. */
export function decide(input: DecisionInput): { outcome: Outcome; result: Result } {
  const problems = [...input.problems];
  const readFields = input.fields.filter((f) => f.status === 'read' || f.status === 'conflict');
  if (!problems.some((p) => TERMINAL_CODES.has(p.code)) && readFields.length === 0) {
    problems.push({ code: 'NO_FIELDS_EXTRACTED', detail: 'No field could be read from the document.' });
  }
  for (const f of input.fields) {
    if (f.isKey && f.status === 'read' && !f.problems.length && !hasCorroboration(f.evidence)) {
      problems.push({ code: 'FIELD_UNCONFIRMED', detail: `${f.label} rests on a single reading.`, fields: [f.key] });
    }
    for (const code of f.problems) problems.push({ code, detail: f.reason ?? `${f.label}: ${OUTCOME_CODES[code].message}`, fields: [f.key] });
  }
  problems.sort((a, b) => rank(a.code) - rank(b.code));

  const top = problems[0];
  const outcomeStatus = top ? OUTCOME_CODES[top.code].status : 'verified';
  const outcome: Outcome = top
    ? {
        status: outcomeStatus,
        code: top.code,
        message: top.detail,
        next_action: OUTCOME_CODES[top.code].next_action,
        context: { codes: [...new Set(problems.map((p) => p.code))], ...(top.fields ? { fields: top.fields } : {}) },
      }
    : {
        status: 'verified',
        code: null,
        message: 'Every required field passed with sufficient evidence.',
        next_action: { type: 'NONE', message: 'The result can be used.' },
        context: {},
      };

  const values: Result['values'] = {};
  const field_status: Record<string, FieldStatus> = {};
  const field_evidence: Result['field_evidence'] = {};
  const fields: Record<string, ResultField> = {};
  const reviewItems: Result['field_review']['fields'] = [];
  const summary = { ok: 0, check: 0, missing: 0 };
  for (const f of input.fields) {
    const passes = fieldPasses(f);
    if (passes) values[f.key] = f.value;
    field_status[f.key] = f.status;
    const ev = summaryEvidence(f.evidence);
    if (ev) field_evidence[f.key] = ev;
    const strongEnough = passes && hasCorroboration(f.evidence);
    const state: FieldReviewState = f.value === null && f.status !== 'conflict' ? 'missing' : strongEnough ? 'ok' : 'check';
    summary[state] += 1;
    fields[f.key] = {
      value: passes ? f.value : null,
      status: state === 'ok' ? 'passed' : state === 'missing' ? 'missing' : 'review',
      evidence: f.evidence,
      reason: f.reason,
      region: f.region,
    };
    reviewItems.push({ key: f.key, label: f.label, value: passes ? f.value : null, state, reason: f.reason, evidence: f.evidence });
  }

  const reviewReasons = [...new Set(problems.map((p) => p.detail))];
  const decision = DECISION_BY_OUTCOME[outcome.status];
  const status = DOCUMENT_STATUS_BY_OUTCOME[outcome.status];
  const verified = outcome.status === 'verified';
  const result: Result = {
    status,
    verified,
    decision,
    document_type: input.documentType,
    values,
    field_status,
    field_evidence,
    disputed_fields: input.fields.filter((f) => f.status === 'conflict').map((f) => f.key),
    review_reason: reviewReasons[0] ?? null,
    review_reasons: reviewReasons,
    next_action: outcome.next_action,
    field_review: { fields: reviewItems, summary },
    fields,
    verification: {
      statuses: {
        readable: input.readable,
        classified: input.classified,
        data_correct: false,
        authenticity_supported: false,
        verified,
      },
      level: input.classified ? 'L2' : input.readable ? 'L1' : null,
      evidence: [
        { level: 'L1', rule: 'readable', result: input.readable ? 'passed' : 'failed', fields: [], detail: null },
        { level: 'L2', rule: 'classified', result: input.classified ? 'passed' : 'failed', fields: [], detail: input.documentType },
      ],
      failed_rules: [...(input.readable ? [] : ['readable']), ...(input.classified ? [] : ['classified'])],
      policy: { name: 'default', version: 1 },
    },
    issuing_country: input.issuingCountry,
    outputs: { json: '', unavailable: [] },
    cv: null,
    cv_improved: null,
    timings_ms: input.timings,
    engines: input.engines,
    readers: input.readers,
    cost_usd: input.costUsd,
  };
  return { outcome, result };
}
