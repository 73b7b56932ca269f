/** Table shapes. Portable across SQLite and PostgreSQL: ids and timestamps are text (ISO 8601 UTC,
 * which sorts as time), JSON is text, booleans are 0/1 integers. */

export interface OrganisationsTable {
  id: string;
  name: string;
  plan: string;
  status: string;
  created_at: string;
  /** Set when the subscription has an end; past it the organisation answers subscription_expired. */
  subscription_expires_at: string | null;
}

export interface ApiKeysTable {
  id: string;
  org_id: string;
  name: string;
  /** First characters of the key, for display. */
  prefix: string;
  last4: string;
  /** SHA-256 hex of the whole key: the only form in which a key is stored. */
  key_hash: string;
  scopes: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  disabled_reason: string | null;
  /** The user who created the key from the dashboard; null for keys made by the CLI. */
  created_by: string | null;
}

export interface DocumentsTable {
  id: string;
  org_id: string;
  name: string;
  type_hint: string | null;
  doc_type: string;
  status: string;
  cached: number;
  cached_from: string | null;
  uploaded_at: string;
  updated_at: string;
  sha256: string;
  size_bytes: number;
  media_type: string;
  file_kind: string;
  /** Blob key of the current original; null when the original was not kept. */
  blob_key: string | null;
  outputs: string;
  improve: number;
  outcome: string;
  current_reading_id: string | null;
  confidence: number | null;
  tamper_score: number | null;
  source: string;
  /** The Result after a person's approve or reject (JSON); null while the machine's reading stands. */
  review_result: string | null;
  /** A CV's improved wording made after reading (JSON), and the reading it improves. */
  cv_improved?: string | null;
  cv_improved_reading_id?: string | null;
  /** Bumped by every change to the row: a serialised answer is stored only for the revision it was made from. */
  revision?: number;
  /** GET's answer for a document no longer processing, serialised once, and the base address its links use. */
  view_json?: string | null;
  view_base_url?: string | null;
}

export interface DocumentVersionsTable {
  id: string;
  document_id: string;
  org_id: string;
  version: number;
  sha256: string;
  size_bytes: number;
  media_type: string;
  blob_key: string | null;
  created_at: string;
}

export interface ReadingsTable {
  id: string;
  document_id: string;
  org_id: string;
  number: number;
  trigger: string;
  status: string;
  outcome: string | null;
  result: string | null;
  raw: string | null;
  started_at: string;
  finished_at: string | null;
  cached_from_reading: string | null;
}

export interface ConsentsTable {
  id: string;
  org_id: string;
  document_id: string;
  note: string | null;
  created_at: string;
}

export interface DocumentDeletionsTable {
  document_id: string;
  org_id: string;
  deleted_at: string;
  actor: string;
}

