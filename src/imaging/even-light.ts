import { openImage } from './open.js';

/** Side (px) of the blocks the paper's brightness is estimated over. With the 3 × 3 neighbourhood
 * taken around each, a window of 48 px: wider than a till slip's letters and strokes, so that every
 * window holds some bare paper. */
const BLOCK_PX = 16;

/** The light over the page, judged from the paper: a page whose dimmest paper is this fraction of
 * its brightest, or darker, is lit unevenly (a photo's light falling off, a shadow, a dark table
 * around the slip). */
export const UNEVEN_LIGHT_RATIO = 0.72;
/** Parts of the page across and down that the light is compared between. */
const CELLS = 4;

export interface PaperLight {
  /** The paper's brightness (0–255) per block, BLOCK_PX square, row by row. */
  grid: Float32Array;
  columns: number;
  rows: number;
  /** Dimmest paper over brightest, at the scale of the light: over CELLS × CELLS parts of the page. */
  ratio: number;
}

/** The paper's brightness around each part of a greyscale image: per block, the brightest pixel
 * of its 3 × 3 block neighbourhood (ink is darker than paper, so the brightest is paper), then
 * averaged with its neighbours so that the estimate changes smoothly. */
export function paperLight(grey: Uint8Array, width: number, height: number, block = BLOCK_PX): PaperLight {
  const columns = Math.ceil(width / block);
  const rows = Math.ceil(height / block);
  const top = new Float32Array(columns * rows);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / block) * columns;
    for (let x = 0; x < width; x++) {
      const i = row + Math.floor(x / block);
      const v = grey[y * width + x]!;
      if (v > top[i]!) top[i] = v;
    }
  }
  const around = (src: Float32Array, pick: (acc: number, v: number, n: number) => number, end: (acc: number, n: number) => number) => {
    const out = new Float32Array(columns * rows);
    for (let by = 0; by < rows; by++) {
      for (let bx = 0; bx < columns; bx++) {
        let acc = 0;
        let n = 0;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const yy = by + dy;
            const xx = bx + dx;
            if (yy < 0 || yy >= rows || xx < 0 || xx >= columns) continue;
            n++;
            acc = pick(acc, src[yy * columns + xx]!, n);
          }
        }
        out[by * columns + bx] = end(acc, n);
      }
    }
    return out;
  };
  const paper = around(
    top,
    (acc, v) => Math.max(acc, v),
    (acc) => acc,
  );
  const grid = around(
    paper,
    (acc, v) => acc + v,
    (acc, n) => acc / n,
  );
  // The light over the page at a coarse scale: the median paper of each of CELLS × CELLS parts of
  // the page. A median, so that a dark border (a scanner's lid, a table beyond the slip's edge), a
  // stamp or a logo within a part is not taken for the light there.
  const medians: number[] = [];
  for (let cy = 0; cy < CELLS; cy++) {
    for (let cx = 0; cx < CELLS; cx++) {
      const part: number[] = [];
      for (let by = Math.floor((cy * rows) / CELLS); by < Math.floor(((cy + 1) * rows) / CELLS); by++) {
        for (let bx = Math.floor((cx * columns) / CELLS); bx < Math.floor(((cx + 1) * columns) / CELLS); bx++) part.push(grid[by * columns + bx]!);
      }
      if (part.length) medians.push(part.sort((a, b) => a - b)[Math.floor(part.length / 2)]!);
    }
  }
  const brightest = Math.max(...medians);
  const ratio = brightest > 0 ? Math.min(...medians) / brightest : 1;
  return { grid, columns, rows, ratio };
}

/** Each pixel divided by the paper's brightness around it (a flat field), so the paper comes out
 * white everywhere and the ink keeps its contrast to the paper beside it. */
export function flattenLight(grey: Uint8Array, width: number, height: number, light: PaperLight, block = BLOCK_PX): Uint8Array {
  const { grid, columns, rows } = light;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(rows - 1, Math.max(0, (y + 0.5) / block - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(rows - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(columns - 1, Math.max(0, (x + 0.5) / block - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(columns - 1, x0 + 1);
      const tx = fx - x0;
      const top = grid[y0 * columns + x0]! * (1 - tx) + grid[y0 * columns + x1]! * tx;
      const bottom = grid[y1 * columns + x0]! * (1 - tx) + grid[y1 * columns + x1]! * tx;
      const paper = top * (1 - ty) + bottom * ty;
      out[y * width + x] = Math.min(255, Math.round((255 * grey[y * width + x]!) / Math.max(1, paper)));
    }
  }
  return out;
}

/** A page photographed in uneven light, made even for OCR: greyscale, divided by the paper's own
 * brightness around each pixel. Tesseract binarises a page with one threshold, and on a slip whose
 * light falls off across it (or which lies on a dark table) it loses whole lines on the dim side.
 * Returns null when the page's light is already even (a flatbed scan, a rendered page): there is
 * nothing to correct, and the page is read as it came. `evenAbove`: the paper ratio above which
 * the light counts as even (UNEVEN_LIGHT_RATIO unless said; 1 makes any page even, for a page
 * Tesseract read no text from as it came). */
export async function evenLight(png: Buffer, opts: { evenAbove?: number } = {}): Promise<{ png: Buffer; width: number; height: number; ratio: number } | null> {
  const { data, info } = await openImage(png).greyscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const grey = new Uint8Array(data.buffer, data.byteOffset, data.length);
  // The paper is judged a little blurred: one bright speck of JPEG noise is not the paper.
  const soft = await openImage(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .blur(1)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const light = paperLight(new Uint8Array(soft.buffer, soft.byteOffset, soft.length), info.width, info.height);
  if (light.ratio > (opts.evenAbove ?? UNEVEN_LIGHT_RATIO)) return null;
  const flat = flattenLight(grey, info.width, info.height, light);
  const out = await openImage(Buffer.from(flat.buffer, flat.byteOffset, flat.length), { raw: { width: info.width, height: info.height, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { png: out, width: info.width, height: info.height, ratio: light.ratio };
}
