import { EVIDENCE_STRENGTH, FIELD_EVIDENCE_BY_ITEM, type EvidenceItem, type FieldEvidence } from '../domain/evidence.js';
import { OUTCOME_CODES } from '../domain/outcome-codes.js';
import type { Problem } from '../domain/problem.js';
import type { Outcome, Result, ResultField } from '../domain/result.js';
import { DECISION_BY_OUTCOME, DOCUMENT_STATUS_BY_OUTCOME, type DocumentStatus, type FieldStatus } from '../domain/statuses.js';
import type { FieldReading } from '../domain/field.js';
import { assessFields } from './assess-fields.js';
import { documentConfidence } from './confidence.js';
import { standingDoubts } from './capture-doubts.js';
import { issuerRule, verificationOf } from './levels.js';
import { DEFAULT_POLICY, type Policy } from './policy.js';
import { outcomeCodeOf, reasonRank, TERMINAL_CODES } from './reasons.js';
import { TAMPER_NOTE, type TamperReport } from './tamper/types.js';

export interface DecisionInput {
  documentType: string;
  fields: FieldReading[];
  problems: Problem[];
  /** Quality-gate findings the reading may overrule (capture-doubts.ts); absent when there were none. */
  captureDoubts?: Problem[];
  readable: boolean;
  classified: boolean;
  issuingCountry: string | null;
  timings: Record<string, number>;
  engines: Array<{ name: string; version: string }>;
  readers: string[];
  costUsd: number;
  /** The tamper checks' report; null when they did not run, absent when the caller has none. */
  tamper?: TamperReport | null;
  /** The organisation's effective policy; the built-in default when absent. */
  policy?: Policy;
}

export interface Decision {
  outcome: Outcome;
  result: Result;
  /** Legacy `confidence` (0..1) and `tamper_score` (0..1). */
  confidence: number;
  /** 0 when the tamper step did not run: no sign was looked for, so none was found. */
  tamperScore: number;
}

export function summaryEvidence(items: EvidenceItem[]): FieldEvidence | null {
  const strongest = EVIDENCE_STRENGTH.find((e) => items.includes(e));
  return strongest ? FIELD_EVIDENCE_BY_ITEM[strongest] : null;
}

/** A document status from an outcome; a tamper sign flags the document. */
export function documentStatusFor(outcome: Pick<Outcome, 'status' | 'code'>): DocumentStatus {
  return outcome.code === 'TAMPER_SUSPECTED' ? 'flagged' : DOCUMENT_STATUS_BY_OUTCOME[outcome.status];
}

/** Problems the policy turns into evidence only (expired documents, duplicates). */
function splitAccepted(problems: Problem[], policy: Policy): { standing: Problem[]; accepted: Problem[] } {
  const accepts = (p: Problem) =>
    (p.code === 'DOCUMENT_EXPIRED' && policy.expired_documents === 'accept') || (p.code === 'DUPLICATE_SUSPECTED' && policy.duplicates === 'accept');
  return { standing: problems.filter((p) => !accepts(p)), accepted: problems.filter(accepts) };
}

function tamperProblem(t: TamperReport): Problem {
  const signs = t.signs.map((s) => s.detail).join(' ');
  return {
    code: 'TAMPER_SUSPECTED',
    detail: `Signs of editing (tamper_score ${t.score}): ${signs} ${TAMPER_NOTE}`,
    fields: [...new Set(t.signs.flatMap((s) => s.fields))],
  };
}

/** Turns the evidence of a reading into its outcome and Result under the organisation's policy.
 * Never publishes a value that did not pass, and never verifies while any problem stands. */
