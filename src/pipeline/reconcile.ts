import type { ExtractedValue, FieldSpec } from '../doctypes/types.js';
import type { EvidenceItem } from '../domain/evidence.js';
import type { OutcomeCode } from '../domain/outcome-codes.js';
import { agreed, disputed, notRead, type FieldCandidate, type FieldIdentity, type FieldReading, type WeighedCandidate } from '../domain/field.js';
import { distinctEngines } from '../readers/types.js';
import { canonical, parseDate } from '../domain/normalise.js';

export interface ReaderValues {
  reader: string;
  values: ExtractedValue[];
}

const OCR_READERS_AGREE: EvidenceItem = 'reader_agree';

/** Decides, per field, what the readers together support:
 * - a value whose own check digit passed (mrz_checksum) stands, whatever a weaker reading says,
 *   unless two checked readings differ;
 * - the file's own text layer stands on its own (text_layer);
 * - two or more independent readers (different engines) with the same canonical value corroborate
 *   it (reader_agree);
 * - one reader alone is single_reader;
 * - readers that disagree make a conflict: no value is published and a person decides. */
export function reconcile(specs: FieldSpec[], readers: ReaderValues[]): FieldReading[] {
  return specs.map((spec) => reconcileField(spec, readers));
}

interface Unreadable {
  problems: OutcomeCode[];
  reasons: string[];
}

function bestPerReader(spec: FieldSpec, readers: ReaderValues[]): { present: WeighedCandidate[]; unreadable: Unreadable | null } {
  const present: WeighedCandidate[] = [];
  let unreadable: Unreadable | null = null;
  for (const r of readers) {
    const mine = r.values.filter((v) => v.key === spec.key);
    if (mine.length === 0) continue;
    const readable = mine.filter((v) => canonical(spec.kind, v.value) !== null);
    if (readable.length === 0) {
      // Read but not publishable (e.g. a failed check digit): why must reach the person.
      unreadable ??= { problems: [], reasons: [] };
      for (const v of mine) {
        unreadable.problems.push(...(v.problems ?? []));
        if (v.reason) unreadable.reasons.push(v.reason);
      }
      continue;
    }
    // A reader that checked its value outranks its own unchecked guesses; then confidence.
    readable.sort(
      (a, b) => Number((b.evidence ?? []).includes('mrz_checksum')) - Number((a.evidence ?? []).includes('mrz_checksum')) || b.confidence - a.confidence,
    );
    const v = readable[0]!;
    present.push({
      reader: r.reader,
      value: v.value,
      raw: v.raw,
      region: v.region,
      confidence: v.confidence,
      canonical: canonical(spec.kind, v.value)!,
      evidence: v.evidence ?? [],
      problems: v.problems ?? [],
      reason: v.reason,
    });
  }
  return { present, unreadable };
}

function reconcileField(spec: FieldSpec, readers: ReaderValues[]): FieldReading {
  const { present, unreadable } = bestPerReader(spec, readers);
  const base: FieldIdentity = { key: spec.key, label: spec.label, isKey: spec.isKey ?? false, candidates: present.map(toPublicCandidate) };
  if (present.length === 0) {
    const problems = new Set<OutcomeCode>(unreadable?.problems ?? []);
    if (spec.required && problems.size === 0) problems.add('REQUIRED_FIELD_MISSING');
    const reason = unreadable ? (unreadable.reasons[0] ?? `${spec.label} could not be read.`) : spec.required ? `${spec.label} was not found.` : null;
    return notRead(base, unreadable ? 'unreadable' : 'not_present', [...problems], reason);
  }

  const groups = new Map<string, WeighedCandidate[]>();
  for (const c of present) groups.set(c.canonical, [...(groups.get(c.canonical) ?? []), c]);

  const checked = present.filter((c) => c.evidence.includes('mrz_checksum'));
  const checkedValues = new Set(checked.map((c) => c.canonical));
  if (checkedValues.size === 1) {
    const group = groups.get(checked[0]!.canonical)!;
    return agreed(base, group, ['mrz_checksum', ...(distinctReaders(group) >= 2 ? [OCR_READERS_AGREE] : [])]);
  }
  if (checkedValues.size > 1) return disputed(base, present, 'Readings that each passed their check digit differ.');

  if (groups.size > 1) return disputed(base, present, null);
  const group = [...groups.values()][0]!;
  // Readings that agree on a text that is no date or amount (".05.2025" and "05.2025", the
  // date's day lost by both crops, compared by their characters) agree on nothing publishable.
  if (!wellFormed(spec.kind, group[0]!.value)) {
    const problems = new Set<OutcomeCode>(group.flatMap((c) => c.problems));
    if (spec.required && problems.size === 0) problems.add('REQUIRED_FIELD_MISSING');
    const reason = group.find((c) => c.reason)?.reason ?? `The readers read "${group[0]!.raw}" for ${spec.label}, which is no whole ${spec.kind}.`;
    return notRead(base, 'unreadable', [...problems], reason);
  }
  const evidence = new Set<EvidenceItem>(group.flatMap((c) => c.evidence));
  if (group.some((c) => c.reader === 'text_layer')) evidence.add('text_layer');
  if (distinctReaders(group.filter((c) => c.reader !== 'text_layer')) >= 2) evidence.add(OCR_READERS_AGREE);
  if (evidence.size === 0 || (evidence.size === 1 && evidence.has('judge'))) evidence.add('single_reader');
  return agreed(base, group, [...evidence]);
}

/** A date is a calendar date in a form the date parser reads, an amount a number: what the
 * extractors give when they parsed one. */
function wellFormed(kind: FieldSpec['kind'], value: FieldCandidate['value']): boolean {
  if (kind === 'date') return typeof value === 'string' && parseDate(value) !== null;
  if (kind === 'amount') return typeof value === 'number' && Number.isFinite(value);
  return true;
}

function distinctReaders(group: WeighedCandidate[]): number {
  return distinctEngines(group.map((c) => c.reader));
}

function toPublicCandidate(c: WeighedCandidate): FieldCandidate {
  return { reader: c.reader, value: c.value, raw: c.raw, region: c.region, confidence: c.confidence };
}
