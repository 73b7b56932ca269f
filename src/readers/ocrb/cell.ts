import type { GreyImage } from '../paddle/words.js';

/** What the glyph classifier sees of one MRZ character: its cell (one pitch wide, the row's ink
 * height with a margin) resampled to CELL_W × CELL_H by area averaging, as ink darkness 0–1
 * measured against the row's own paper and ink tones. Training (scripts/train-ocrb.ts) and reading
 * cut cells with this same code, so the classifier learns exactly what it is shown. */

export const CELL_W = 16;
export const CELL_H = 24;
/** Share of the row's ink height added above and below the cell (a glyph's own extent varies). */
export const CELL_V_MARGIN = 0.12;

/** The row's paper and ink grey levels (a high and a low percentile of its pixels), so that a
 * cell's darkness is relative to its own lighting. */
export interface Tones {
  paper: number;
  ink: number;
}

export function rowTones(img: GreyImage, x0: number, y0: number, x1: number, y1: number): Tones {
  const hist = new Uint32Array(256);
  let n = 0;
  const [ax, bx] = [Math.max(0, Math.floor(x0)), Math.min(img.width, Math.ceil(x1))];
  const [ay, by] = [Math.max(0, Math.floor(y0)), Math.min(img.height, Math.ceil(y1))];
  for (let y = ay; y < by; y++)
    for (let x = ax; x < bx; x++) {
      hist[img.data[y * img.width + x]!]!++;
      n++;
    }
  const at = (q: number): number => {
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += hist[v]!;
      if (seen >= q * n) return v;
    }
    return 255;
  };
  const paper = at(0.85);
  const ink = at(0.03);
  return { paper, ink: Math.min(ink, paper - 16) };
}

/** The cell centred at `cx` between the row's ink top and bottom `top`/`bottom`, `pitch` wide, as
 * CELL_W × CELL_H darkness values (row-major). Area averaging keeps thin strokes of a large crop
 * and the blur of a small one alike. `slant`: pixels the print moves right per pixel down (a
 * photo's perspective slants a line's glyphs); the cell follows it, so its glyph comes out upright. */
export function cellInput(
  img: GreyImage,
  cx: number,
  top: number,
  bottom: number,
  pitch: number,
  tones: Tones,
  out = new Float32Array(CELL_W * CELL_H),
  slant = 0,
): Float32Array {
  const margin = (bottom - top) * CELL_V_MARGIN;
  const y0 = top - margin;
  const h = bottom - top + 2 * margin;
  const [sx, sy] = [pitch / CELL_W, h / CELL_H];
  const range = Math.max(16, tones.paper - tones.ink);
  const middle = (top + bottom) / 2;
  for (let j = 0; j < CELL_H; j++) {
    const ya = y0 + j * sy;
    const yb = ya + sy;
    const x0 = cx - pitch / 2 + ((ya + yb) / 2 - middle) * slant;
    for (let i = 0; i < CELL_W; i++) {
      const xa = x0 + i * sx;
      const xb = xa + sx;
      let sum = 0;
      let weight = 0;
      for (let y = Math.floor(ya); y < yb; y++) {
        const wy = Math.min(yb, y + 1) - Math.max(ya, y);
        if (wy <= 0) continue;
        const yy = Math.min(img.height - 1, Math.max(0, y));
        for (let x = Math.floor(xa); x < xb; x++) {
          const wx = Math.min(xb, x + 1) - Math.max(xa, x);
          if (wx <= 0) continue;
          const xx = Math.min(img.width - 1, Math.max(0, x));
          // outside the image counts as paper
          const v = y < 0 || x < 0 || y >= img.height || x >= img.width ? tones.paper : img.data[yy * img.width + xx]!;
          sum += v * wx * wy;
          weight += wx * wy;
        }
      }
      const v = weight > 0 ? sum / weight : tones.paper;
      out[j * CELL_W + i] = Math.min(1, Math.max(0, (tones.paper - v) / range));
    }
  }
  return out;
}
