import type { PrintLook } from '../../doctypes/types.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { linesWithin, widen } from './cross-read.js';
import { uprightPage } from './page-image.js';

/** The second engine's look at the print of a disputed field. An MRZ document gives its key fields
 * twice, in the MRZ and in the print; when the engines' MRZ readings disagree on one (Paddle's
 * "OUSPE" for Tesseract's "QUISPE"), PaddleOCR reads the print where Tesseract found it, so that
 * the rules can see which reading the print, read by both engines, bears out. Only disputed fields
 * are read: the undisputed page costs nothing more. */
export const printLookStep: Step<ReadContext> = {
  name: 'print_look',
  async run(ctx) {
    const doctype = ctx.doctype;
    const first = ctx.readings.find((r) => r.reader === 'tesseract');
    if (!doctype?.printed || !first) return undefined;
    const disputed = new Set(ctx.fields.filter((f) => f.status === 'conflict').map((f) => f.key));
    const targets = disputed.size ? doctype.printed(first).filter((p) => disputed.has(p.key)) : [];
    if (targets.length === 0) return undefined;
    const paddle = await ctx.deps.readers.get('paddle');
    if (!paddle) return undefined;
    const looks: PrintLook[] = [];
    for (const pageNo of new Set(targets.map((t) => t.region.page))) {
      const page = await uprightPage(ctx, pageNo);
      if (!page) continue;
      const onPage = targets.filter((t) => t.region.page === pageNo);
      const crops = await paddle.readCrops(
        page.png,
        onPage.map((t) => widen(t.region.box)),
        ctx.signal ? { signal: ctx.signal } : {},
      );
      onPage.forEach((t, i) => {
        const raw = linesWithin(crops[i]?.lines ?? [], t.region.box)
          .map((l) => l.text)
          .join(' ')
          .trim();
        if (raw) looks.push({ key: t.key, reader: 'paddle', raw });
      });
    }
    if (looks.length === 0) return undefined;
    ctx.printLooks = [...(ctx.printLooks ?? []), ...looks];
    ctx.raw.print_look = ctx.printLooks;
    return undefined;
  },
};
