import { settled, type FieldCandidate } from '../../domain/field.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { doubtsAgainst } from './reader-doubts.js';

/** The fields that hold a company's name. */
export const COMPANY_NAMES = new Set(['merchant_name', 'vendor_name']);

/** A step that settles a company's name two readers dispute by a rule of spelling: `spelledBy`
 * says which of the two readings the rule stands behind ('a' or 'b'), or none. That reading is
 * published with both engines as evidence and `why` as its reason; the dissenting reading stays
 * among the candidates. A reader's own doubt about the name line withholds it still, unless only
 * the dissenting reading's misread word raised it (reader-doubts.ts). */
export function nameDisputeStep(
  name: string,
  spelledBy: (a: string, b: string) => 'a' | 'b' | null,
  why: (good: FieldCandidate, bad: FieldCandidate) => string,
): Step<ReadContext> {
  return {
    name,
    async run(ctx) {
      ctx.fields = ctx.fields.map((field) => {
        if (!COMPANY_NAMES.has(field.key) || field.status !== 'conflict' || field.candidates.length !== 2) return field;
        const [a, b] = field.candidates as [FieldCandidate, FieldCandidate];
        if (a.reader === b.reader || typeof a.value !== 'string' || typeof b.value !== 'string') return field;
        const which = spelledBy(a.value, b.value);
        if (!which) return field;
        const [good, bad] = which === 'a' ? [a, b] : [b, a];
        if (doubtsAgainst(ctx, field.key, good, bad).length) return field;
        return { ...settled(field, good.value, 'reader_agree', why(good, bad)), region: good.region ?? field.region };
      });
      return undefined;
    },
  };
}

/** A rule that says whether `slipped` is the name `spelled` holds with a reader's slip in it, asked
 * of the two readings both ways: the one it stands behind, for `nameDisputeStep`. */
export const eitherWay =
  (holds: (slipped: string, spelled: string) => boolean) =>
  (a: string, b: string): 'a' | 'b' | null =>
    holds(a, b) ? 'b' : holds(b, a) ? 'a' : null;