export function decide(input: DecisionInput): Decision {
  const policy = input.policy ?? DEFAULT_POLICY;
  const typePolicy = policy.document_types[input.documentType] ?? null;
  const { standing, accepted } = splitAccepted(input.problems, policy);
  const terminal = standing.some((p) => TERMINAL_CODES.has(p.code));
  const { assessments, problems: fieldProblems, setAside } = assessFields(input.fields, policy, typePolicy, standing);
  // recorded on the rule it would have failed, as passed: the policy does not wait on these fields
  const asideNoted = setAside.map((p) => ({ ...p, detail: `${p.detail} Neither required nor a key field: withheld from values.` }));
  const problems: Problem[] = [...standing, ...fieldProblems];
  // Without a type there are no fields to expect: DOCUMENT_TYPE_UNKNOWN says it.
  if (!terminal && input.classified && !input.fields.some((f) => f.status === 'read' || f.status === 'conflict')) {
    problems.push({ code: 'NO_FIELDS_EXTRACTED', detail: 'No field could be read from the document.' });
  }
  if (input.tamper?.suspected && !terminal) problems.push(tamperProblem(input.tamper));
  if (input.tamper && problems.length === 0) {
    // L4's issuer rule has no code of its own; a failure must still keep the document from verified.
    const issuer = issuerRule(input.documentType, assessments);
    if (issuer?.result === 'failed')
      problems.push({ code: 'CRITICAL_FIELD_INVALID', detail: `The issuer is not plausible: ${issuer.detail}`, fields: issuer.fields });
  }
  // A photo to retake names the outcome only when what it doubted shows in the reading.
  if (!terminal && input.captureDoubts) problems.push(...standingDoubts(input.captureDoubts, problems, input.readable));
  problems.sort((a, b) => reasonRank(a.code) - reasonRank(b.code));

  const code = outcomeCodeOf(problems.map((p) => p.code));
  const top = code ? problems.find((p) => p.code === code)! : null;
  const outcome: Outcome = top
    ? {
        status: OUTCOME_CODES[top.code].status,
        code: top.code,
        message: top.detail,
        next_action: OUTCOME_CODES[top.code].next_action,
        context: { codes: [...new Set(problems.map((p) => p.code))], ...(top.fields?.length ? { fields: top.fields } : {}) },
      }
    : {
        status: 'verified',
        code: null,
        message: 'Every required and key field passed with the evidence the policy asks for.',
        next_action: { type: 'NONE', message: 'The result can be used.' },
        context: {},
      };

  const values: Result['values'] = {};
  const field_status: Record<string, FieldStatus> = {};
  const field_evidence: Result['field_evidence'] = {};
  const fields: Record<string, ResultField> = {};
  const reviewItems: Result['field_review']['fields'] = [];
  const summary = { ok: 0, check: 0, missing: 0 };
  for (const a of assessments) {
    const f = a.field;
    // What the machine read stays visible to the person checking it; only `values` is strict.
    const value = f.value;
    if (a.passes) values[f.key] = f.value;
    field_status[f.key] = f.status;
    const ev = summaryEvidence(f.evidence);
    if (ev) field_evidence[f.key] = ev;
    summary[a.state] += 1;
    fields[f.key] = {
      value,
      status: a.state === 'ok' ? 'passed' : a.state === 'missing' ? 'missing' : 'review',
      evidence: f.evidence,
      reason: a.reason,
      region: f.region,
    };
    reviewItems.push({ key: f.key, label: f.label, value, state: a.state, reason: a.reason, evidence: f.evidence });
  }

  const verified = outcome.status === 'verified';
  const status = documentStatusFor(outcome);
  const verification = verificationOf(
    {
      documentType: input.documentType,
      readable: input.readable,
      classified: input.classified,
      problems,
      accepted: [...accepted, ...asideNoted],
      assessments,
      tamper: input.tamper,
      policy,
    },
    verified,
  );
  const result: Result = {
    status,
    verified,
    decision: DECISION_BY_OUTCOME[outcome.status],
    document_type: input.documentType,
    values,
    field_status,
    field_evidence,
    // readers that disagree, and zones that disagree (the MRZ against the print)
    disputed_fields: input.fields.filter((f) => f.status === 'conflict' || f.problems.includes('FIELD_CONFLICT')).map((f) => f.key),
    review_reason: null,
    review_reasons: [...new Set(problems.map((p) => p.detail))],
    next_action: outcome.next_action,
    field_review: { fields: reviewItems, summary },
    fields,
    verification,
    issuing_country: input.issuingCountry,
    outputs: { json: '', unavailable: [] },
    cv: null,
    cv_improved: null,
    timings_ms: input.timings,
    engines: input.engines,
    readers: input.readers,
    cost_usd: input.costUsd,
  };
  result.review_reason = result.review_reasons[0] ?? null;
  return {
    outcome,
    result,
    confidence: terminal ? 0 : documentConfidence(assessments),
    tamperScore: input.tamper?.score ?? 0,
  };
}
