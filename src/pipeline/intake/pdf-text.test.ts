import { describe, expect, it } from 'vitest';
import { countTextChars, pageTextFromItems, type PdfTextItem, type PdfViewport } from './pdf-text.js';

// A Letter page at scale 1: PDF y runs up from the bottom, the viewport's down from the top.
const letter: PdfViewport = { width: 612, height: 792, convertToViewportPoint: (x, y) => [x, 792 - y] };
const styles = { f: { ascent: 0.8, descent: -0.2 } };
const item = (str: string, x: number, baseline: number, width: number, size = 10, dir?: string): PdfTextItem => ({
  str,
  ...(dir ? { dir } : {}),
  transform: [size, 0, 0, size, x, baseline],
  width,
  height: size,
  fontName: 'f',
});

describe('pageTextFromItems', () => {
  it('gives each word a top-left fractional box from the baseline, ascent and descent', () => {
    const page = pageTextFromItems(1, [item('Hello world', 72, 700, 55)], styles, letter);
    expect(page.lines).toHaveLength(1);
    const [hello, world] = page.lines[0]!.words;
    expect(hello!.text).toBe('Hello');
    expect(world!.text).toBe('world');
    expect(hello!.box[0]).toBeCloseTo(72 / 612, 6);
    expect(hello!.box[1]).toBeCloseTo((792 - 708) / 792, 6); // baseline 700 + ascent 8
    expect(hello!.box[3]).toBeCloseTo((792 - 698) / 792, 6); // baseline 700 + descent -2
    expect(hello!.box[2]).toBeCloseTo((72 + (55 * 5) / 11) / 612, 6);
    expect(world!.box[0]).toBeCloseTo((72 + (55 * 6) / 11) / 612, 6);
    expect(page.lines[0]!.text).toBe('Hello world');
  });

  it('orders lines top to bottom whatever order the items come in', () => {
    const page = pageTextFromItems(1, [item('Second', 72, 680, 30), item('First', 72, 700, 25)], styles, letter);
    expect(page.lines.map((l) => l.text)).toEqual(['First', 'Second']);
    expect(page.lines[0]!.box[1]).toBeLessThan(page.lines[1]!.box[1]);
  });

  it('keeps two tightly set lines apart when a large heading beside them spans both', () => {
    const page = pageTextFromItems(
      1,
      [item('FACTUUR.', 72, 695, 100, 22), item('Coolblue B.V.', 450, 700, 55), item('Weena 664', 450, 688.5, 45)],
      styles,
      letter,
    );
    expect(page.lines.map((l) => l.text)).toEqual(['FACTUUR.', 'Coolblue B.V.', 'Weena 664']);
  });

  it('joins glyph-per-item fragments that touch into one word', () => {
    const page = pageTextFromItems(1, [item('T', 72, 700, 6), item('o', 78, 700, 5), item('tal', 83, 700, 12), item('9', 110, 700, 5)], styles, letter);
    expect(page.lines[0]!.words.map((w) => w.text)).toEqual(['Total', '9']);
  });

  it('joins items under 0.15 em apart (a word set in pieces with letter spacing) and keeps a space-wide gap', () => {
    // At 10 pt: "Br" and "uttosumme" 0.11 em apart (a viewer's tracking, a font switch between
    // them); "235,62" a narrow space (0.2 em) after.
    const page = pageTextFromItems(1, [item('Br', 72, 700, 9.4), item('uttosumme', 82.5, 700, 50), item('235,62', 134.5, 700, 30)], styles, letter);
    expect(page.lines[0]!.words.map((w) => w.text)).toEqual(['Bruttosumme', '235,62']);
  });

  it('splits a row at a column gap into two lines', () => {
    const page = pageTextFromItems(1, [item('Left', 72, 700, 20), item('Right', 400, 700, 25)], styles, letter);
    expect(page.lines.map((l) => l.text)).toEqual(['Left', 'Right']);
  });

  it('counts letters and digits only', () => {
    const page = pageTextFromItems(1, [item('A-1 ... b2', 72, 700, 50)], styles, letter);
    expect(countTextChars(page)).toBe(4);
  });

  it("puts a right-to-left item's words (pdf.js gives them in reading order) where they sit, and the line in reading order", () => {
    // pdf.js read "عبد الله" drawn at the right of "Doha": its item holds the Arabic words first.
    const page = pageTextFromItems(1, [item('عبد الله Doha', 72, 700, 65, 10, 'rtl')], styles, letter);
    const [line] = page.lines;
    expect(line!.words.map((w) => w.text)).toEqual(['Doha', 'عبد', 'الله']);
    const [doha, abd, allah] = line!.words;
    expect(doha!.box[0]).toBeCloseTo(72 / 612, 6);
    expect(allah!.box[0]).toBeLessThan(abd!.box[0]);
    expect(line!.text).toBe('Doha عبد الله');
  });
});
