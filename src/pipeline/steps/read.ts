import { assessScripts } from '../../readers/support/scripts.js';
import type { PaddleReader } from '../../readers/paddle.js';
import type { TesseractReader } from '../../readers/tesseract.js';
import type { PageImage, ReaderOutput } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { joinMrzReadings, readMrzBands } from './mrz-pass.js';
import { evenLight, UNEVEN_LIGHT_RATIO } from '../../imaging/even-light.js';
import { openImage } from '../../imaging/open.js';
import { looksUpright } from '../../readers/support/rotation.js';
import { wordLikeScore } from '../../readers/support/wordlike.js';

/** The first reader, Tesseract (LSTM), reads every page image in full; it also finds and turns
 * rotated pages. The second reader, PaddleOCR, re-reads the crops where values were found
 * (cross-read step), or whole pages when nothing was recognised from the first reading. */
export const readStep: Step<ReadContext> = {
  name: 'read',
  async run(ctx) {
    const images = ctx.intake!.images;
    if (images.length === 0) return undefined;
    const tesseract = await ctx.deps.readers.get('tesseract');
    const paddle = await ctx.deps.readers.get('paddle');
    const model = await ctx.deps.readers.get('llm');
    const mrzPass = await ctx.deps.readers.get('mrz_pass');
    const request = { images, ...(ctx.signal ? { signal: ctx.signal } : {}) };
    ctx.pageImages = await Promise.all(images.map((i) => withinPixels(i, ctx.deps.ocrMaxPixels)));
    const { forTesseract, dim } = await evenPages(ctx);
    const [tess, llm, mrz] = await Promise.allSettled([
      tesseract.read({ ...request, images: forTesseract }),
      model?.mode === 'reader' ? model.read(request) : Promise.resolve(null),
      readMrzBands(ctx, mrzPass),
    ]);
    ctx.signal?.throwIfAborted();
    if (llm.status === 'rejected') {
      // A model configured as a reader is part of the reading route: when every provider failed,
      // the reading is not what the operator asked for (the original is kept; a rescan is free).
      const err = llm.reason as Error & { costUsd?: number };
      ctx.costUsd += err.costUsd ?? 0;
      ctx.problems.push({ code: 'PROCESSING_PROVIDER_FAILURE', detail: `The vision model was unavailable after every fallback: ${err.message}` });
      return 'stop';
    }
    if (llm.value) {
      addReading(ctx, llm.value);
      ctx.costUsd += llm.value.cost_usd;
    }
    let failure: string | null = null;
    if (tess.status === 'fulfilled') {
      await readBlankOrDimPagesEven(ctx, tesseract, tess.value, dim);
      addReading(ctx, tess.value);
    } else {
      failure = `tesseract: ${(tess.reason as Error).message}`;
      ctx.raw.reader_failures = [failure];
    }
    if (mrz.status === 'fulfilled' && mrz.value.length) {
      ctx.pageReadings = ctx.readings;
      ctx.readings = joinMrzReadings(ctx.readings, mrz.value);
      ctx.mrzConsensus = mrz.value.flatMap((m) => (m.consensus ? [{ page: m.page, lines: m.consensus, verified: m.verified, readings: m.readings }] : []));
      for (const r of ctx.readings) noteEngine(ctx, r.engine);
      ctx.raw.mrz_bands = mrz.value.map((m) => ({ page: m.page, box: m.band.box, angle: m.band.angle }));
    } else if (mrz.status === 'rejected') {
      ctx.raw.reader_failures = [...((ctx.raw.reader_failures as string[] | undefined) ?? []), `mrz pass: ${(mrz.reason as Error).message}`];
    }
    if (failure) {
      // Without the first reader, the second reads whole pages so that something is read at all.
      const paddleRead = await readPaddlePages(ctx, paddle);
      if (!paddleRead && !ctx.readings.some((r) => r.reader !== 'text_layer')) {
        ctx.problems.push({ code: 'PROCESSING_PROVIDER_FAILURE', detail: `Every reader failed: ${(ctx.raw.reader_failures as string[]).join('; ')}` });
        return 'stop';
      }
    }
    assessPageScripts(ctx, tesseract, paddle);
    return undefined;
  },
};

/** Paper this dim against its brightest passes for even light (UNEVEN_LIGHT_RATIO) yet may hold a
 * shadow's hard edge that Tesseract's one threshold reads nothing under. */
const DIM_LIGHT_RATIO = 0.8;

