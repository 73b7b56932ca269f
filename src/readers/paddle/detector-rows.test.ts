import { describe, expect, it } from 'vitest';
import { rowRects } from './detector-rows.js';
import type { DetectedBox } from './ocr-stages.js';

/** Rows of an MRZ crop from the detector's boxes, the package's recognition asked about small boxes only. */

const box = (x0: number, y0: number, x1: number, y1: number): DetectedBox => ({
  box: [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ],
  image: null,
});
const SIZE = { width: 1900, height: 180 };
// two MRZ lines, and a speck right of the second (as on a tuning photo)
const LINES = [box(85, 46, 1528, 76), box(75, 99, 1528, 129)];
const SPECK = box(1841, 102, 1878, 121);

describe('rowRects', () => {
  it('keeps lines unread, and a speck beside a line only where the package keeps it', async () => {
    const asked: DetectedBox[] = [];
    const dropped = await rowRects([...LINES, SPECK], SIZE, async (b) => {
      asked.push(b);
      return false;
    });
    expect(asked).toEqual([SPECK]);
    expect(dropped.map((r) => [r.x0, r.x1])).toEqual([
      [75, 1528],
      [75, 1528],
    ]);
    // kept, the speck stretches its row (and so both, lines sharing their margins)
    const kept = await rowRects([...LINES, SPECK], SIZE, async () => true);
    expect(kept.map((r) => r.x1)).toEqual([1878, 1878]);
  });

  it('joins boxes of one line parted at a filler run into one row', async () => {
    const rows = await rowRects([box(37, 37, 748, 67), box(843, 36, 1243, 66), box(39, 119, 1244, 153)], SIZE, async () => false);
    expect(rows).toEqual([
      { x0: 37, y0: 36, x1: 1244, y1: 67 },
      { x0: 37, y0: 119, x1: 1244, y1: 153 },
    ]);
  });
});
