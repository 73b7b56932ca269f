import { spelledTradeWord } from '../../doctypes/finance/trade-words.js';
import { nameDisputeStep } from './name-dispute.js';

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
