import type { Outcome, Result } from './result.js';

/** What a document shows while it is being read: stored as its outcome when a reading starts, and
 * its result until the reading is finished. */

export const PENDING_OUTCOME: Outcome = {
  status: 'pending',
  code: null,
  message: 'The document is being read.',
  next_action: { type: 'WAIT', message: 'Poll GET /v1/documents/{id} every few seconds until result.status is no longer processing.' },
  context: {},
};

export function pendingResult(documentType: string): Result {
  return {
    status: 'processing',
    verified: false,
    decision: 'processing',
    document_type: documentType,
    values: {},
    field_status: {},
    field_evidence: {},
    disputed_fields: [],
    review_reason: null,
    review_reasons: [],
    next_action: PENDING_OUTCOME.next_action,
    field_review: { fields: [], summary: { ok: 0, check: 0, missing: 0 } },
    fields: {},
    verification: {
      statuses: { readable: false, classified: false, data_correct: false, authenticity_supported: false, verified: false },
      level: null,
      evidence: [],
      failed_rules: [],
      policy: { name: 'default', version: 1 },
    },
    issuing_country: null,
    outputs: { json: '', unavailable: [] },
    cv: null,
    cv_improved: null,
    timings_ms: {},
    engines: [],
    readers: [],
    cost_usd: 0,
  };
}
