import { reconcile } from '../reconcile.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { applyEmbeddedInvoice } from './embedded-invoice.js';

/** The chosen type's extractor maps each reader's words to fields, independently per reader. A
 * type without an MRZ is read from the pages as the readers read them: where the MRZ pass took a
 * receipt's or an invoice's lines of capitals for a band, its MRZ-alphabet lines ("LIMSENGTHO…",
 * no spaces, no small letters) would have replaced the page's own there, or stood as a reader's
 * whole page. */
export const extractStep: Step<ReadContext> = {
  name: 'extract',
  async run(ctx) {
    const doctype = ctx.doctype!;
    const readsMrz = doctype.fields.some((f) => f.key.startsWith('mrz_'));
    if (!readsMrz && ctx.pageReadings) {
      ctx.readings = ctx.pageReadings;
      ctx.raw.mrz_bands_set_aside = true;
    }
    delete ctx.pageReadings;
    for (const reading of ctx.readings) {
      // Where the slip was printed, as the other readers saw it, tells this reader's dates' order too
      // ("SINGAPORE 238839" read by one, "SINGAP0RE238839" by the other).
      const otherLines = ctx.readings.filter((r) => r !== reading).flatMap((r) => r.pages.flatMap((p) => p.lines.map((l) => l.text)));
      const values = doctype.extract(reading, { now: ctx.input.now, pages: reading.pages, otherLines });
      ctx.extracted.push({ reader: reading.reader, values });
    }
    applyEmbeddedInvoice(ctx);
    return undefined;
  },
};

/** Decides per field what the readers together support (see reconcile.ts). */
export const reconcileStep: Step<ReadContext> = {
  name: 'reconcile',
  async run(ctx) {
    ctx.fields = reconcile(ctx.doctype!.fields, ctx.extracted);
    return undefined;
  },
};

/** Consistency checks of the chosen type over the reconciled fields. */
export const rulesStep: Step<ReadContext> = {
  name: 'rules',
  async run(ctx) {
    const outcome = await ctx.doctype!.rules({
      now: ctx.input.now,
      fields: ctx.fields,
      readings: ctx.readings,
      lookups: ctx.input.lookups,
      ...(ctx.printLooks ? { printLooks: ctx.printLooks } : {}),
      ...(ctx.mrzConsensus?.length ? { mrzConsensus: ctx.mrzConsensus } : {}),
      ...(ctx.fileData ? { fileData: ctx.fileData } : {}),
    });
    ctx.problems.push(...outcome.problems);
    ctx.fields = outcome.fields;
    if (outcome.issuingCountry !== undefined) ctx.issuingCountry = outcome.issuingCountry;
    return undefined;
  },
};
