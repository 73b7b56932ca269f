/** The API's shapes the dashboard reads (see /openapi.json). */
export type DocStatus = 'processing' | 'verified' | 'review' | 'failed' | 'flagged' | 'rejected';
export type FieldValue = string | number | boolean | null | Record<string, unknown>[];

export interface Region {
  page: number;
  box: [number, number, number, number];
}
export interface ResultField {
  value: FieldValue;
  status: string;
  evidence: string[];
  reason: string | null;
  region: Region | null;
}
export interface FieldReviewItem {
  key: string;
  label: string;
  value: FieldValue;
  state: 'ok' | 'check' | 'missing';
  reason: string | null;
  evidence: string[];
}
export interface Outcome {
  status: string;
  code: string | null;
  message: string;
  next_action: { type: string; message: string };
}
export interface DocumentView {
  id: string;
  name: string;
  type: string;
  status: DocStatus;
  uploaded_at: string;
  outcome: Outcome;
  confidence: number | null;
  result: {
    status: DocStatus;
    decision: string;
    document_type: string;
    values: Record<string, FieldValue>;
    fields: Record<string, ResultField>;
    review_reasons: string[];
    field_review: { fields: FieldReviewItem[]; summary: { ok: number; check: number; missing: number } };
    verification: { level: string | null; evidence: { level: string; rule: string; result: string; fields: string[]; detail: string | null }[] };
  };
}
export interface DocumentList {
  items: DocumentView[];
  page: number;
  page_size: number;
  total: number;
}
export interface HistoryEvent {
  at: string;
  type: 'uploaded' | 'reading' | 'reviewed';
  actor: string | null;
  detail: Record<string, unknown>;
}
export interface Me {
  id: string;
  email: string;
  name: string | null;
  role: string;
  phone: string | null;
  email_verified: boolean;
  phone_verified: boolean;
  organisation: { id: string; name: string; plan: string };
  missing: ('email' | 'phone')[];
}
export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  last4: string;
  scopes: string[];
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  disabled_reason: string | null;
}
export interface Usage {
  plan: string;
  period: string;
  used: number;
  quota: number | null;
  remaining: number | null;
  resets_at: string;
  uploads_per_hour: number | null;
  uploads_this_hour_remaining: number | null;
}
export interface Policy {
  name: string;
  single_reader_enough: boolean;
  expired_documents: 'review' | 'accept';
  duplicates: 'review' | 'accept';
  min_reader_confidence: number;
  version: number;
  document_types: Record<string, { required_fields: string[]; key_fields: Record<string, string[]> }>;
  updated_at: string | null;
  updated_by: string | null;
}

/** Webhooks (/v2/webhooks and /v2/webhooks/dashboard). */
export interface Webhook {
  id: string;
  url: string;
  events: string[];
  created_at: string;
  updated_at: string;
  previous_secret_expires_at: string | null;
}
export interface WebhookAttempt {
  number: number;
  manual: boolean;
  at: string;
  duration_ms: number;
  status_code: number | null;
  succeeded: boolean;
  error: string | null;
}
export interface WebhookDelivery {
  id: string;
  event_id: string;
  event: string;
  status: 'pending' | 'delivered' | 'dead';
  scheduled_attempts: number;
  next_attempt_at: string | null;
  created_at: string;
  attempts: WebhookAttempt[];
}
export interface DashboardWebhook {
  url: string | null;
  event: 'document.processed';
  updated_at: string;
  deliveries: WebhookDelivery[];
}
