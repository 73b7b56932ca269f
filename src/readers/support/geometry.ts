import { pixelsToBox } from '../../domain/field.js';
import type { Box, Word } from '../types.js';

/** A box of a crop, expressed in the fractions of the page the crop was cut from. */
export function cropBoxToPage(box: Box, crop: { left: number; top: number; width: number; height: number }, page: { width: number; height: number }): Box {
  return pixelsToBox(
    crop.left + box[0] * crop.width,
    crop.top + box[1] * crop.height,
    crop.left + box[2] * crop.width,
    crop.top + box[3] * crop.height,
    page.width,
    page.height,
  );
}

export function unionBox(boxes: Box[]): Box {
  if (boxes.length === 0) return [0, 0, 0, 0];
  return [Math.min(...boxes.map((b) => b[0])), Math.min(...boxes.map((b) => b[1])), Math.max(...boxes.map((b) => b[2])), Math.max(...boxes.map((b) => b[3]))];
}

export function meanConfidence(words: Pick<Word, 'confidence'>[]): number {
  if (words.length === 0) return 0;
  return words.reduce((sum, w) => sum + w.confidence, 0) / words.length;
}

/** Of the page's width: text this close to the left or right edge may continue beyond it. */
const SIDE_EDGE = 0.005;

/** Text whose box touches the image's left or right side may be cut there ("UNITED STATES
 * DEPARTME", "NFIELD PHARMACY"). */
export function touchesSide(box: readonly number[]): boolean {
  return box[0]! <= SIDE_EDGE || box[2]! >= 1 - SIDE_EDGE;
}
