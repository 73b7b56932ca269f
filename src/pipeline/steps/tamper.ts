import { assessTamper } from '../../verification/tamper/index.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';

/** Looks for signs of editing once the fields and their regions are known. The signs are
 * evidence for a person, never a finding; the decision turns a strong one into TAMPER_SUSPECTED. */
export const tamperStep: Step<ReadContext> = {
  name: 'tamper',
  async run(ctx) {
    if (!ctx.intake) return undefined;
    ctx.tamper = await assessTamper({
      kind: ctx.input.kind,
      images: ctx.intake.images,
      elaMap: ctx.intake.elaMap,
      metadata: ctx.intake.metadata,
      doctype: ctx.doctype,
      fields: ctx.fields,
      readings: ctx.readings,
      ...(ctx.embeddedInvoice ? { embedded: ctx.embeddedInvoice } : {}),
      ...(ctx.evenPages?.some((p) => p.page === 1) ? { unevenLight: true } : {}),
    });
    ctx.raw.tamper = ctx.tamper;
    return undefined;
  },
};
