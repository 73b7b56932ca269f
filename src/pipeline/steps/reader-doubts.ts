import { canonicalName } from '../../domain/normalise.js';
import type { ExtractedValue } from '../../doctypes/types.js';
import type { FieldCandidate } from '../../domain/field.js';
import type { ReadContext } from '../context.js';

/** A field's values as the readers' own extraction gave them, each with its reader (`reader`:
 * that reader's only): the problems and reasons it found about them travel with them. */
export function readerValues(ctx: Pick<ReadContext, 'extracted'>, key: string, reader?: string): Array<ExtractedValue & { reader: string }> {
  return ctx.extracted
    .filter((r) => reader === undefined || r.reader === reader)
    .flatMap((r) => r.values.filter((v) => v.key === key).map((v) => ({ ...v, reader: r.reader })));
}

/** What a reader's own extraction doubted about its value of a field ("the name line may name an
 * outlet after …"), as reasons. A dispute between two readers keeps only the dispute (reconcile's
 * conflict), so a step that settles it must ask here: a doubt that withholds an agreed name
 * withholds a settled one as well. `reader`: that reader's doubts only. */
export function readerDoubts(ctx: Pick<ReadContext, 'extracted'>, key: string, reader?: string): string[] {
  return readerValues(ctx, key, reader)
    .filter((v) => (v.problems?.length ?? 0) > 0)
    .map((v) => v.reason ?? `${v.reader} doubted it.`);
}

/** The doubts that stand against publishing `chosen` over `other`, two readers' readings of one
 * field: every doubt of the chosen reader, and the other reader's unless it quotes a word only its
 * own misreading holds ("may name an outlet after "3HD"", where the chosen reading has "BHD"). */
export function doubtsAgainst(ctx: Pick<ReadContext, 'extracted'>, key: string, chosen: FieldCandidate, other: FieldCandidate): string[] {
  const words = (c: FieldCandidate) => canonicalName(String(c.value ?? '')).split(' ');
  const chosenWords = new Set(words(chosen));
  // A doubt quoting the whole reading is about the name, not about one misread word of it.
  const misread = words(other).filter((w) => w && !chosenWords.has(w) && w !== canonicalName(String(other.value ?? '')));
  const quotesMisread = (why: string) => misread.some((w) => why.toUpperCase().includes(`"${w}"`));
  return [...readerDoubts(ctx, key, chosen.reader), ...readerDoubts(ctx, key, other.reader).filter((why) => !quotesMisread(why))];
}
