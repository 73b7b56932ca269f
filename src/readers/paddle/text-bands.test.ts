import { describe, expect, it } from 'vitest';
import type { GreyImage } from './words.js';
import { findTextBands } from './text-bands.js';

/** A white image with black "glyphs": vertical strokes 3 px wide every 8 px across [x0, x1). */
function page(width: number, height: number): GreyImage {
  return { data: new Uint8Array(width * height).fill(250), width, height };
}
function strokes(img: GreyImage, x0: number, x1: number, y0: number, y1: number, step = 8): void {
  for (let x = x0; x < x1; x += step) {
    for (let y = y0; y < y1; y++) for (let dx = 0; dx < 3 && x + dx < x1; dx++) img.data[y * img.width + x + dx] = 10;
  }
}
function bar(img: GreyImage, x0: number, x1: number, y0: number, y1: number): void {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) img.data[y * img.width + x] = 10;
}
const all = (img: GreyImage) => ({ x0: 0, y0: 0, x1: img.width, y1: img.height });

describe('findTextBands', () => {
  it('finds one clean line with its inked extent and the paper tone', () => {
    const img = page(400, 60);
    strokes(img, 40, 300, 20, 40);
    expect(findTextBands(img, all(img))).toMatchObject([{ rect: { x0: 40, y0: 20, x1: 299, y1: 40 }, clipped: false, paper: 250 }]);
  });

  it('finds two lines separated by blank rows, and marks a neighbour cut by the edge', () => {
    const img = page(400, 100);
    strokes(img, 40, 300, 0, 10);
    strokes(img, 40, 300, 30, 50);
    strokes(img, 40, 200, 62, 82);
    const bands = findTextBands(img, all(img))!;
    expect(bands.map((b) => [b.rect.y0, b.rect.y1, b.clipped])).toEqual([
      [0, 10, true],
      [30, 50, false],
      [62, 82, false],
    ]);
  });

  it('takes in a descender too sparse to pass the blank-row test', () => {
    const img = page(1000, 60);
    strokes(img, 40, 900, 20, 40);
    bar(img, 100, 103, 40, 46);
    expect(findTextBands(img, all(img))![0]!.rect).toMatchObject({ y0: 20, y1: 46 });
  });

  it('returns no bands for blank paper, and ignores specks', () => {
    const img = page(300, 50);
    expect(findTextBands(img, all(img))).toEqual([]);
    bar(img, 10, 12, 10, 12);
    expect(findTextBands(img, all(img))).toEqual([]);
  });

  it('gives up on two lines merged by a thin waist of ink', () => {
    const img = page(400, 80);
    strokes(img, 40, 300, 10, 30);
    strokes(img, 40, 300, 31, 51, 80);
    strokes(img, 40, 300, 52, 72);
    expect(findTextBands(img, all(img))).toBeNull();
  });

  it('gives up when one band is much taller than another (lines run together)', () => {
    const img = page(400, 120);
    strokes(img, 40, 300, 10, 25);
    strokes(img, 40, 300, 40, 100);
    expect(findTextBands(img, all(img))).toBeNull();
  });

  it('gives up on a line photographed at a slant', () => {
    const img = page(600, 120);
    for (let x = 40; x < 560; x += 8) {
      const top = 30 + Math.round((x - 40) * 0.08);
      for (let y = top; y < top + 20; y++) for (let dx = 0; dx < 3; dx++) img.data[y * img.width + x + dx] = 10;
    }
    expect(findTextBands(img, all(img))).toBeNull();
  });

  it('gives up on a patterned background (as behind the fields of an ID card)', () => {
    const img = page(200, 60);
    for (let i = 0; i < img.data.length; i += 2) img.data[i] = 10;
    strokes(img, 10, 190, 20, 40);
    expect(findTextBands(img, all(img))).toBeNull();
  });

  it('reads light text on a dark band the same way', () => {
    const img = { data: new Uint8Array(400 * 60).fill(20), width: 400, height: 60 };
    for (let x = 40; x < 300; x += 8) for (let y = 20; y < 40; y++) for (let dx = 0; dx < 3; dx++) img.data[y * 400 + x + dx] = 240;
    expect(findTextBands(img, all(img))).toMatchObject([{ rect: { x0: 40, y0: 20, x1: 299, y1: 40 }, clipped: false, paper: 20 }]);
  });
});