export interface QueueJobsTable {
  id: string;
  queue: string;
  payload: string;
  status: string;
  attempts: number;
  max_attempts: number;
  run_at: string;
  lease_until: string | null;
  locked_by: string | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface MetaTable {
  key: string;
  value: string;
}

export interface UsersTable {
  id: string;
  org_id: string;
  /** Lower-cased. */
  email: string;
  name: string | null;
  /** argon2id PHC string; null until an invited user sets a password. */
  password_hash: string | null;
  role: string;
  status: string;
  email_verified_at: string | null;
  /** E.164; set only once verified by a one-time code. */
  phone: string | null;
  phone_verified_at: string | null;
  created_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  org_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  /** SHA-256 hex of the refresh token: the token itself is never stored. */
  token_hash: string;
  session_id: string;
  created_at: string;
  expires_at: string;
  /** Set when rotated; presenting it again revokes the session. */
  used_at: string | null;
}

export interface OtpChallengesTable {
  id: string;
  user_id: string;
  /** login | phone */
  purpose: string;
  phone: string;
  /** HMAC-SHA256 of the code under the server's secret (a bare hash of 6 digits is reversible). */
  code_hash: string;
  attempts: number;
  expires_at: string;
  consumed_at: string | null;
  created_at: string;
}

export interface OneTimeTokensTable {
  /** SHA-256 hex of a 256-bit token sent by email (verification, invitation). */
  token_hash: string;
  user_id: string;
  purpose: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface UsageCountersTable {
  org_id: string;
  /** YYYY-MM in UTC. */
  period: string;
  /** Documents charged against the monthly quota. */
  used: number;
}

export interface DocumentFactsTable {
  document_id: string;
  org_id: string;
  kind: string;
  fact_key: string;
  amount: number | null;
  created_at: string;
}

export interface PoliciesTable {
  org_id: string;
  /** 2 and up: version 1 is the built-in default. */
  version: number;
  /** The organisation's settings over the defaults (PolicyUpdate JSON). */
  body: string;
  created_at: string;
  created_by: string;
}

export interface ReviewsTable {
  id: string;
  document_id: string;
  org_id: string;
  /** The machine reading the person resolved. */
  reading_id: string;
  /** approve | reject */
  action: string;
  from_status: string;
  to_status: string;
  /** Field key → value as the person set it (JSON). */
  corrections: string;
  /** Field key → the machine's value, status and evidence before the correction (JSON). */
  machine: string;
  note: string | null;
  actor: string;
  created_at: string;
}

export interface JobsTable {
  id: string;
  org_id: string;
  reference: string | null;
  /** JSON array of document types the case needs before it can complete. */
  expected_types: string;
  /** JSON object the caller attached. */
  metadata: string;
  status: string;
  decision: string;
  /** JSON array of the job's own review reasons (cross-check contradictions). */
  review_reasons: string;
  /** Goes up by one with every change of the job (input added, finished, reviewed). */
  state_version: number;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

export interface JobInputsTable {
  /** A document belongs to one job at most. */
  document_id: string;
  job_id: string;
  org_id: string;
  added_at: string;
}

export interface IdempotencyKeysTable {
  org_id: string;
  key: string;
  /** SHA-256 of the request's canonical JSON body. */
  request_hash: string;
  status_code: number;
  /** The first answer (JSON), replayed as is. */
  response: string;
  created_at: string;
  expires_at: string;
}

export interface WebhookEndpointsTable {
  id: string;
  org_id: string;
  /** v2 | dashboard */
  kind: string;
  /** Null for a dashboard row that holds only the account's v1 secret so far. */
  url: string | null;
  /** JSON array of subscribed event names. */
  events: string;
  /** The whsec_ signing secret, AES-256-GCM under the server's webhook key (see secret-box.ts). */
  secret_enc: string;
  /** The secret before the last rotation; it signs too until previous_expires_at. */
  previous_secret_enc: string | null;
  previous_expires_at: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface EventsTable {
  /** evt_… */
  id: string;
  org_id: string;
  job_id: string | null;
  event: string;
  /** The exact JSON body every delivery of the event sends. */
  body: string;
  created_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  org_id: string;
  endpoint_id: string;
  event_id: string;
  /** pending | delivered | dead */
  status: string;
  /** Scheduled attempts made so far (manual redeliveries not counted). */
  attempts: number;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  org_id: string;
  /** 1–6 for scheduled attempts; the scheduled count at the time for a manual one. */
  number: number;
  manual: number;
  started_at: string;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  succeeded: number;
}

export interface Database {
  jobs: JobsTable;
  job_inputs: JobInputsTable;
  idempotency_keys: IdempotencyKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  events: EventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  policies: PoliciesTable;
  reviews: ReviewsTable;
  document_facts: DocumentFactsTable;
  organisations: OrganisationsTable;
  api_keys: ApiKeysTable;
  documents: DocumentsTable;
  document_versions: DocumentVersionsTable;
  readings: ReadingsTable;
  consents: ConsentsTable;
  document_deletions: DocumentDeletionsTable;
  queue_jobs: QueueJobsTable;
  meta: MetaTable;
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  otp_challenges: OtpChallengesTable;
  one_time_tokens: OneTimeTokensTable;
  usage_counters: UsageCountersTable;
}
