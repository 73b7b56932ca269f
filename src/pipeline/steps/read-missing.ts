import type { ExtractedValue, FieldSpec } from '../../doctypes/types.js';
import { canonical } from '../../domain/normalise.js';
import type { PageImage, ReaderOutput } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { valueFromCrop } from './cross-read.js';
import { uprightPage } from './page-image.js';
import { addReading, noteEngine } from './read.js';
import { reReadLines } from './re-read.js';

/** Kinds parsed out of a crop's text: a name would be the crop's whole text (see re-read.ts). */
const KINDS = new Set<FieldSpec['kind']>(['amount', 'date']);

/** Till slips, whose faint small print Tesseract's page read garbles. An identity document's dates
 * come from its MRZ band, read by every engine already; invoices were not measured with this. */
const TYPES = new Set(['receipt']);

export interface MissingRead {
  key: string;
  paddle: string;
  tesseract: string;
}

/** The cross-read step only looks where Tesseract found a value, so a required date or total
 * that Tesseract's page read garbled is read by neither engine. Then the second engine
 * (PaddleOCR) reads the upright pages itself and its extractor places the missing values; each
 * such value's row is read again by Tesseract from its prepared crop (re-read.ts), and that
 * reading is Tesseract's value for the field. The two engines still read the pixels independently, so a
 * value stands only where both read it alike; the page reading is kept out of the rules, which
 * look at the readings as before. */
export const readMissingStep: Step<ReadContext> = {
  name: 'read_missing',
  async run(ctx) {
    const doctype = ctx.doctype;
    const first = ctx.extracted.find((e) => e.reader === 'tesseract');
    if (!doctype || !TYPES.has(doctype.type) || !first || !ctx.intake?.images.length) return undefined;
    const missing = doctype.fields.filter((f) => (f.required || f.isKey) && KINDS.has(f.kind) && !first.values.some((v) => v.key === f.key));
    if (missing.length === 0) return undefined;
    const paddle = await ctx.deps.readers.get('paddle');
    if (!paddle) return undefined;
    const pages: PageImage[] = [];
    for (const image of ctx.intake.images) {
      const upright = await uprightPage(ctx, image.page);
      if (upright) pages.push({ page: image.page, ...upright });
    }
    if (pages.length === 0) return undefined;
    let reading: ReaderOutput;
    try {
      reading = await paddle.read({ images: pages, ...(ctx.signal ? { signal: ctx.signal } : {}) });
    } catch (err) {
      ctx.signal?.throwIfAborted();
      ctx.raw.reader_failures = [...((ctx.raw.reader_failures as string[] | undefined) ?? []), `paddle: ${(err as Error).message}`];
      return undefined;
    }
    const found = doctype.extract(reading, { now: ctx.input.now, pages: reading.pages });
    const second: ExtractedValue[] = [];
    const done: MissingRead[] = [];
    for (const spec of missing) {
      const theirs = found.find((v) => v.key === spec.key && v.region);
      if (!theirs || canonical(spec.kind, theirs.value) === null) continue;
      second.push(theirs);
      // The whole row across the page: Paddle's word boxes are shares of its line box, too
      // rough to cut one figure out by; the label beside the value does not hide it (cross-read.ts).
      const [, y0, , y1] = theirs.region!.box;
      const lines = await reReadLines(ctx, { page: theirs.region!.page, box: [0, y0, 1, y1] });
      const text = (lines ?? []).map((l) => l.text).join(' ');
      const value = text ? valueFromCrop(spec, text, theirs.value) : null;
      done.push({ key: spec.key, paddle: theirs.raw, tesseract: text });
      if (value === null || canonical(spec.kind, value) === null) continue;
      const confidence = lines!.reduce((s, l) => s + l.confidence, 0) / lines!.length;
      first.values.push({ key: spec.key, value, raw: text, region: theirs.region, confidence });
    }
    if (second.length === 0) return undefined;
    const entry = ctx.extracted.find((e) => e.reader === 'paddle');
    if (entry) entry.values.push(...second);
    else ctx.extracted.push({ reader: 'paddle', values: second });
    // The page reading stays out of `readings` (see above); the reader is listed as having read.
    if (!ctx.readings.some((r) => r.reader === 'paddle')) addReading(ctx, { ...reading, pages: [] });
    else noteEngine(ctx, paddle.engine);
    ctx.raw.read_missing = done;
    return undefined;
  },
};
