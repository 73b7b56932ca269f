import type { FieldValue, Outcome, Result } from '../domain/result.js';
import { approvedByPerson, correctedByPerson, type FieldReading } from '../domain/field.js';
import { decide, type DecisionInput } from './decide.js';
import type { Policy } from './policy.js';

/** A person's resolution of a document that needed one: approve (with corrections) or reject. */
export interface Reviewer {
  reviewId: string;
  actor: string;
  at: string;
  note: string | null;
}

export interface Approval {
  outcome: Outcome;
  result: Result;
  /** What the machine had for each corrected field, kept beside the correction. */
  machine: Record<string, { value: FieldValue; status: string; evidence: string[] }>;
}

export class ApprovalIncomplete extends Error {
  constructor(
    readonly fields: string[],
    message: string,
  ) {
    super(message);
  }
}

/** Approving vouches for the document as shown: every value shown gets `operator` evidence, a
 * correction replaces the machine's value (kept beside it), and what the machine doubted is
 * settled by the person. A key or required field left without a value cannot be approved. */
export function approve(input: DecisionInput, corrections: Record<string, FieldValue>, reviewer: Reviewer, policy: Policy): Approval {
  const machine: Approval['machine'] = {};
  const byKey = new Map(input.fields.map((f) => [f.key, f]));
  const fields: FieldReading[] = input.fields.map((f) => approvedByPerson(f));
  for (const [key, value] of Object.entries(corrections)) {
    const before = byKey.get(key);
    machine[key] = { value: before?.value ?? null, status: before?.status ?? 'not_present', evidence: before?.evidence ?? [] };
    const corrected = correctedByPerson(key, before, value, reviewer.actor);
    const i = fields.findIndex((f) => f.key === key);
    if (i === -1) fields.push(corrected);
    else fields[i] = corrected;
  }
  const typePolicy = policy.document_types[input.documentType];
  const decisive = new Set([...(typePolicy?.required_fields ?? []), ...Object.keys(typePolicy?.key_fields ?? {})]);
  const empty = fields.filter((f) => f.value === null && decisive.has(f.key)).map((f) => f.key);
  if (empty.length) throw new ApprovalIncomplete(empty, `Give a value for ${empty.join(', ')} to approve: a key or required field cannot be approved empty.`);
  if (!fields.some((f) => f.value !== null)) throw new ApprovalIncomplete([], 'Give at least one field value to approve: nothing was read.');

  // The person has settled every problem and looked at the document; tamper signs stay in the stored reading.
  const { result } = decide({ ...input, fields, problems: [], tamper: undefined, policy });
  const corrected = Object.keys(corrections);
  result.verification.evidence.push({
    level: 'L3',
    rule: 'operator_approval',
    result: 'passed',
    fields: corrected,
    detail: `Approved by ${reviewer.actor} at ${reviewer.at.slice(0, 19)}${reviewer.note ? `: ${reviewer.note}` : ''}.`,
  });
  const outcome: Outcome = {
    status: 'verified',
    code: null,
    message: `Approved by a person${reviewer.note ? `: ${reviewer.note}` : '.'}`,
    next_action: { type: 'NONE', message: 'The result can be used.' },
    context: { review_id: reviewer.reviewId, reviewed_by: reviewer.actor, reviewed_at: reviewer.at.slice(0, 19), corrected_fields: corrected },
  };
  Object.assign(result, {
    status: 'verified',
    verified: true,
    decision: 'verified',
    next_action: outcome.next_action,
    review_reason: null,
    review_reasons: [],
  });
  result.verification.statuses.verified = true;
  return { outcome, result, machine };
}

/** Rejecting keeps the machine's reading for the record but publishes nothing. */
export function reject(machineResult: Result, reason: string, reviewer: Reviewer): { outcome: Outcome; result: Result } {
  const outcome: Outcome = {
    status: 'failed',
    code: null,
    message: `Rejected by a person: ${reason}`,
    next_action: { type: 'NONE', message: 'The document was rejected; ask for another document if one is needed.' },
    context: { review_id: reviewer.reviewId, reviewed_by: reviewer.actor, reviewed_at: reviewer.at.slice(0, 19), reason },
  };
  const result: Result = {
    ...structuredClone(machineResult),
    status: 'rejected',
    verified: false,
    decision: 'failed',
    values: {},
    review_reason: `Rejected: ${reason}`,
    review_reasons: [`Rejected: ${reason}`, ...machineResult.review_reasons],
    next_action: outcome.next_action,
  };
  result.verification.statuses.verified = false;
  result.verification.evidence.push({
    level: 'L3',
    rule: 'operator_rejection',
    result: 'failed',
    fields: [],
    detail: `Rejected by ${reviewer.actor}: ${reason}`,
  });
  result.verification.failed_rules.push('operator_rejection');
  return { outcome, result };
}
