import { spelledLegalForm } from '../../doctypes/finance/legal-form-dispute.js';
import { nameDisputeStep } from './name-dispute.js';

/** A company's name the two readers read alike but for a digit in its legal form ("SUPER SEVEN
 * SDN 3HD" / "SUPER SEVEN SDN BHD"), or a letter they confuse in a compound form's second word
 * ("PTE ITD" / "PTE LTD"), is published as the reading that spells the form: the two
 * engines agree on every other glyph, and the closed list of legal forms settles the one they
 * dispute (finance/legal-form-dispute.ts). The misread glyph may raise a doubt of its own ("may
 * name an outlet after "3HD""): it goes with the misreading. */
export const nameLegalFormStep = nameDisputeStep(
  'name_legal_form',
  spelledLegalForm,
  (good, bad) =>
    `The readers agree on the name but for its legal form: ${bad.reader} read "${bad.raw}", ${good.reader} "${good.raw}"; legal forms are a closed list, and only "${good.value}" spells one.`,
);
