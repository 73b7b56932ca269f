import { describe, expect, it } from 'vitest';
import type { Grey } from './accent-marks.js';
import { inkBesideLine } from './edge-ink.js';

/** A white band of a line 24 px high, with dark stems (letters the readers saw) from x 100 to 300. */
function line(extra: (img: Grey) => void = () => {}): Grey {
  const img: Grey = { data: new Uint8Array(400 * 60).fill(255), width: 400, height: 60 };
  for (let x = 100; x < 300; x += 16) paintInto(img, x, x + 3, 18, 42, 40);
  extra(img);
  return img;
}

const paintInto = (img: Grey, x0: number, x1: number, y0: number, y1: number, v: number) => {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) img.data[y * img.width + x] = v;
};

describe('ink beside a read line', () => {
  const box = [100, 18, 300, 42] as const;

  it('finds a faded letter stem left of the box, far fainter than the letters read', () => {
    const img = line((g) => paintInto(g, 80, 83, 19, 41, 228));
    expect(inkBesideLine(img, box)).toEqual({ left: true, right: false });
  });

  it('finds one after the box', () => {
    const img = line((g) => paintInto(g, 318, 321, 19, 41, 225));
    expect(inkBesideLine(img, box)).toEqual({ left: false, right: true });
  });

  /** A "B" from x, 14 px wide, faded to grey `v` (the letters read are 40 on paper 255), blurred:
   * stem, three thick bars and a bowl, its columns all about as dark. */
  const fadedB = (g: Grey, x: number, v: number) => {
    paintInto(g, x, x + 4, 19, 41, v);
    for (const y of [19, 28, 37]) paintInto(g, x + 4, x + 12, y, y + 5, v);
    paintInto(g, x + 10, x + 14, 19, 41, v);
  };

  it('finds a faded letter whose bars darken its whole width, so that no stem of it stands out', () => {
    const img = line((g) => fadedB(g, 76, 243));
    expect(inkBesideLine(img, box)).toEqual({ left: true, right: false });
  });

  it('finds a last letter faded to a few grey levels past the box (seed 22170: "SEVILI" read for SEVILLA)', () => {
    const img = line((g) => fadedB(g, 312, 247));
    expect(inkBesideLine(img, box)).toEqual({ left: false, right: true });
  });

  it('finds the faded end of a name, letters a small gap apart, with paper past the last (seed 23679: "PHARM" read for PHARMACY)', () => {
    const right = line((g) => [304, 321, 338].forEach((x) => fadedB(g, x, 243)));
    expect(inkBesideLine(right, box)).toEqual({ left: false, right: true });
    const left = line((g) => [48, 65, 82].forEach((x) => fadedB(g, x, 243)));
    expect(inkBesideLine(left, box)).toEqual({ left: true, right: false });
    // faded letters that run on to the image's edge have no paper beyond: the slip's border or a
    // background, not a word
    const toEdge = line((g) => [304, 321, 338, 355, 372, 389].forEach((x) => fadedB(g, x, 243)));
    expect(inkBesideLine(toEdge, box)).toEqual({ left: false, right: false });
  });

  it('takes a mark as dark as the print beside the name (an emblem) for no faded letter', () => {
    const img = line((g) => paintInto(g, 74, 90, 19, 41, 40));
    expect(inkBesideLine(img, box)).toEqual({ left: false, right: false });
  });

  it('sees nothing beside a line on clean paper, nor in a speck of dust or a hairline rule', () => {
    expect(inkBesideLine(line(), box)).toEqual({ left: false, right: false });
    const specked = line((g) => {
      paintInto(g, 80, 82, 28, 31, 60);
      paintInto(g, 310, 380, 30, 31, 60);
    });
    expect(inkBesideLine(specked, box)).toEqual({ left: false, right: false });
  });

  it("takes the seam at a photographed slip's edge, background beyond it, for no letter", () => {
    const img = line((g) => {
      paintInto(g, 0, 70, 0, 60, 110);
      paintInto(g, 70, 72, 0, 60, 80);
    });
    expect(inkBesideLine(img, box).left).toBe(false);
  });

  it("takes a line running down the page past the line's rows, paper beyond it, for the slip's edge or a fold", () => {
    // Faint and narrow as a faded stem, beside the line, but dark over and under it too.
    const img = line((g) => paintInto(g, 80, 83, 0, 60, 228));
    expect(inkBesideLine(img, box).left).toBe(false);
  });

  it("finds a letter's stem under a shadow's band, the band as dark over and under the line", () => {
    // A fold's shadow down the slip, past the line's rows, with the last letter before the read
    // text printed inside it: darker than the band around it, as the band is darker than paper.
    const img = line((g) => {
      paintInto(g, 80, 92, 0, 60, 150);
      paintInto(g, 84, 87, 19, 41, 110);
    });
    expect(inkBesideLine(img, box)).toEqual({ left: true, right: false });
  });

  it("takes the slip's edge running aslant past the line for no letter, though it is brighter over the line than under it", () => {
    const img = line((g) => {
      for (let y = 0; y < 60; y++) paintInto(g, 0, Math.round(70 + 0.25 * y), y, y + 1, 150);
    });
    expect(inkBesideLine(img, box).left).toBe(false);
  });

  it('takes a strip that is mostly dark for a background, not for letters', () => {
    const img = line((g) => paintInto(g, 0, 97, 0, 60, 70));
    expect(inkBesideLine(img, box).left).toBe(false);
  });
});
