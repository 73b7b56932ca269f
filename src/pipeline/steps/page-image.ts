import { rotatePng, type Rotation } from '../../readers/support/rotation.js';
import type { ReadContext } from '../context.js';

/** A page image as the first reader saw it: at the OCR resolution, turned upright when Tesseract
 * found it rotated, so that the regions of what it read land on the right pixels. With `even`, a
 * page lit unevenly is given as Tesseract read it (made even, read step); Paddle's crops and the
 * other steps take the page as it came (a crop Paddle read nothing or only part of the value from
 * is read again from the even page, cross-read step). */
export async function uprightPage(
  ctx: ReadContext,
  page: number,
  opts: { even?: boolean } = {},
): Promise<{ png: Buffer; width: number; height: number } | null> {
  const evened = opts.even ? ctx.evenPages?.find((i) => i.page === page) : undefined;
  const image = evened ?? (ctx.pageImages.length ? ctx.pageImages : (ctx.intake?.images ?? [])).find((i) => i.page === page);
  if (!image) return null;
  const rotation = (ctx.readings.find((r) => r.reader === 'tesseract')?.pages.find((p) => p.page === page)?.rotation ?? 0) as Rotation;
  if (!rotation) return image;
  const swap = rotation === 90 || rotation === 270;
  return { png: await rotatePng(image.png, rotation), width: swap ? image.height : image.width, height: swap ? image.width : image.height };
}
