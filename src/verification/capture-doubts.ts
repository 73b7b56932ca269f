import type { OutcomeCode } from '../domain/outcome-codes.js';
import type { Problem } from '../domain/problem.js';

/** A shortfall of the reading itself: something not found, not proven, or not agreed on. */
const READING_SHORTFALLS: readonly OutcomeCode[] = [
  'REQUIRED_FIELD_MISSING',
  'NO_FIELDS_EXTRACTED',
  'DOCUMENT_TYPE_UNKNOWN',
  'CRITICAL_FIELD_INVALID',
  'MISSING_PAGE',
  'FIELD_CONFLICT',
  'FIELD_UNCONFIRMED',
  'LOW_CONFIDENCE',
  'DATE_NEEDS_REVIEW',
  'ARITHMETIC_MISMATCH',
  'UNSUPPORTED_LANGUAGE_SCRIPT',
];

/** Quality-gate findings the reading may overrule (the gate marks which: small text, a line sliced
 * at the top or bottom edge), each with the shortfalls that keep it standing. When the reading
 * proves what it needs, a new photo adds nothing. Text that is too small explains any shortfall; a
 * slice explains only what is absent or broken (a field, the type, a sliced check digit), not two
 * readers disagreeing on a value that is in the frame. Glare, blur, darkness, emptiness and lines
 * running off a side are never overruled: they can hide, change or shorten a value while the rest
 * still reads. */
export const CAPTURE_DOUBTS: Readonly<Partial<Record<OutcomeCode, ReadonlySet<OutcomeCode>>>> = {
  QUALITY_GATE_LOW_RESOLUTION: new Set(READING_SHORTFALLS),
  QUALITY_GATE_CUTOFF: new Set<OutcomeCode>([
    'REQUIRED_FIELD_MISSING',
    'NO_FIELDS_EXTRACTED',
    'DOCUMENT_TYPE_UNKNOWN',
    'CRITICAL_FIELD_INVALID',
    'MISSING_PAGE',
  ]),
};

/** The doubts that still stand once the reading's own problems are known, most actionable first
 * (the gate's order is kept). */
export function standingDoubts(doubts: readonly Problem[], problems: readonly Problem[], readable: boolean): Problem[] {
  return doubts.filter((d) => !readable || problems.some((p) => CAPTURE_DOUBTS[d.code]?.has(p.code)));
}