/** The pages as Tesseract reads them: a page lit unevenly (a photo's light falling off across a
 * till slip, a shadow, a dark table around it) made even first, since Tesseract binarises a page
 * with one threshold and loses the dim side's lines; every other page as it is. Decided from each
 * page's own pixels, before the document's type is known. On the generated tuning receipts it
 * raised Tesseract's page lines from 252 to 419 (merchant 12 → 21, date 13 → 22, total 10 → 13 of
 * 24 read from its page alone); Paddle's whole-page read gained little (merchant 18 → 19, date
 * 15 → 17, total 14 → 14), and Paddle's crops are still cut from the page as it came (but for
 * those it read nothing or only part of the value from: cross-read step). The pages whose light
 * passed for even but whose paper is dim in part (DIM_LIGHT_RATIO) are made even here too, once,
 * for a second read (readBlankOrDimPagesEven). */
async function evenPages(ctx: ReadContext): Promise<{ forTesseract: PageImage[]; dim: Map<number, Evened> }> {
  const even = await Promise.all(ctx.pageImages.map(async (image) => ({ image, even: await evenLight(image.png, { evenAbove: DIM_LIGHT_RATIO }) })));
  const uneven = even.filter((e): e is { image: PageImage; even: Evened } => e.even !== null && e.even.ratio <= UNEVEN_LIGHT_RATIO);
  const made = uneven.map(({ image, even }) => ({ page: image.page, width: even.width, height: even.height, png: even.png }));
  if (made.length) {
    ctx.evenPages = made;
    ctx.raw.even_light = uneven.map(({ image, even }) => ({ page: image.page, paper_ratio: Math.round(even.ratio * 100) / 100 }));
  }
  const dim = new Map(even.flatMap(({ image, even }) => (even && even.ratio > UNEVEN_LIGHT_RATIO ? [[image.page, even] as const] : [])));
  return { forTesseract: even.map(({ image }) => made.find((m) => m.page === image.page) ?? image), dim };
}

type Evened = NonNullable<Awaited<ReturnType<typeof evenLight>>>;

/** Fewer words than this from a page is next to no reading of it. */
const MIN_PAGE_WORDS = 3;
const wordsOf = (page: ReaderOutput['pages'][number]): number => page.lines.reduce((n, l) => n + Math.max(1, l.words.length), 0);
const confidentWords = (page: ReaderOutput['pages'][number]): number => wordLikeScore(page.lines.flatMap((l) => l.words));

/** A page read as it came (its light judged even enough) is read again made even when Tesseract
 * read next to nothing from it, or when its paper is still dim in part (DIM_LIGHT_RATIO).
 * - Next to nothing: a shadow's hard edge across a slip leaves its paper at 0.8 of the brightest,
 *   within what passes for even, yet Tesseract's one threshold can then find no text on the whole
 *   page, where the flattened page reads (a generated tune slip: 0 lines, then 15). The second
 *   read stands when it gives more words.
 * - Dim in part: a shadow band down a slip (paper at 0.74) lost the shop's name, address and the
 *   date's digits under it, and the flattened page read every line (a generated tune slip: 12
 *   lines, then 15). The second read stands when it gives more confident, word-like text.
 * The evened page is then the one its re-reads are cut from. */
async function readBlankOrDimPagesEven(ctx: ReadContext, tesseract: TesseractReader, reading: ReaderOutput, dim: Map<number, Evened>): Promise<void> {
  for (const [i, page] of reading.pages.entries()) {
    const words = wordsOf(page);
    const image = ctx.pageImages.find((p) => p.page === page.page);
    if (!image || ctx.evenPages?.some((p) => p.page === page.page)) continue;
    const blank = words < MIN_PAGE_WORDS;
    const even = dim.get(page.page) ?? (blank ? await evenLight(image.png, { evenAbove: 1 }) : null);
    if (!even) continue;
    const evened: PageImage = { page: page.page, width: even.width, height: even.height, png: even.png };
    const again = await tesseract.read({ images: [evened], ...(ctx.signal ? { signal: ctx.signal } : {}) });
    reading.ms += again.ms;
    const read = again.pages[0];
    if (!read || (blank ? wordsOf(read) <= words : confidentWords(read) <= confidentWords(page))) continue;
    reading.pages[i] = { ...read, page: page.page };
    ctx.evenPages = [...(ctx.evenPages ?? []), evened];
    const noted = (ctx.raw.even_light as unknown[] | undefined) ?? [];
    ctx.raw.even_light = [...noted, { page: page.page, paper_ratio: Math.round(even.ratio * 100) / 100, read_again: true }];
  }
}

