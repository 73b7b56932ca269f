import type { FieldCandidate, FieldReading } from '../../domain/field.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { COMPANY_NAMES } from './name-dispute.js';
import { doubtsAgainst, readerValues } from './reader-doubts.js';

/** A company's name two engines read letter for letter alike, doubted only by one of them about
 * words its own spaces made ("B RIGHT STAR STATIONERYLTD": a lone "B" that may be a logo's mark,
 * where Tesseract read "BRIGHT STAR STATIONERY LTD" from a monospaced line), loses that doubt:
 * where a reader set its spaces is no glyph, and the words the doubt quotes are only its reading's,
 * as a misread word's are (reader-doubts.ts). The published reading's own doubts, and what its
 * words alone raise, stay. */
export const nameSpacingStep: Step<ReadContext> = {
  name: 'name_spacing',
  async run(ctx) {
    ctx.fields = ctx.fields.map((field) => (COMPANY_NAMES.has(field.key) ? withoutSpacingDoubt(ctx, field) : field));
    return undefined;
  },
};

function withoutSpacingDoubt(ctx: ReadContext, field: FieldReading): FieldReading {
  if (field.status !== 'read' || !field.reason || !field.evidence.includes('reader_agree') || field.candidates.length !== 2) return field;
  const published = field.candidates.find((c) => c.value === field.value);
  const other = field.candidates.find((c) => c !== published);
  if (!published || !other || published.reader === other.reader || !spacedApart(published, other)) return field;
  if (doubtsAgainst(ctx, field.key, published, other).length) return field;
  const own = readerValues(ctx, field.key, published.reader).flatMap((v) => v.problems ?? []);
  return { ...field, reason: null, problems: [...new Set(own)] };
}

/** Two readings of one name whose letters agree and whose spaces do not. */
function spacedApart(a: FieldCandidate, b: FieldCandidate): boolean {
  const [x, y] = [String(a.value), String(b.value)];
  return x !== y && x.replace(/\s+/g, '') === y.replace(/\s+/g, '');
}
