import { reconcile } from '../reconcile.js';
import type { ReadContext } from '../context.js';
import type { Box, ReaderOutput } from '../../readers/types.js';
import type { Step } from '../run.js';
import { applyEmbeddedInvoice } from './embedded-invoice.js';

/** The chosen type's extractor maps each reader's words to fields, independently per reader. */
export const extractStep: Step<ReadContext> = {
  name: 'extract',
  async run(ctx) {
    const doctype = ctx.doctype!;
    const readsMrz = doctype.fields.some((f) => f.key.startsWith('mrz_'));
    for (const reading of ctx.readings) {
      if (!readsMrz && onlyMrzBands(reading, ctx.raw.mrz_bands as MrzBandNote[] | undefined)) continue;
      const values = doctype.extract(reading, { now: ctx.input.now, pages: reading.pages });
      ctx.extracted.push({ reader: reading.reader, values });
    }
    applyEmbeddedInvoice(ctx);
    return undefined;
  },
};

interface MrzBandNote {
  page: number;
  box: Box;
}

/** A reading of nothing but MRZ bands (the MRZ pass's own, from an engine that read no page) says
 * nothing of a type without an MRZ: a receipt's closing lines of capitals can pass for one, and its
 * "merchant" would be a line of that small print. */
export function onlyMrzBands(reading: ReaderOutput, bands: MrzBandNote[] | undefined): boolean {
  if (!bands?.length) return false;
  const lines = reading.pages.flatMap((p) => p.lines.map((l) => ({ page: p.page, box: l.box })));
  return (
    lines.length > 0 &&
    lines.every((l) => {
      const mid = (l.box[1] + l.box[3]) / 2;
      // The band's rows are read from a straightened cut of it: their boxes land near the band, not within it.
      return bands.some((b) => b.page === l.page && Math.abs(mid - (b.box[1] + b.box[3]) / 2) <= b.box[3] - b.box[1]);
    })
  );
}

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
