import type { OutcomeCode } from '../domain/outcome-codes.js';
import type { Problem } from '../domain/problem.js';

/** Quality-gate findings the reading may overrule (the gate marks which: text that is only small),
 * each with the shortfalls of the reading that keep it standing. Small text may still read, and
 * when the reading proves every field the policy needs, a new photo adds nothing; any field not
 * found, not proven or not agreed on may be the small print's doing, so any such shortfall keeps
 * the photo sent back. Glare, blur, darkness, emptiness and cuts are never overruled: they can
 * hide, change or cut a value while the rest still reads. */
export const CAPTURE_DOUBTS: Readonly<Partial<Record<OutcomeCode, ReadonlySet<OutcomeCode>>>> = {
  QUALITY_GATE_LOW_RESOLUTION: new Set<OutcomeCode>([
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
  ]),
};

/** The doubts that still stand once the reading's own problems are known, most actionable first
 * (the gate's order is kept). */
export function standingDoubts(doubts: readonly Problem[], problems: readonly Problem[], readable: boolean): Problem[] {
  return doubts.filter((d) => !readable || problems.some((p) => CAPTURE_DOUBTS[d.code]?.has(p.code)));
}
