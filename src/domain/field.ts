import type { EvidenceItem } from './evidence.js';
import type { OutcomeCode } from './outcome-codes.js';
import type { FieldValue, Region } from './result.js';
import type { FieldStatus } from './statuses.js';

/** A field's life, in one place. Reconcile makes a field from the readers' candidates; rules, the
 * model judge and a person then change it only through the transitions below. Each transition
 * returns a new field and takes the why of the change, which it writes into `reason` (the words a
 * person reads beside the field), so "why is this field not in `values`?" starts here. */

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

/** A candidate as reconcile weighs it: its value in canonical form (equal canonical forms are the
 * same reading) and what its reader established about it. */
export interface WeighedCandidate extends FieldCandidate {
  canonical: string;
  evidence: EvidenceItem[];
  problems: OutcomeCode[];
  reason: string | undefined;
}

/** What a field is before anything was decided about its value. */
export type FieldIdentity = Pick<FieldReading, 'key' | 'label' | 'isKey' | 'candidates'>;

/** The readings of a field in words, as a person is shown them: `tesseract: "12.50", paddle: "12.60"`. */
export function readingsOf(candidates: ReadonlyArray<Pick<FieldCandidate, 'reader' | 'raw'>>): string {
  return candidates.map((c) => `${c.reader}: "${c.raw}"`).join(', ');
}

// ---- made by reconcile ----

/** No reader gave a publishable value: `unreadable` when one read something it could not stand
 * behind (with its problems and why), `not_present` when none found the field. */
export function notRead(base: FieldIdentity, status: 'unreadable' | 'not_present', problems: OutcomeCode[], reason: string | null): FieldReading {
  return { ...base, value: null, status, evidence: [], region: null, reason, problems };
}

/** Readers that agree: the lead reading (a checked one, else the file's text, else the first)
 * gives the value, its problems and its reason; the region is the lead's, else any reading's. */
export function agreed(base: FieldIdentity, group: WeighedCandidate[], evidence: EvidenceItem[]): FieldReading {
  const lead = group.find((c) => c.evidence.includes('mrz_checksum')) ?? group.find((c) => c.reader === 'text_layer') ?? group[0]!;
  return {
    ...base,
    value: lead.value,
    status: 'read',
    evidence: [...new Set(evidence)],
    region: lead.region ?? group.find((c) => c.region)?.region ?? null,
    reason: lead.reason ?? null,
    problems: [...new Set(lead.problems)],
  };
}

/** Readers that disagree: no value is published and a person decides. `why` is said before the
 * readings; without it the field says the readers disagree. */
export function disputed(base: FieldIdentity, present: WeighedCandidate[], why: string | null): FieldReading {
  const readings = readingsOf(present);
  return {
    ...base,
    value: null,
    status: 'conflict',
    evidence: [],
    region: present.find((c) => c.region)?.region ?? null,
    reason: why ? `${why} (${readings})` : `The readers disagree on ${base.label} (${readings}).`,
    problems: ['FIELD_CONFLICT'],
  };
}
