import { median } from '../../domain/median.js';
import type { DetectedBox } from './ocr-stages.js';
import type { Rect } from './words.js';

/** The text rows of an MRZ crop from the text detector's boxes, in pixels. */

/** A box at least this many times as wide as tall holds a run of characters: a line. */
const LINE_ASPECT = 4;

/** The pixel rectangle around a box's corners, inside an image of `size`; null when empty. */
export function rectOf(corners: number[][], size: { width: number; height: number }): Rect | null {
  const xs = corners.map((p) => p[0]!);
  const ys = corners.map((p) => p[1]!);
  const rect: Rect = {
    x0: Math.max(0, Math.floor(Math.min(...xs))),
    y0: Math.max(0, Math.floor(Math.min(...ys))),
    x1: Math.min(size.width, Math.ceil(Math.max(...xs))),
    y1: Math.min(size.height, Math.ceil(Math.max(...ys))),
  };
  return rect.x1 <= rect.x0 || rect.y1 <= rect.y0 ? null : rect;
}

/** The rows the detector's boxes make. Lines count unread (our recogniser reads the rows); a
 * smaller box counts only where `keeps` says the package's own recognition keeps it: a speck the
 * detector boxed beside a line would stretch the line's row, and its reading with it (measured
 * on the tuning images: specks about twice as wide as tall, dropped unread; line boxes 13 times
 * and more). */
export async function rowRects(
  boxes: readonly DetectedBox[],
  size: { width: number; height: number },
  keeps: (box: DetectedBox) => Promise<boolean>,
): Promise<Rect[]> {
  const rects: Rect[] = [];
  for (const box of boxes) {
    const rect = rectOf(box.box, size);
    if (rect && (rect.x1 - rect.x0 >= LINE_ASPECT * (rect.y1 - rect.y0) || (await keeps(box)))) rects.push(rect);
  }
  return joinRows(rects);
}

/** Boxes that overlap vertically by more than half the smaller height are one row (the detector
 * may part an MRZ line at a long run of fillers); each row becomes the union of its boxes. */
function joinRows(rects: readonly Rect[]): Rect[] {
  const rows: Rect[] = [];
  for (const r of [...rects].sort((a, b) => a.y0 + a.y1 - b.y0 - b.y1)) {
    const row = rows.find((o) => Math.min(o.y1, r.y1) - Math.max(o.y0, r.y0) > 0.5 * Math.min(o.y1 - o.y0, r.y1 - r.y0));
    if (row) Object.assign(row, { x0: Math.min(row.x0, r.x0), y0: Math.min(row.y0, r.y0), x1: Math.max(row.x1, r.x1), y1: Math.max(row.y1, r.y1) });
    else rows.push({ ...r });
  }
  // Lines of one size share their margins (an MRZ's lines are equally long): the detector stopping
  // short on one (a long filler run read as paper) would cut it, so each takes the widest extent.
  const typical = median(rows.map((r) => r.y1 - r.y0));
  const alike = rows.filter((r) => Math.abs(r.y1 - r.y0 - typical) <= 0.3 * typical);
  const x0 = Math.min(...alike.map((r) => r.x0));
  const x1 = Math.max(...alike.map((r) => r.x1));
  for (const r of alike) Object.assign(r, { x0, x1 });
  return rows.sort((a, b) => a.y0 - b.y0);
}
