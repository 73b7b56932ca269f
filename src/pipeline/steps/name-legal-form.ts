import { spelledLegalForm } from '../../doctypes/finance/legal-form-dispute.js';
import { settled, type FieldCandidate } from '../../domain/field.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { doubtsAgainst } from './reader-doubts.js';

const COMPANY_NAMES = new Set(['merchant_name', 'vendor_name']);

/** A company's name the two readers read alike but for a digit in its legal form ("SUPER SEVEN
 * SDN 3HD" / "SUPER SEVEN SDN BHD") is published as the reading that spells the form: the two
 * engines agree on every other glyph, and the closed list of legal forms settles the one they
 * dispute (finance/legal-form-dispute.ts). A reader's own doubt about the name line withholds it
 * still, unless the misread glyph raised it. The dissenting reading stays among the candidates. */
export const nameLegalFormStep: Step<ReadContext> = {
  name: 'name_legal_form',
  async run(ctx) {
    ctx.fields = ctx.fields.map((field) => {
      if (!COMPANY_NAMES.has(field.key) || field.status !== 'conflict' || field.candidates.length !== 2) return field;
      const [a, b] = field.candidates as [FieldCandidate, FieldCandidate];
      if (a.reader === b.reader || typeof a.value !== 'string' || typeof b.value !== 'string') return field;
      const which = spelledLegalForm(a.value, b.value);
      if (!which) return field;
      const [good, bad] = which === 'a' ? [a, b] : [b, a];
      // The misread glyph may raise a doubt of its own ("may name an outlet after "3HD""): it goes
      // with the misreading. Any other doubt, of either reader, withholds the name.
      if (doubtsAgainst(ctx, field.key, good, bad).length) return field;
      const why = `The readers agree on the name but for its legal form: ${bad.reader} read "${bad.raw}", ${good.reader} "${good.raw}"; a legal form holds no digit, and only "${good.value}" spells one.`;
      return { ...settled(field, good.value, 'reader_agree', why), region: good.region ?? field.region };
    });
    return undefined;
  },
};
