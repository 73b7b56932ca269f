import type { ExtractedValue, FieldSpec } from '../../doctypes/types.js';
import type { Box, Line, ReaderOutput } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import { canonical, parseAmount, parseDate } from '../normalise.js';
import type { Step } from '../run.js';
import { uprightPage } from './page-image.js';

/** Margin around a value's box, as fractions of the page: enough for ascenders and a misplaced
 * edge, too little to take in the label beside it. */
const MARGIN_X = 0.012;
const MARGIN_Y = 0.006;

/** The second reader earns its keep here: PaddleOCR re-reads, independently, the crops where the
 * first reader found each candidate value. Reading crops instead of whole pages keeps a phone
 * photo of an ID within about a second of CPU while the two readers still share no mistakes:
 * Paddle sees only pixels, never Tesseract's text. */
export const crossReadStep: Step<ReadContext> = {
  name: 'cross_read',
  async run(ctx) {
    const doctype = ctx.doctype!;
    const images = ctx.intake!.images;
    if (images.length === 0) return undefined;
    const readers = await ctx.deps.readers();
    if (!readers.paddle) return undefined;
    const first = ctx.extracted.find((e) => e.reader === 'tesseract');
    if (!first) return undefined;

    const specs = new Map(doctype.fields.map((f) => [f.key, f]));
    const values: ExtractedValue[] = [];
    let ms = 0;
    for (const image of images) {
      const targets = first.values.filter((v) => v.region?.page === image.page && specs.get(v.key)?.kind !== 'items');
      if (targets.length === 0) continue;
      const { png } = (await uprightPage(ctx, image.page))!;
      const started = performance.now();
      const crops = await readers.paddle.readCrops(png, targets.map((t) => widen(t.region!.box)), ctx.signal);
      ms += performance.now() - started;
      crops.forEach((crop, i) => {
        const target = targets[i]!;
        const value = valueFromCrop(specs.get(target.key)!, crop.text, target.value);
        if (value === null) return;
        values.push({ key: target.key, value, raw: crop.text, region: { page: image.page, box: unionBox(crop.lines) ?? crop.box }, confidence: crop.confidence });
      });
    }
    if (values.length === 0) return undefined;
    const engine = ctx.readings.find((r) => r.reader === 'paddle')?.engine ?? { name: 'paddleocr', version: 'crops' };
    const reading: ReaderOutput = { reader: 'paddle', engine, pages: [], ms, cost_usd: 0 };
    if (!ctx.engines.some((e) => e.name === engine.name)) ctx.engines.push(engine);
    if (!ctx.readings.some((r) => r.reader === 'paddle')) ctx.readings.push(reading);
    ctx.extracted.push({ reader: 'paddle', values });
    return undefined;
  },
};

function widen([x0, y0, x1, y1]: Box): Box {
  return [Math.max(0, x0 - MARGIN_X), Math.max(0, y0 - MARGIN_Y), Math.min(1, x1 + MARGIN_X), Math.min(1, y1 + MARGIN_Y)];
}

function unionBox(lines: Line[]): Box | null {
  if (lines.length === 0) return null;
  return [Math.min(...lines.map((l) => l.box[0])), Math.min(...lines.map((l) => l.box[1])), Math.max(...lines.map((l) => l.box[2])), Math.max(...lines.map((l) => l.box[3]))];
}

/** The crop's text as a value of the field's kind; canonical comparison does the rest. A numeric
 * date is read in whichever day/month order the first reader settled on from the whole document
 * (a crop alone cannot know it); any other disagreement stays a disagreement. */
function valueFromCrop(spec: FieldSpec, text: string, firstValue: ExtractedValue['value']): ExtractedValue['value'] {
  const t = text.replace(/\s+/g, ' ').trim();
  if (!t) return null;
  if (spec.kind === 'amount') return parseAmount(t);
  if (spec.kind === 'date') {
    const want = canonical('date', firstValue);
    const readings = [parseDate(t, 'dmy')?.iso, parseDate(t, 'mdy')?.iso].filter((d): d is string => Boolean(d));
    return readings.find((d) => d === want) ?? readings[0] ?? t;
  }
  return t;
}
