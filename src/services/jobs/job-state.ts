import type { JobDecision, JobStatus } from '../../domain/events.js';
import type { OutcomeStatus } from '../../domain/statuses.js';

/** A job's state follows from its inputs (README "Jobs"):
 * - completed: at least one input, every input verified (by the machine or a person), every
 *   expected document type among them, and no cross-check contradiction. Final: no more inputs.
 * - processing: an input is still being read.
 * - action_required: an input needs a person, a retake, or failed; or the documents contradict.
 * - open: nothing yet, or every input verified while an expected type is still missing. */

export interface InputState {
  doc_type: string;
  /** The document's status (processing, verified, review, failed, flagged, rejected). */
  status: string;
  outcome_status: OutcomeStatus;
}

export function inputDecision(input: Pick<InputState, 'status' | 'outcome_status'>): JobDecision {
  switch (input.status) {
    case 'processing':
      return 'pending';
    case 'verified':
      return 'verified';
    case 'failed':
    case 'rejected':
      return 'failed';
    default:
      return input.outcome_status === 'rescan_required' ? 'rescan' : 'review';
  }
}

/** The worst decision wins: a failed input, then one for a person, then a retake. */
const SEVERITY: JobDecision[] = ['failed', 'review', 'rescan'];

export function jobState(inputs: InputState[], expectedTypes: string[], contradictions: number): { status: JobStatus; decision: JobDecision } {
  const decisions = inputs.map(inputDecision);
  if (decisions.includes('pending')) return { status: 'processing', decision: 'pending' };
  const worst = SEVERITY.find((d) => decisions.includes(d));
  if (worst) return { status: 'action_required', decision: worst };
  if (contradictions > 0) return { status: 'action_required', decision: 'review' };
  const types = new Set(inputs.map((i) => i.doc_type));
  if (inputs.length > 0 && expectedTypes.every((t) => types.has(t))) return { status: 'completed', decision: 'verified' };
  return { status: 'open', decision: 'pending' };
}
