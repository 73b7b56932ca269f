import type { EvidenceItem } from './evidence.js';
import type { OutcomeCode } from './outcome-codes.js';
import type { FieldValue, Region } from './result.js';
import type { FieldStatus } from './statuses.js';

/** One reader's value for a field, with where it stood on the page. */
export interface FieldCandidate {
  reader: string;
  value: FieldValue;
  /** The text as read, before normalisation. */
  raw: string;
  region: Region | null;
  confidence: number;
}

/** A field after reconciliation: what the decision step turns into `result.fields[key]`. */
export interface FieldReading {
  key: string;
  label: string;
  /** The value to publish when the field passes; null when nothing was read or readers disagree. */
  value: FieldValue;
  status: FieldStatus;
  evidence: EvidenceItem[];
  candidates: FieldCandidate[];
  region: Region | null;
  /** Why the field needs a person, in words. */
  reason: string | null;
  /** Key fields decide the document: a key field resting on one reading sends it to review. */
  isKey: boolean;
  /** Outcome codes this field raises (e.g. CRITICAL_FIELD_INVALID, DATE_NEEDS_REVIEW). */
  problems: OutcomeCode[];
}
