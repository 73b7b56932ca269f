import { misreadLegalForm } from '../../doctypes/finance/legal-form-dispute.js';
import { misreadTradeWord, spelledTradeWord } from '../../doctypes/finance/trade-words.js';
import { withdrawn } from '../../domain/field.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { COMPANY_NAMES, nameDisputeStep } from './name-dispute.js';

/** A company's name the two readers read alike but for one letter of a trade word ("… HARDWARE
 * ENTERPRISF" / "… HARDWARE ENTERPRISE"), a glyph they confuse, is published as the reading that
 * spells the word: the two engines agree on every other glyph, and the closed list of trade words
 * settles the one they dispute (finance/trade-words.ts). */
export const nameTradeWordsStep = nameDisputeStep(
  'name_trade_words',
  spelledTradeWord,
  (good, bad) =>
    `The readers agree on the name but for one letter: ${bad.reader} read "${bad.raw}", ${good.reader} "${good.raw}"; only "${good.value}" spells the trade's word.`,
);

/** A company's name the two readers read alike, read from pixels, one of whose words is a trade
 * word but for one glyph they confuse ("FARMACTA SAN MIGUEL S.L.U." for FARMACIA), or whose last
 * word is so a legal form ("… DUBOIS EURI" for EURL): both engines
 * misread the glyph alike, and their agreement proves no letter of it. The name is withheld for a
 * person; the list names the word it may be, not what was printed, so nothing is published from it. */
export const nameTradeMisreadStep: Step<ReadContext> = {
  name: 'name_trade_misread',
  async run(ctx) {
    ctx.fields = ctx.fields.map((field) => {
      if (!COMPANY_NAMES.has(field.key) || field.status !== 'read' || typeof field.value !== 'string') return field;
      if (!field.evidence.includes('reader_agree') || field.evidence.some((e) => e === 'text_layer' || e === 'decoder')) return field;
      const trade = misreadTradeWord(field.value);
      const misread = trade ?? misreadLegalForm(field.value);
      if (!misread) return field;
      return withdrawn(
        field,
        'LOW_CONFIDENCE',
        `The readers agreed on "${field.value}", but "${misread.read}" is ${trade ? "the trade's word" : 'the legal form'} "${misread.spelt}" with one glyph the engines confuse: both may have misread it alike. A person decides which is printed.`,
      );
    });
    return undefined;
  },
};
