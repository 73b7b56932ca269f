import { spelledOverStroke } from '../../doctypes/finance/stroke-marks.js';
import { eitherWay, nameDisputeStep } from './name-dispute.js';

/** A company's name the two readers read alike but for a letter one of them gave as a stroke mark
 * ("BHPetro} Subang Airport" / "BHPetrol Subang Airport", "RESTAURANT JIAWE |" / "RESTAURANT
 * JIAWEI") is published as the reading that spells it: the two engines saw every glyph alike, and
 * the mark is no glyph a name is printed with (finance/stroke-marks.ts). */
export const nameStrokesStep = nameDisputeStep(
  'name_strokes',
  eitherWay(spelledOverStroke),
  (good, bad) =>
    `The readers agree on the name but for a stroke ${bad.reader} read as a mark ("${bad.raw}"); ${good.reader} read it as a letter ("${good.raw}").`,
);
