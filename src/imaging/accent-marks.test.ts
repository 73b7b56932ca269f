import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectedMarks, greyPixels, marksAboveWord, spellingByMarks } from './accent-marks.js';

/** A word set in bold DejaVu Sans, blurred a little as a photo would, and its box. */
async function word(text: string, size = 48, weight = 'bold') {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size * 7}" height="${size * 2}"><rect width="100%" height="100%" fill="#fff"/><text x="${size / 2}" y="${size * 1.4}" font-family="DejaVu Sans" font-size="${size}" font-weight="${weight}">${text}</text></svg>`;
  const img = await greyPixels(await sharp(Buffer.from(svg)).blur(0.8).png().toBuffer());
  // the ink's box, as a reader would give it
  let [x0, y0, x1, y1] = [img.width, img.height, 0, 0];
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++)
      if (img.data[y * img.width + x]! < 128) [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x + 1), Math.max(y1, y + 1)];
  return { img, box: [x0, y0, x1, y1] as [number, number, number, number] };
}

describe('marksAboveWord', () => {
  it('tells two dots, an acute, a grave and a circumflex apart, and counts i dots', async () => {
    const cases: [string, string[]][] = [
      ['Sören', ['dot', 'dot']],
      ['Sôren', ['circumflex']],
      ['Sóren', ['acute']],
      ['Sòren', ['grave']],
      ['Soren', []],
      ['Émilie', ['acute', 'dot', 'dot']],
      ['Müller', ['dot', 'dot']],
      ['Fernández', ['acute']],
      ['Hartmann', []],
    ];
    for (const [text, marks] of cases)
      for (const [size, weight] of [
        [36, 'bold'],
        [48, 'bold'],
        [48, 'normal'],
      ] as const) {
        const { img, box } = await word(text, size, weight);
        expect(marksAboveWord(img, box), `${text} at ${size} px, ${weight}`).toEqual(marks);
      }
  });

  it('leaves out ink reaching into the box from outside it (a line above)', async () => {
    const { img, box } = await word('Soren');
    const h = box[3] - box[1];
    // a bar above the word, reaching down into the space the marks are looked for in
    for (let y = Math.max(0, box[1] - Math.round(h * 0.6)); y < box[1] - 2; y++) for (let x = box[0]; x < box[2]; x++) img.data[y * img.width + x] = 0;
    expect(marksAboveWord(img, box)).toEqual([]);
  });

  it('cannot measure an empty box', async () => {
    const { img } = await word('');
    expect(marksAboveWord(img, [10, 10, 60, 50])).toBeNull();
  });
});

describe('spellingByMarks', () => {
  it('chooses the one spelling whose marks were seen', () => {
    expect(spellingByMarks(['Soren', 'Sôren', 'Sören', 'Sóren'], ['dot', 'dot'])).toBe('Sören');
    expect(spellingByMarks(['Tomas', 'Tomäs', 'Tomás'], ['acute'])).toBe('Tomás');
    expect(spellingByMarks(['Emilie', 'Émilie'], ['acute', 'dot', 'dot'])).toBe('Émilie');
  });

  it('chooses none when no spelling fits, or more than one, or nothing was measured', () => {
    expect(spellingByMarks(['Sôren', 'Sóren'], ['dot', 'dot'])).toBeNull();
    expect(spellingByMarks(['Francois', 'François'], [])).toBeNull();
    expect(spellingByMarks(['Sören'], null)).toBeNull();
    expect(spellingByMarks(['Soren', 'Sören'], ['dot'])).toBeNull();
  });

  it('knows the marks of a spelling', () => {
    expect(expectedMarks('Jürgen')).toEqual(['dot', 'dot']);
    expect(expectedMarks('Ïda')).toEqual(['dot', 'dot']);
    expect(expectedMarks('Núñez')).toEqual(['acute', 'other']);
    expect(expectedMarks("O'Brien")).toBeNull();
  });
});
