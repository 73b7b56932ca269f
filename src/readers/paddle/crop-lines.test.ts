import { describe, expect, it } from 'vitest';
import { readCleanCrop } from './crop-lines.js';
import type { LineRecogniser } from './recogniser.js';
import type { GreyImage, Rect } from './words.js';

/** A fake recogniser that reports which rectangles it was asked to read. */
function recorder(confidence = 0.99): LineRecogniser & { asked: Rect[] } {
  const asked: Rect[] = [];
  return {
    asked,
    async recognise(_img, rect) {
      asked.push(rect);
      return { text: 'x', confidence, chars: [{ text: 'x', x0: rect.x0, x1: rect.x1, confidence }] };
    },
    release: async () => undefined,
  };
}

/** A 20 px tall line of 2 px strokes every `step` px over each run. */
function line(width: number, height: number, runs: Array<[number, number]>, step = 6): GreyImage {
  const img = { data: new Uint8Array(width * height).fill(250), width, height };
  for (const [x0, x1] of runs) {
    for (let x = x0; x < x1; x += step) for (let y = 20; y < 40; y++) for (let dx = 0; dx < 2 && x + dx < x1; dx++) img.data[y * width + x + dx] = 10;
  }
  return img;
}
const all = (img: GreyImage) => ({ x0: 0, y0: 0, x1: img.width, y1: img.height });

describe('readCleanCrop', () => {
  it('reads the stretches of a line apart where a blank wider than the line is tall parts them (table columns)', async () => {
    const img = line(600, 60, [
      [20, 200],
      [260, 320],
      [324, 400],
    ]);
    const rec = recorder();
    const lines = await readCleanCrop(rec, img, all(img));
    // Strokes end at 196 and 398; the 8 px blank at 316–324 is narrower than the line is tall.
    expect(rec.asked.map((r) => [r.x0, r.x1])).toEqual([
      [20, 196],
      [260, 398],
    ]);
    expect(lines![0]!.text).toBe('x x');
  });

  it("keeps a widely spaced (monospaced) word whole: a blank is measured against the line's own letter spacing", async () => {
    // Letters 12 px apart leave 10 px blanks; the 22 px blank is wider than 0.6 of the line's height
    // but not three times its typical blank, so it is a blank inside a word, not between columns.
    const img = line(
      600,
      60,
      [
        [20, 140],
        [152, 260],
      ],
      12,
    );
    const rec = recorder();
    await readCleanCrop(rec, img, all(img));
    expect(rec.asked).toHaveLength(1);
  });

  it('falls back (null) when the recogniser is unsure, so the detector can read the crop', async () => {
    const img = line(300, 60, [[20, 200]]);
    expect(await readCleanCrop(recorder(0.5), img, all(img))).toBeNull();
  });

  it('falls back when every band is cut by the crop edge', async () => {
    const img = line(300, 60, [[20, 200]]);
    expect(await readCleanCrop(recorder(), img, { x0: 0, y0: 30, x1: 300, y1: 60 })).toBeNull();
  });

  it("starts a line of bold print cut tight at its first letter's stem: the band is measured by the crop's ink, not its own", async () => {
    // A solid stem (a B's, an N's) and then 4 px strokes 2 px apart: within its own band the print
    // is mostly ink, and the band's own tone would take the paper for the ink and start the line
    // after the stem ("3RAZIL" for "BRAZIL", "VEPAL" for "NEPAL").
    const img = { data: new Uint8Array(300 * 60).fill(250), width: 300, height: 60 };
    const ink = (x: number): boolean => x < 30 || (x - 30) % 6 >= 2;
    for (let x = 20; x < 200; x++) if (ink(x)) for (let y = 20; y < 40; y++) img.data[y * 300 + x] = 10;
    const rec = recorder();
    const lines = await readCleanCrop(rec, img, all(img));
    expect(rec.asked.map((r) => [r.x0, r.x1])).toEqual([[20, 198]]);
    expect(lines![0]!.words[0]!.rect.x0).toBe(20);
  });

  it('reads a long stretch in pieces cut at blanks between characters', async () => {
    const img = line(2000, 60, [[20, 1980]]);
    const rec = recorder();
    await readCleanCrop(rec, img, all(img));
    expect(rec.asked.length).toBeGreaterThan(1);
    expect(rec.asked.every((r) => r.x1 - r.x0 <= 20 * 20 * 1.4)).toBe(true);
  });
});
