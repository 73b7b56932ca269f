import { nameWordsHeldMore } from '../../doctypes/finance/merchant.js';
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
 * field: every doubt of the chosen reader, and the other reader's unless it quotes words only its
 * own misreading holds ("may name an outlet after "3HD"", where the chosen reading has "BHD";
 * "after "5.1."", where it has "S.L."). */
export function doubtsAgainst(ctx: Pick<ReadContext, 'extracted'>, key: string, chosen: FieldCandidate, other: FieldCandidate): string[] {
  const words = (c: FieldCandidate) => canonicalName(String(c.value ?? '')).split(' ');
  const chosenWords = new Set(words(chosen));
  const misread = new Set(words(other).filter((w) => w && !chosenWords.has(w)));
  // A doubt quoting the whole reading is about the name, not about misread words of it.
  const whole = canonicalName(String(other.value ?? ''));
  const quotesMisread = (why: string) =>
    [...why.matchAll(/"([^"]+)"/g)].some(([, quote]) => {
      const quoted = canonicalName(quote!);
      return quoted !== whole && quoted.split(' ').every((w) => misread.has(w));
    });
  // A shop's name read by a line reader from its crop comes with no doubts of its own: its words
  // are asked what the extractor asks of a name line's ("… OUTLET:SEKSYEN7").
  const ownWords = key === 'merchant_name' && typeof chosen.value === 'string' ? nameWordsHeldMore(chosen.value) : null;
  return [
    ...readerDoubts(ctx, key, chosen.reader),
    ...(ownWords ? [ownWords] : []),
    ...readerDoubts(ctx, key, other.reader).filter((why) => !quotesMisread(why)),
  ];
}
