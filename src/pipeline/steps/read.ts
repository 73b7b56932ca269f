import { assessScripts } from '../../readers/scripts.js';
import { rotatePng, type Rotation } from '../../readers/rotation.js';
import type { PageImage, ReaderOutput } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';

/** Two independent local readers on every page image, in parallel: Tesseract (LSTM) on the full
 * page and PaddleOCR (PP-OCRv4) on a downscaled copy. Their mistakes differ, which is what makes
 * their agreement evidence. A page Tesseract found turned is re-read by Paddle turned the same way. */
export const readStep: Step<ReadContext> = {
  name: 'read',
  async run(ctx) {
    const images = ctx.intake!.images;
    if (images.length === 0) return undefined;
    const readers = await ctx.deps.readers();
    const signal = ctx.signal;
    const [tess, paddle] = await Promise.allSettled([
      readers.tesseract.read({ images, ...(signal ? { signal } : {}) }),
      readers.paddle ? readers.paddle.read({ images, ...(signal ? { signal } : {}) }) : Promise.resolve(null),
    ]);
    const failures: string[] = [];
    let paddleOut: ReaderOutput | null = null;
    if (paddle.status === 'fulfilled') paddleOut = paddle.value;
    else failures.push(`paddle: ${String((paddle.reason as Error)?.message ?? paddle.reason)}`);
    if (tess.status === 'fulfilled') {
      ctx.readings.push(tess.value);
      const turned = tess.value.pages.filter((p) => p.rotation);
      if (paddleOut && readers.paddle && turned.length > 0) {
        paddleOut = await rereadTurned(readers.paddle, images, paddleOut, new Map(turned.map((p) => [p.page, p.rotation as Rotation])), signal);
      }
    } else {
      failures.push(`tesseract: ${String((tess.reason as Error)?.message ?? tess.reason)}`);
    }
    if (paddleOut) ctx.readings.push(paddleOut);
    for (const r of ctx.readings) if (r.reader !== 'text_layer') ctx.engines.push(r.engine);
    if (failures.length) ctx.raw.reader_failures = failures;

    const ocr = ctx.readings.filter((r) => r.reader !== 'text_layer');
    if (ocr.length === 0) {
      ctx.problems.push({ code: 'PROCESSING_PROVIDER_FAILURE', detail: `Every reader failed: ${failures.join('; ')}` });
      return 'stop';
    }
    const supported = [...new Set([...readers.tesseract.scripts, ...(readers.paddle?.scripts ?? [])])];
    const scripts = assessScripts(ocr.flatMap((r) => r.pages), supported);
    ctx.raw.scripts = scripts;
    if (scripts.unsupported || scripts.fragmented) {
      ctx.problems.push({ code: 'UNSUPPORTED_LANGUAGE_SCRIPT', detail: `The page could not be read in its script: ${scripts.reason}.` });
    }
    return undefined;
  },
};

async function rereadTurned(
  paddle: NonNullable<Awaited<ReturnType<ReadContext['deps']['readers']>>['paddle']>,
  images: PageImage[],
  first: ReaderOutput,
  turns: Map<number, Rotation>,
  signal: AbortSignal | undefined,
): Promise<ReaderOutput> {
  const turnedImages = await Promise.all(
    images.filter((i) => turns.has(i.page)).map(async (i) => {
      const degrees = turns.get(i.page)!;
      const png = await rotatePng(i.png, degrees);
      const swap = degrees === 90 || degrees === 270;
      return { page: i.page, png, width: swap ? i.height : i.width, height: swap ? i.width : i.height };
    }),
  );
  const again = await paddle.read({ images: turnedImages, ...(signal ? { signal } : {}) });
  const replaced = new Map(again.pages.map((p) => [p.page, { ...p, rotation: turns.get(p.page)! }]));
  return { ...first, pages: first.pages.map((p) => replaced.get(p.page) ?? p), ms: first.ms + again.ms };
}
