import type { Box, Word } from '../types.js';

/** Pixel rectangles to page fractions (the `Box` of the reader interface) and back. */

const clamp01 = (v: number): number => Math.min(1, Math.max(0, v));
/** Five decimals keep sub-pixel precision on a 10,000 px page while keeping JSON short. */
const round = (v: number): number => Math.round(v * 1e5) / 1e5;

export function pixelsToBox(x0: number, y0: number, x1: number, y1: number, width: number, height: number): Box {
  return [
    round(clamp01(Math.min(x0, x1) / width)),
    round(clamp01(Math.min(y0, y1) / height)),
    round(clamp01(Math.max(x0, x1) / width)),
    round(clamp01(Math.max(y0, y1) / height)),
  ];
}

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
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
}

export function meanConfidence(words: Pick<Word, 'confidence'>[]): number {
  if (words.length === 0) return 0;
  return words.reduce((sum, w) => sum + w.confidence, 0) / words.length;
}
