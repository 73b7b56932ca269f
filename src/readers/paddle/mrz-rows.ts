import { findTextBands } from './text-bands.js';
import type { GreyImage, Rect } from './words.js';

/** The text rows of a straightened MRZ crop (readers/mrz/locate.ts's cropMrzBand) from its ink
 * alone, so that the recogniser can read them without the text detector. */

/** Share of the crop's width left out on either side when finding rows: less than the margin
 * cropMrzBand leaves around the band (4% of its width). */
const MRZ_SIDE_MARGIN = 0.025;

/** The rows of a straightened MRZ crop from its ink alone: two or three whole bands of text, else
 * null (a crop that is not clean, or lines the profile cannot part). */
export function mrzPixelRows(grey: GreyImage): Rect[] | null {
  // the crop's side margins may hold the document's edge and the background beyond it
  const side = Math.round(grey.width * MRZ_SIDE_MARGIN);
  const bands = findTextBands(grey, { x0: side, y0: 0, x1: grey.width - side, y1: grey.height });
  const whole = bands?.filter((b) => !b.clipped) ?? [];
  return whole.length >= 2 && whole.length <= 3 ? whole.map((b) => b.rect) : null;
}
