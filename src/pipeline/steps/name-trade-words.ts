import { spelledTradeWord } from '../../doctypes/finance/trade-words.js';
import { settled, type FieldCandidate } from '../../domain/field.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { doubtsAgainst } from './reader-doubts.js';

const COMPANY_NAMES = new Set(['merchant_name', 'vendor_name']);

/** A company's name the two readers read alike but for one letter of a trade word ("… HARDWARE
 * ENTERPRISF" / "… HARDWARE ENTERPRISE"), a glyph they confuse, is published as the reading that
 * spells the word: the two engines agree on every other glyph, and the closed list of trade words
 * settles the one they dispute (finance/trade-words.ts). A reader's own doubt about the name line
 * withholds it still, unless the misread word raised it. The dissenting reading stays among the
 * candidates. */
export const nameTradeWordsStep: Step<ReadContext> = {
  name: 'name_trade_words',
  async run(ctx) {
    ctx.fields = ctx.fields.map((field) => {
      if (!COMPANY_NAMES.has(field.key) || field.status !== 'conflict' || field.candidates.length !== 2) return field;
      const [a, b] = field.candidates as [FieldCandidate, FieldCandidate];
      if (a.reader === b.reader || typeof a.value !== 'string' || typeof b.value !== 'string') return field;
      const which = spelledTradeWord(a.value, b.value);
      if (!which) return field;
      const [good, bad] = which === 'a' ? [a, b] : [b, a];
      if (doubtsAgainst(ctx, field.key, good, bad).length) return field;
      const why = `The readers agree on the name but for one letter: ${bad.reader} read "${bad.raw}", ${good.reader} "${good.raw}"; only "${good.value}" spells the trade's word.`;
      return { ...settled(field, good.value, 'reader_agree', why), region: good.region ?? field.region };
    });
    return undefined;
  },
};
