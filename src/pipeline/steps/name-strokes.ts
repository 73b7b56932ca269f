import { spelledOverStroke } from '../../doctypes/finance/stroke-marks.js';
import { settled, type FieldCandidate } from '../../domain/field.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { doubtsAgainst } from './reader-doubts.js';

const COMPANY_NAMES = new Set(['merchant_name', 'vendor_name']);

/** A company's name the two readers read alike but for a letter one of them gave as a stroke mark
 * ("BHPetro} Subang Airport" / "BHPetrol Subang Airport", "RESTAURANT JIAWE |" / "RESTAURANT
 * JIAWEI") is published as the reading that spells it: the two engines saw every glyph alike, and
 * the mark is no glyph a name is printed with (finance/stroke-marks.ts). A reader's own doubt
 * about the name line withholds it still, unless the mark raised it. The dissenting reading stays
 * among the candidates. */
export const nameStrokesStep: Step<ReadContext> = {
  name: 'name_strokes',
  async run(ctx) {
    ctx.fields = ctx.fields.map((field) => {
      if (!COMPANY_NAMES.has(field.key) || field.status !== 'conflict' || field.candidates.length !== 2) return field;
      const [a, b] = field.candidates as [FieldCandidate, FieldCandidate];
      if (a.reader === b.reader || typeof a.value !== 'string' || typeof b.value !== 'string') return field;
      const [good, bad] = spelledOverStroke(a.value, b.value) ? [b, a] : spelledOverStroke(b.value, a.value) ? [a, b] : [null, null];
      if (!good || !bad) return field;

      if (doubtsAgainst(ctx, field.key, good, bad).length) return field;
      const why = `The readers agree on the name but for a stroke ${bad.reader} read as a mark ("${bad.raw}"); ${good.reader} read it as a letter ("${good.raw}").`;
      return { ...settled(field, good.value, 'reader_agree', why), region: good.region ?? field.region };
    });
    return undefined;
  },
};
