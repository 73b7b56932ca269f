/** The closed sets of states the interface names. Import these; never retype the strings. */

export const DOCUMENT_STATUSES = ['processing', 'verified', 'review', 'failed', 'flagged', 'rejected'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const OUTCOME_STATUSES = ['pending', 'verified', 'action_required', 'rescan_required', 'failed'] as const;
export type OutcomeStatus = (typeof OUTCOME_STATUSES)[number];

export const DECISIONS = ['verified', 'review', 'rescan', 'failed', 'processing'] as const;
export type Decision = (typeof DECISIONS)[number];

/** Per-field reading state in `result.field_status`. */
export const FIELD_STATUSES = ['read', 'unreadable', 'not_present', 'conflict'] as const;
export type FieldStatus = (typeof FIELD_STATUSES)[number];

/** `result.field_review.fields[].state`. */
export const FIELD_REVIEW_STATES = ['ok', 'check', 'missing'] as const;
export type FieldReviewState = (typeof FIELD_REVIEW_STATES)[number];

/** `result.fields[key].status`. */
export const FIELD_RESULT_STATUSES = ['passed', 'review', 'missing'] as const;
export type FieldResultStatus = (typeof FIELD_RESULT_STATUSES)[number];

/** What the spec's mapping table says each outcome status turns a document into. */
export const DOCUMENT_STATUS_BY_OUTCOME: Record<OutcomeStatus, DocumentStatus> = {
  pending: 'processing',
  verified: 'verified',
  action_required: 'review',
  rescan_required: 'review',
  failed: 'failed',
};

export const DECISION_BY_OUTCOME: Record<OutcomeStatus, Decision> = {
  pending: 'processing',
  verified: 'verified',
  action_required: 'review',
  rescan_required: 'rescan',
  failed: 'failed',
};

/** Next-action types carried in `outcome.next_action.type` and `error.next_action.type`. */
export const NEXT_ACTION_TYPES = [
  'WAIT',
  'NONE',
  'REVIEW',
  'RESCAN',
  'RETRY',
  'UPLOAD_AGAIN',
  'FIX_REQUEST',
  'AUTHENTICATE',
  'VERIFY_ACCOUNT',
  'CONTACT_SUPPORT',
  'UPGRADE_PLAN',
] as const;
export type NextActionType = (typeof NEXT_ACTION_TYPES)[number];

export interface NextAction {
  type: NextActionType;
  message: string;
}
