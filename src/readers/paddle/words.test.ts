import { describe, expect, it } from 'vitest';
import { normaliseText, splitLine, type GreyImage } from './words.js';

/** A white strip of the given height with black blocks standing for glyph runs. */
function strip(width: number, height: number, blocks: Array<[number, number]>): GreyImage {
  const data = new Uint8Array(width * height).fill(255);
  for (const [x0, x1] of blocks) {
    for (let y = 4; y < height - 4; y++) for (let x = x0; x < x1; x++) data[y * width + x] = 0;
  }
  return { data, width, height };
}

const rect = (width: number, height: number) => ({ x0: 0, y0: 0, x1: width, y1: height });

describe('normaliseText', () => {
  it('turns full-width forms and the ideographic space into ASCII', () => {
    expect(normaliseText('（ＡＢＣ１２３）：　ｘ')).toBe('(ABC123): x');
    expect(normaliseText('  NAME   ANNA ')).toBe('NAME ANNA');
  });
});

describe('splitLine', () => {
  it('puts each of the model’s words over its own inked run', () => {
    // "ANNA MARIA": glyphs 2 px apart inside words, a 12 px gap between them.
    const img = strip(200, 30, [
      [10, 60],
      [72, 140],
    ]);
    const words = splitLine('ANNA MARIA', rect(200, 30), img);
    expect(words.map((w) => w.text)).toEqual(['ANNA', 'MARIA']);
    expect(words[0]!.rect).toMatchObject({ x0: 10, x1: 60 });
    expect(words[1]!.rect).toMatchObject({ x0: 72, x1: 140 });
  });

  it('matches spaces to the widest gaps, not to narrow letter gaps', () => {
    const img = strip(300, 30, [
      [10, 20],
      [23, 40],
      [43, 60],
      [75, 120],
      [123, 150],
      [165, 200],
    ]);
    const words = splitLine('ABCDE FGHIJ KL', rect(300, 30), img);
    expect(words.map((w) => [w.rect.x0, w.rect.x1])).toEqual([
      [10, 60],
      [75, 150],
      [165, 200],
    ]);
  });

  it('restores a space the model dropped where a clear gap splits a word', () => {
    // "Paymentis": 7 letters then a 20 px gap then 2 letters, same letter width.
    const img = strip(200, 30, [
      [10, 80],
      [100, 120],
    ]);
    const words = splitLine('Paymentis', rect(200, 30), img);
    expect(words.map((w) => w.text)).toEqual(['Payment', 'is']);
    expect(words[1]!.rect).toMatchObject({ x0: 100, x1: 120 });
  });

  it('keeps a single word whole when the gaps are only letter spacing', () => {
    const img = strip(200, 30, [
      [10, 30],
      [33, 50],
      [53, 70],
    ]);
    expect(splitLine('L898902C3', rect(200, 30), img)).toEqual([{ text: 'L898902C3', rect: { x0: 10, y0: 0, x1: 70, y1: 30 } }]);
  });

  it('drops a space the detector invented where the pixels show no gap', () => {
    // "DATE OF BIRT H": the detector cut BIRTH in two; letters touch there.
    const img = strip(300, 30, [
      [10, 70],
      [82, 110],
      [122, 200],
    ]);
    const words = splitLine('DATE OF BIRT H', rect(300, 30), img);
    expect(words.map((w) => w.text)).toEqual(['DATE', 'OF', 'BIRTH']);
    expect(words[2]!.rect).toMatchObject({ x0: 122, x1: 200 });
    expect(splitLine('AB CD', rect(110, 30), strip(110, 30, [[10, 110]])).map((w) => w.text)).toEqual(['ABCD']);
  });

  it('reads light text on a dark band too', () => {
    const img = strip(200, 30, [
      [10, 60],
      [72, 140],
    ]);
    for (let i = 0; i < img.data.length; i++) img.data[i] = 255 - img.data[i]!;
    expect(splitLine('ANNA MARIA', rect(200, 30), img).map((w) => w.rect.x0)).toEqual([10, 72]);
  });
});
