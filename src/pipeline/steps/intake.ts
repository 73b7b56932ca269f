import { errorCodeOf, isOutcomeCode } from '../../domain/outcome-codes.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';

/** Opens the file in the sandbox: page images for OCR, the file's own text where it has one. */
export const intakeStep: Step<ReadContext> = {
  name: 'intake',
  async run(ctx) {
    try {
      ctx.intake = await ctx.deps.intake(ctx.input.bytes, ctx.input.kind, ctx.deps.limits, ctx.signal ? { signal: ctx.signal } : {});
    } catch (err) {
      const code = errorCodeOf(err);
      if (!code || !isOutcomeCode(code)) throw err;
      const reason = (err as { reason?: string }).reason ?? (err as Error).message;
      ctx.problems.push({ code, detail: reason });
      ctx.raw.intake_error = { code, reason };
      return 'stop';
    }
    const intake = ctx.intake;
    ctx.raw.intake = {
      kind: intake.kind,
      page_count: intake.pageCount,
      pages_taken: intake.pagesTaken,
      images: intake.images.map((i) => ({ page: i.page, width: i.width, height: i.height })),
      text_layer_pages: intake.textLayer.map((p) => ({ page: p.page, lines: p.lines.length })),
      missing_pages: intake.missingPages ?? [],
      metadata: intake.metadata,
    };
    if (intake.pageCount > intake.pagesTaken) {
      ctx.problems.push({ code: 'MISSING_PAGE', detail: `Only the first ${intake.pagesTaken} of ${intake.pageCount} pages were read.` });
    }
    for (const missing of intake.missingPages ?? []) {
      ctx.problems.push({ code: 'MISSING_PAGE', detail: `Page ${missing.page} could not be read: ${missing.reason}.` });
    }
    const textLayer = await ctx.deps.readers.get('text_layer');
    const request = { images: [], textLayer: { kind: intake.kind, pages: intake.textLayer } };
    if (textLayer.supports(request)) ctx.readings.push(await textLayer.read(request));
    return undefined;
  },
};
