import { openImage } from '../../imaging/open.js';
import { judged, noted, type FieldReading } from '../../domain/field.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { uprightPage } from './page-image.js';

/** Margin around a disputed value's region for the crop the judge sees. */
const MARGIN = 0.02;

/** When a vision model is configured as the judge, it looks at the crop of each disputed field and
 * says which reading it sees. Its word is one model's opinion: the field stays disputed and out of
 * `values`; the pick is written into the field's reason so that the person deciding starts from it. */
export const judgeStep: Step<ReadContext> = {
  name: 'judge',
  async run(ctx) {
    const disputed = ctx.fields.filter((f) => f.status === 'conflict' && f.region && f.candidates.length >= 2);
    if (disputed.length === 0) return undefined;
    const model = await ctx.deps.readers.get('llm');
    const llm = model?.mode === 'judge' ? model : null;
    if (!llm) return undefined;
    const specs = new Map(ctx.doctype!.fields.map((f) => [f.key, f]));
    const changed = new Map<FieldReading, FieldReading>();
    for (const field of disputed) {
      const image = await uprightPage(ctx, field.region!.page);
      const spec = specs.get(field.key);
      if (!image || !spec) continue;
      try {
        const crop = await cropRegion(image.png, image.width, image.height, field.region!.box);
        const verdict = await llm.judge(
          { field: { key: spec.key, label: spec.label, kind: spec.kind }, candidates: field.candidates.map((c) => ({ reader: c.reader, raw: c.raw })), crop },
          ctx.signal,
        );
        ctx.costUsd += verdict.cost_usd;
        // the model's reasoning may end in white space; a disputed field always has a reason to follow
        if (verdict.verdict === 'picked' && verdict.value !== null)
          changed.set(field, judged(field, `The model judge reads "${verdict.value}": ${verdict.reasoning}`.trimEnd()));
      } catch (err) {
        ctx.signal?.throwIfAborted();
        changed.set(field, noted(field, `The model judge could not be asked: ${(err as Error).message}`.trimEnd()));
      }
    }
    if (changed.size) ctx.fields = ctx.fields.map((f) => changed.get(f) ?? f);
    return undefined;
  },
};

async function cropRegion(png: Buffer, width: number, height: number, [x0, y0, x1, y1]: [number, number, number, number]): Promise<Buffer> {
  const left = Math.max(0, Math.floor((x0 - MARGIN) * width));
  const top = Math.max(0, Math.floor((y0 - MARGIN) * height));
  const right = Math.min(width, Math.ceil((x1 + MARGIN) * width));
  const bottom = Math.min(height, Math.ceil((y1 + MARGIN) * height));
  return openImage(png)
    .extract({ left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) })
    .png()
    .toBuffer();
}
