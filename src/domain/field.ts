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

/** The why of a change, after what was already said. */
function because(reason: string | null, why: string): string {
  return reason ? `${reason} ${why}` : why;
}

/** A document's fields by key (keys are unique: one field per spec), for rules that change several
 * in turn, each change a transition that replaces the field in the map. */
export function fieldsByKey(fields: readonly FieldReading[]): Map<string, FieldReading> {
  return new Map(fields.map((f) => [f.key, f]));
}

/** The fields in their order, each as `changed` last holds it. */
export function fieldsInOrder(fields: readonly FieldReading[], changed: ReadonlyMap<string, FieldReading>): FieldReading[] {
  return fields.map((f) => changed.get(f.key) ?? f);
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
    // A doubt any agreeing reader found about its own reading stays: agreement does not answer it.
    reason: lead.reason ?? group.find((c) => c.reason)?.reason ?? null,
    problems: [...new Set(group.flatMap((c) => c.problems))],
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

// ---- changed by rules and the judge ----

/** A rule's evidence for the value as it stands (e.g. arithmetic), put first; nothing changes
 * when the field already has it. */
export function withEvidence(field: FieldReading, item: EvidenceItem): FieldReading {
  return field.evidence.includes(item) ? field : { ...field, evidence: [item, ...field.evidence] };
}

/** A dispute settled by a rule: `value` is the one reading the rule supports, with the rule's
 * evidence alone, and `why` replaces the dispute's reason. */
export function settled(field: FieldReading, value: FieldValue, evidence: EvidenceItem, why: string): FieldReading {
  return { ...field, value, status: 'read', evidence: [evidence], problems: field.problems.filter((p) => p !== 'FIELD_CONFLICT'), reason: why };
}

/** A dispute settled by a check digit that says the field is empty (all fillers under a passing
 * check): nothing is there to publish, and nothing is disputed. */
export function absentByCheck(field: FieldReading, why: string): FieldReading {
  return { ...field, value: null, status: 'not_present', evidence: [], problems: field.problems.filter((p) => p !== 'FIELD_CONFLICT'), reason: why };
}

/** A rule finds fault with the field (a date that cannot be, zones that disagree, an inconsistent
 * number): the code is raised once, the value stays for the person to see. */
export function withProblem(field: FieldReading, code: OutcomeCode, why: string): FieldReading {
  return { ...field, problems: field.problems.includes(code) ? field.problems : [...field.problems, code], reason: because(field.reason, why) };
}

/** A rule withdraws the value it cannot trust: the field becomes unreadable with the code. */
export function withdrawn(field: FieldReading, code: OutcomeCode, why: string): FieldReading {
  return withProblem({ ...field, value: null, status: 'unreadable', evidence: [] }, code, why);
}

/** A further look read the field otherwise than the readers that agreed: the value is withheld for
 * a person, the look's reading joins the candidates, and `why` replaces the reason. */
export function doubted(field: FieldReading, look: FieldCandidate, why: string): FieldReading {
  return {
    ...field,
    value: null,
    status: 'conflict',
    evidence: [],
    candidates: [...field.candidates, look],
    problems: field.problems.includes('FIELD_CONFLICT') ? field.problems : [...field.problems, 'FIELD_CONFLICT'],
    reason: why,
  };
}

/** A rule reads the field itself from the readings (an MRZ line): value, evidence, region and
 * candidates are the rule's, and `why` replaces the reason. */
export function readByRule(field: FieldReading, reading: Pick<FieldReading, 'value' | 'evidence' | 'region' | 'candidates'>, why: string): FieldReading {
  return { ...field, ...reading, status: 'read', reason: why };
}

/** The model judge picked a reading of a disputed field. One model's opinion does not settle it:
 * the field stays disputed and out of `values`, its evidence says `judge`, and the pick is told. */
export function judged(field: FieldReading, why: string): FieldReading {
  return { ...field, evidence: ['judge'], reason: because(field.reason, why) };
}

/** Something worth telling about the field that changes nothing else (a judge that could not be asked). */
export function noted(field: FieldReading, why: string): FieldReading {
  return { ...field, reason: because(field.reason, why) };
}

// ---- changed by a person ----

/** A person approved the document as shown: a value shown gets `operator` evidence, and what the
 * machine doubted (its problems) is settled. */
export function approvedByPerson(field: FieldReading): FieldReading {
  return { ...field, problems: [], evidence: field.value === null ? [] : [...new Set([...field.evidence, 'operator' as const])] };
}

/** A person set the value (null clears it). `before` is the machine's field, when it had one;
 * the reason keeps what the machine read. */
export function correctedByPerson(key: string, before: FieldReading | undefined, value: FieldValue, actor: string): FieldReading {
  const machine = before?.value ?? null;
  return {
    key,
    label: before?.label ?? key,
    value,
    status: value === null ? 'not_present' : 'read',
    evidence: value === null ? [] : ['operator'],
    candidates: before?.candidates ?? [],
    region: before?.region ?? null,
    reason: `Set by ${actor}; the machine read ${machine === null ? 'nothing' : JSON.stringify(machine)}.`,
    isKey: before?.isKey ?? false,
    problems: [],
  };
}

// ---- regions ----

const clamp01 = (v: number): number => Math.min(1, Math.max(0, v));
/** Five decimals keep sub-pixel precision on a 10,000 px page while keeping JSON short. */
const round5 = (v: number): number => Math.round(v * 1e5) / 1e5;

/** A pixel rectangle of a page (corners in any order) as the `box` of a Region: fractions 0..1
 * of the page's width and height, origin top-left, clamped to the page. The one conversion every
 * reader and locator uses, so a region means the same wherever it was made. */
export function pixelsToBox(x0: number, y0: number, x1: number, y1: number, width: number, height: number): Region['box'] {
  return [
    round5(clamp01(Math.min(x0, x1) / width)),
    round5(clamp01(Math.min(y0, y1) / height)),
    round5(clamp01(Math.max(x0, x1) / width)),
    round5(clamp01(Math.max(y0, y1) / height)),
  ];
}
