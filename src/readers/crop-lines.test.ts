import { describe, expect, it } from 'vitest';
import { readCleanCrop, withSpaces } from './crop-lines.js';
import type { LineRecogniser, RecognisedChar } from './paddle-recogniser.js';
import type { GreyImage, Rect } from './paddle-words.js';

const char = (text: string, x0: number, x1: number): RecognisedChar => ({ text, x0, x1, confidence: 0.99 });

describe('withSpaces', () => {
  it('adds a space at a wide blank between two characters and keeps the spaces the model emitted', () => {
    const chars = [char('A', 0, 10), char('B', 12, 22), char('C', 60, 70), char(' ', 72, 74), char('D', 80, 90)];
    expect(withSpaces(chars, [40])).toBe('AB C D');
  });
  it('does not double a space the model already emitted at that blank', () => {
    expect(withSpaces([char('A', 0, 10), char(' ', 30, 40), char('B', 60, 70)], [35])).toBe('A B');
  });
});

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

function line(width: number, height: number, runs: Array<[number, number]>): GreyImage {
  const img = { data: new Uint8Array(width * height).fill(250), width, height };
  for (const [x0, x1] of runs) {
    for (let x = x0; x < x1; x += 6) for (let y = 20; y < 40; y++) for (let dx = 0; dx < 2 && x + dx < x1; dx++) img.data[y * width + x + dx] = 10;
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

  it('falls back (null) when the recogniser is unsure, so the detector can read the crop', async () => {
    const img = line(300, 60, [[20, 200]]);
    expect(await readCleanCrop(recorder(0.5), img, all(img))).toBeNull();
  });

  it('falls back when every band is cut by the crop edge', async () => {
    const img = line(300, 60, [[20, 200]]);
    expect(await readCleanCrop(recorder(), img, { x0: 0, y0: 30, x1: 300, y1: 60 })).toBeNull();
  });

  it('reads a long stretch in pieces cut at blanks between characters', async () => {
    const img = line(2000, 60, [[20, 1980]]);
    const rec = recorder();
    await readCleanCrop(rec, img, all(img));
    expect(rec.asked.length).toBeGreaterThan(1);
    expect(rec.asked.every((r) => r.x1 - r.x0 <= 20 * 20 * 1.4)).toBe(true);
  });
});