/** When no document type could be recognised from the readings, the pages Tesseract read thinly are
 * read again binarised tile by tile (TesseractReader.readTiled), from the image it read them from;
 * a second reading with more confident words takes the first one's place. Faint dot-matrix print
 * under uneven light on two generated tune slips: 0 and 3 lines, then 12 and 10, and the slips
 * read as receipts. Only here: on the MRZ photos, where the type is known, tiles read the visual
 * zone's names with misreadings the MRZ then disagrees with. True when a page was replaced. */
export async function readThinPagesTiled(ctx: ReadContext): Promise<boolean> {
  const reading = ctx.readings.find((r) => r.reader === 'tesseract');
  const tesseract = await ctx.deps.readers.get('tesseract');
  if (!reading || !tesseract) return false;
  // Thin: too few confident words to count as a page read upright, as the reader itself judges it.
  const thin = reading.pages.filter((p) => !looksUpright(p.lines.flatMap((l) => l.words)));
  const images = thin.flatMap((p) => {
    const image = ctx.evenPages?.find((e) => e.page === p.page) ?? ctx.pageImages.find((e) => e.page === p.page);
    return image ? [image] : [];
  });
  if (images.length === 0) return false;
  const again = await tesseract.readTiled({ images, ...(ctx.signal ? { signal: ctx.signal } : {}) });
  reading.ms += again.ms;
  const replaced: number[] = [];
  for (const page of again.pages) {
    const at = reading.pages.findIndex((p) => p.page === page.page);
    if (at < 0 || confidentWords(page) <= confidentWords(reading.pages[at]!)) continue;
    reading.pages[at] = page;
    replaced.push(page.page);
  }
  if (replaced.length) ctx.raw.tiled_pages = replaced;
  return replaced.length > 0;
}

/** A page image no larger than the pixel budget: OCR time grows with pixels, and past ~215 dpi on
 * A4 it reads no better. The MRZ pass keeps the full image (its characters are small). */
async function withinPixels(image: PageImage, maxPixels: number): Promise<PageImage> {
  if (image.width * image.height <= maxPixels) return image;
  const scale = Math.sqrt(maxPixels / (image.width * image.height));
  const width = Math.max(1, Math.floor(image.width * scale));
  const height = Math.max(1, Math.floor(image.height * scale));
  const png = await openImage(image.png).resize(width, height).png({ compressionLevel: 1 }).toBuffer();
  return { page: image.page, width, height, png };
}

export function addReading(ctx: ReadContext, reading: ReaderOutput): void {
  ctx.readings.push(reading);
  noteEngine(ctx, reading.engine);
}

/** Lists an engine in `result.engines` once, however many readings it made. */
export function noteEngine(ctx: ReadContext, engine: ReaderOutput['engine']): void {
  if (!ctx.engines.some((e) => e.name === engine.name)) ctx.engines.push(engine);
}

/** PaddleOCR on whole (downscaled) pages; returns false when it is off or fails. */
export async function readPaddlePages(ctx: ReadContext, paddle: PaddleReader | null): Promise<boolean> {
  if (!paddle || ctx.readings.some((r) => r.reader === 'paddle')) return false;
  try {
    const images = ctx.pageImages.length ? ctx.pageImages : ctx.intake!.images;
    addReading(ctx, await paddle.read({ images, ...(ctx.signal ? { signal: ctx.signal } : {}) }));
    return true;
  } catch (err) {
    ctx.signal?.throwIfAborted();
    ctx.raw.reader_failures = [...((ctx.raw.reader_failures as string[] | undefined) ?? []), `paddle: ${(err as Error).message}`];
    return false;
  }
}

function assessPageScripts(ctx: ReadContext, tesseract: TesseractReader, paddle: PaddleReader | null): void {
  const ocr = ctx.readings.filter((r) => r.reader !== 'text_layer');
  const supported = [...new Set([...tesseract.scripts, ...(paddle?.scripts ?? [])])];
  const scripts = assessScripts(
    ocr.flatMap((r) => r.pages),
    supported,
  );
  ctx.raw.scripts = scripts;
  if (scripts.unsupported || scripts.fragmented) {
    ctx.problems.push({ code: 'UNSUPPORTED_LANGUAGE_SCRIPT', detail: `The page could not be read in its script: ${scripts.reason}.` });
  }
}
