import type { EvidenceItem } from '../domain/evidence.js';
import { OUTCOME_CODES, type OutcomeCode } from '../domain/outcome-codes.js';
import type { FieldReviewState } from '../domain/statuses.js';
import type { FieldReading } from '../domain/field.js';
import type { Policy, TypePolicy } from './policy.js';
import { CORROBORATING } from './policy.js';

/** One field judged against the policy: whether its value may be published, and why not. */
export interface FieldAssessment {
  field: FieldReading;
  isKey: boolean;
  required: boolean;
  /** Published in `values`: read, no problem, enough evidence under the policy. */
  passes: boolean;
  state: FieldReviewState;
  reason: string | null;
}

export interface FieldProblem {
  code: OutcomeCode;
  detail: string;
  fields: string[];
}

/** Document-level problems that cast doubt on the values of the fields they name. Expiry and
 * duplicates concern the document, not whether its values were read right. */
const DOUBTS_FIELD_VALUES = new Set<OutcomeCode>(['ARITHMETIC_MISMATCH', 'DATE_NEEDS_REVIEW', 'CRITICAL_FIELD_INVALID', 'FIELD_CONFLICT']);

const OCR_ONLY = new Set<EvidenceItem>(['reader_agree', 'single_reader', 'judge']);

/** The file's own text proves the characters, not that the extractor took the right ones: a value
 * it placed by a label counts as text-layer evidence, one guessed from layout alone (confidence
 * below this) counts as one reading. Measured on ../shared/data: every wrong vendor guessed by layout was at 0.6. */
export const TEXT_LAYER_ANCHORED = 0.8;

function effectiveEvidence(f: FieldReading): EvidenceItem[] {
  if (!f.evidence.includes('text_layer')) return f.evidence;
  const anchored = f.candidates.some((c) => c.reader === 'text_layer' && c.confidence >= TEXT_LAYER_ANCHORED);
  if (anchored) return f.evidence;
  const rest = f.evidence.filter((e) => e !== 'text_layer');
  return rest.length ? rest : ['single_reader'];
}

function enoughEvidence(f: FieldReading, isKey: boolean, accepted: readonly EvidenceItem[], policy: Policy): boolean {
  const evidence = effectiveEvidence(f);
  if (evidence.includes('operator')) return true;
  if (isKey) return evidence.some((e) => accepted.includes(e));
  // A decoded symbol (a QR payload) is never a key field, and its error correction vouches for it.
  return evidence.some((e) => CORROBORATING.includes(e) || e === 'decoder') || (policy.single_reader_enough && evidence.includes('single_reader'));
}

/** A key field that only OCR readers support, each doubting its own reading. */
function weaklyRead(f: FieldReading, policy: Policy): boolean {
  if (!f.evidence.every((e) => OCR_ONLY.has(e)) || f.candidates.length === 0) return false;
  return Math.max(...f.candidates.map((c) => c.confidence)) < policy.min_reader_confidence;
}

/** Problems of a field that is neither required nor key which withhold the field alone. */
const SET_ASIDE: ReadonlySet<OutcomeCode> = new Set(['FIELD_CONFLICT', 'LOW_CONFIDENCE']);

export function assessFields(
  fields: FieldReading[],
  policy: Policy,
  typePolicy: TypePolicy | null,
  documentProblems: ReadonlyArray<{ code: OutcomeCode; detail: string; fields?: string[] }>,
): { assessments: FieldAssessment[]; problems: FieldProblem[]; setAside: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const setAside: FieldProblem[] = [];
  const doubted = new Map<string, string>();
  for (const p of documentProblems) {
    if (!DOUBTS_FIELD_VALUES.has(p.code)) continue;
    for (const key of p.fields ?? []) if (!doubted.has(key)) doubted.set(key, p.detail);
  }
  const assessments = fields.map((f): FieldAssessment => {
    const isKey = typePolicy ? Object.hasOwn(typePolicy.key_fields, f.key) : f.isKey;
    const required = typePolicy ? typePolicy.required_fields.includes(f.key) : f.problems.includes('REQUIRED_FIELD_MISSING');
    // Required-ness is the policy's to say, so the reader's own verdict on it is set aside.
    const own = f.problems.filter((c) => c !== 'REQUIRED_FIELD_MISSING');
    const empty = f.value === null && f.status !== 'conflict';
    const accepted = typePolicy?.key_fields[f.key] ?? CORROBORATING;
    const decisive = isKey || required;
    let reason = f.reason;
    for (const code of own) {
      const problem = { code, detail: f.reason ?? `${f.label}: ${OUTCOME_CODES[code].message}`, fields: [f.key] };
      // The policy decides on its required and key fields: a dispute over another field, or a doubt
      // about where its value ends or which it is, keeps that field out of `values` (a dispute also
      // in disputed_fields) without holding the document back.
      if (SET_ASIDE.has(code) && !decisive) setAside.push(problem);
      else problems.push(problem);
    }
    if (empty) {
      // A value that was read but failed a check is not missing: its own problem says why it is empty.
      if (required && own.length === 0) problems.push({ code: 'REQUIRED_FIELD_MISSING', detail: f.reason ?? `${f.label} was not found.`, fields: [f.key] });
      return { field: f, isKey, required, passes: false, state: 'missing', reason: reason ?? (required ? `${f.label} was not found.` : null) };
    }
    const enough = enoughEvidence(f, isKey, accepted, policy);
    const weak = isKey && enough && weaklyRead(f, policy);
    const clean = f.status === 'read' && f.value !== null && own.length === 0;
    if (clean && decisive && !enough) {
      const has = effectiveEvidence(f).join(', ') || 'no evidence';
      // Evidence that lists text_layer yet counts as one reading would read as a contradiction.
      const why =
        f.evidence.includes('text_layer') && !effectiveEvidence(f).includes('text_layer')
          ? " (taken from the file's text by layout, with no label beside it)"
          : '';
      reason = `${f.label} rests on ${has}${why}; the policy asks for ${isKey ? accepted.join(' or ') : "two readers or the file's own text"}.`;
      problems.push({ code: 'FIELD_UNCONFIRMED', detail: reason, fields: [f.key] });
    } else if (clean && !enough) {
      reason = `${f.label} rests on one reading; it is not published.`;
    }
    if (clean && weak) {
      reason = `The readers agree on ${f.label} but each doubts its reading (confidence below ${policy.min_reader_confidence}).`;
      problems.push({ code: 'LOW_CONFIDENCE', detail: reason, fields: [f.key] });
    }
    const doubt = doubted.get(f.key);
    if (doubt && clean) reason = doubt;
    const passes = clean && enough && !weak && !doubt;
    return { field: f, isKey, required, passes, state: passes ? 'ok' : 'check', reason };
  });
  return { assessments, problems, setAside };
}
