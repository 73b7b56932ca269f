import { spelledOverSplitUmlaut } from '../../doctypes/finance/split-umlauts.js';
import { eitherWay, nameDisputeStep } from './name-dispute.js';

/** A company's name the two readers read alike but for an ü one of them read as "ii" ("Café
 * Lindenbliite e.K." / "Café Lindenblute e.K.") is published as the reading that spells it as a
 * u, as names are published without their accents: the two engines saw every glyph alike, and
 * "ii" is how Tesseract's English model reads the umlaut it has no letter for
 * (finance/split-umlauts.ts). */
export const nameUmlautsStep = nameDisputeStep(
  'name_umlauts',
  eitherWay(spelledOverSplitUmlaut),
  (good, bad) => `The readers agree on the name but for an ü ${bad.reader} read as "ii" ("${bad.raw}"); ${good.reader} read it as a u ("${good.raw}").`,
);
