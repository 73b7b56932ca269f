import type { NextAction } from './statuses.js';

/** Every error code the HTTP API can answer with, its status and what the caller should do next. */
interface ErrorCodeInfo {
  http: number;
  next_action: NextAction;
}

const act = (http: number, type: NextAction['type'], message: string): ErrorCodeInfo => ({
  http,
  next_action: { type, message },
});

export const ERROR_CODES = {
  bad_request: act(400, 'FIX_REQUEST', 'Send a well-formed request: a valid URL with correct percent-encoding.'),
  unauthorized: act(401, 'AUTHENTICATE', 'Send a valid API key in X-Doc-API-Key or a bearer token.'),
  tenant_suspended: act(401, 'CONTACT_SUPPORT', 'The organisation is suspended; contact support.'),
  account_inactive: act(401, 'CONTACT_SUPPORT', 'The account is inactive; contact support.'),
  session_revoked: act(401, 'AUTHENTICATE', 'Sign in again.'),
  account_verification_required: act(403, 'VERIFY_ACCOUNT', 'Verify the email address and phone number first.'),
  account_suspended: act(403, 'CONTACT_SUPPORT', 'The account is suspended; contact support.'),
  subscription_expired: act(403, 'UPGRADE_PLAN', 'Renew the subscription.'),
  forbidden: act(403, 'CONTACT_SUPPORT', 'This account may not do that.'),
  insufficient_scope: act(403, 'FIX_REQUEST', 'Use a key that carries the required scope.'),
  not_found: act(404, 'FIX_REQUEST', 'Check the id or path.'),
  not_finished: act(409, 'WAIT', 'Wait until reading has finished, then try again.'),
  not_a_read_cv: act(409, 'FIX_REQUEST', 'This is only available for documents read as a CV.'),
  document_deleted: act(409, 'NONE', 'The document was deleted; upload the file again to read it.'),
  no_source_file: act(409, 'UPLOAD_AGAIN', 'The original file was not kept; upload it again.'),
  invalid_state: act(409, 'FIX_REQUEST', 'The document is not in a state that allows this operation.'),
  job_completed: act(409, 'FIX_REQUEST', 'The job is completed; create a new job.'),
  idempotency_key_reused: act(409, 'FIX_REQUEST', 'Use a new Idempotency-Key for a different request.'),
  request_timeout: act(408, 'RETRY', 'Send the whole request again without long pauses.'),
  file_too_large: act(413, 'FIX_REQUEST', 'Send a file of at most 10 MB.'),
  too_many_files: act(413, 'FIX_REQUEST', 'Send at most 20 files in one batch.'),
  payload_too_large: act(413, 'FIX_REQUEST', 'Send a smaller request body.'),
  uri_too_long: act(414, 'FIX_REQUEST', 'Use a shorter URL: an id is at most 100 characters.'),
  headers_too_large: act(431, 'FIX_REQUEST', 'Send smaller request headers (16 KB in all).'),
  unsupported_file: act(422, 'FIX_REQUEST', 'Send a PNG, JPG, PDF or Word (.docx, .doc) file.'),
  unknown_output: act(422, 'FIX_REQUEST', 'Request outputs from pdf, docx, xlsx.'),
  validation_error: act(422, 'FIX_REQUEST', 'Correct the request as the message says.'),
  cv_check_failed: act(422, 'REVIEW', 'A fact was lost or added; check the CV data.'),
  unsafe_webhook_url: act(422, 'FIX_REQUEST', 'Use a public HTTPS address.'),
  invalid_events: act(422, 'FIX_REQUEST', 'Subscribe only to known event names.'),
  rate_limit: act(429, 'RETRY', 'Slow down; retry after the Retry-After delay.'),
  rate_limited: act(429, 'RETRY', 'The hourly upload limit of the plan is reached; retry later.'),
  abuse_block: act(429, 'RETRY', 'Too many failed authentications; wait before trying again.'),
  no_quota: act(429, 'UPGRADE_PLAN', 'No quota is available for this account.'),
  quota_exceeded: act(429, 'UPGRADE_PLAN', 'The monthly quota is used up; upgrade the plan or wait for next month.'),
  internal_error: act(500, 'RETRY', 'Retry; if it persists, contact support quoting the request id.'),
  service_unavailable: act(503, 'RETRY', 'Try again in a few minutes.'),
} as const satisfies Record<string, ErrorCodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;
export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as ErrorCode[];

/** The one error type services throw; the HTTP layer turns it into the envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly http: number;
  readonly nextAction: NextAction;
  readonly extra: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, opts: { nextAction?: NextAction; extra?: Record<string, unknown>; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.http = ERROR_CODES[code].http;
    this.nextAction = opts.nextAction ?? ERROR_CODES[code].next_action;
    this.extra = opts.extra;
    this.headers = opts.headers;
  }
}
