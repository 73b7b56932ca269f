import { CELL_H, CELL_W, cellInput, rowTones } from '../../src/readers/ocrb/cell.js';
import { OCRB_CLASSES } from '../../src/readers/ocrb/model.js';
import { findTextBands } from '../../src/readers/paddle/text-bands.js';
import { mrzLikeText, renderLine, type RenderedLine, type Rng } from './render.js';

/** Rendered lines cut into labelled cells, with the misplacement a real segmentation makes: the
 * centre off by up to a fifth of the pitch, the pitch and the row's top and bottom a little off. */

export interface LineSample {
  line: RenderedLine;
  top: number;
  bottom: number;
}

/** A rendered line with its ink rows found as reading finds them; null when the print hides them. */
export async function lineSample(rng: Rng): Promise<LineSample | null> {
  const length = [30, 36, 44][Math.floor(rng() * 3)]!;
  const line = await renderLine(rng, mrzLikeText(rng, length));
  const { width, height } = line.grey;
  const bands = findTextBands(line.grey, { x0: 0, y0: 0, x1: width, y1: height });
  const band = bands?.filter((b) => b.rect.x1 - b.rect.x0 > width * 0.5).sort((a, b) => b.rect.y1 - b.rect.y0 - (a.rect.y1 - a.rect.y0))[0];
  if (!band) return null;
  return { line, top: band.rect.y0, bottom: band.rect.y1 };
}

export const INPUT = CELL_W * CELL_H;

/** Every cell of the samples, with fresh misplacement; labels are class indices. */
export function cutCells(samples: readonly LineSample[], rng: Rng, jitter = true): { x: Float32Array; y: Uint8Array } {
  const count = samples.reduce((n, s) => n + s.line.text.length, 0);
  const x = new Float32Array(count * INPUT);
  const y = new Uint8Array(count);
  let k = 0;
  const off = (a: number): number => (jitter ? (rng() * 2 - 1) * a : 0);
  for (const s of samples) {
    const h = s.bottom - s.top;
    const tones = rowTones(s.line.grey, s.line.centres[0]! - s.line.pitch, s.top, s.line.centres.at(-1)! + s.line.pitch, s.bottom);
    s.line.text.split('').forEach((ch, i) => {
      const pitch = s.line.pitch * (1 + off(0.06));
      const top = s.top + off(0.08) * h;
      const bottom = s.bottom + off(0.08) * h;
      cellInput(s.line.grey, s.line.centres[i]! + off(0.2) * s.line.pitch, top, bottom, pitch, tones, x.subarray(k * INPUT, (k + 1) * INPUT));
      y[k] = OCRB_CLASSES.indexOf(ch);
      k++;
    });
  }
  return { x, y };
}
