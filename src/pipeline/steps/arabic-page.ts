import { openImage } from '../../imaging/open.js';
import type { TesseractReader } from '../../readers/tesseract.js';
import type { Box, Line, Word } from '../../readers/types.js';

/** The page as the Arabic engine is given it: English words painted over, cut into bands and
 * lines. Shared by the steps that read a card's Arabic (its name, its labels). */

/** Latin words the English page read is at least this sure of are painted over before the Arabic
 * engine looks: read with Arabic letters, an English word turns into Arabic-looking garbage. What
 * the English read made of Arabic print is Latin garbage of low confidence, and stays. */
const LATIN_SURE = 0.5;
const LATIN = /^[\x20-\x7e\u2019]+$/;
/** Of a line's height: words of one row stand closer than this (the page-space boxes are
 * fractions of width and height alike, so this holds only roughly; a card is wider than tall). */
const GAP = 1.5;

export type Page = { png: Buffer; width: number; height: number };

/** The page with the Latin words painted over in the paper's mean colour. */
export async function withoutLatin(page: Page, words: readonly Word[]): Promise<Buffer> {
  const { channels } = await openImage(page.png).stats();
  const [r, g, b] = [0, 1, 2].map((c) => Math.round(channels[Math.min(c, channels.length - 1)]!.mean));
  const rects = words
    .filter((w) => w.confidence >= LATIN_SURE && LATIN.test(w.text))
    .map(({ box: [x0, y0, x1, y1] }) => {
      const [x, y] = [x0 * page.width - 2, y0 * page.height - 2];
      return `<rect x="${x}" y="${y}" width="${(x1 - x0) * page.width + 4}" height="${(y1 - y0) * page.height + 4}" fill="rgb(${r},${g},${b})"/>`;
    });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${page.width}" height="${page.height}">${rects.join('')}</svg>`;
  const composed = await openImage(page.png)
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
  // The overlay leaves an alpha channel, which Tesseract takes against a white margin as ink.
  return openImage(composed).removeAlpha().png().toBuffer();
}

/** A box of the page cut out of `png`, greyscale, and the map from the crop's fractions back to
 * the page's. A line (`lineHeight` given) is scaled to that height and its contrast stretched, on
 * a white margin; a band is read as printed. */
export async function cut(
  png: Buffer,
  page: Page,
  [x0, y0, x1, y1]: Box,
  lineHeight?: number,
  bandScale = 1,
): Promise<{ png: Buffer; toPage: (b: Box) => Box } | null> {
  const left = Math.max(0, Math.floor(x0 * page.width));
  const top = Math.max(0, Math.floor(y0 * page.height));
  const width = Math.min(page.width - left, Math.ceil((x1 - x0) * page.width));
  const height = Math.min(page.height - top, Math.ceil((y1 - y0) * page.height));
  if (width < 8 || height < 8) return null;
  const scale = lineHeight ? lineHeight / height : bandScale;
  const [w, h] = [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
  // A white margin around a band of grey paper makes a framed picture, which Tesseract skips.
  const border = lineHeight ? Math.round(h / 2) : 0;
  const grey = openImage(png).extract({ left, top, width, height }).resize(w, h, { kernel: 'lanczos3' }).greyscale();
  // A second pass: sharp stretches contrast after extending, where the white margin would darken the paper.
  const out = await openImage(await (lineHeight ? grey.normalise() : grey).png().toBuffer())
    .extend({ top: border, bottom: border, left: border, right: border, background: '#ffffff' })
    .png()
    .toBuffer();
  const [W, H] = [w + 2 * border, h + 2 * border];
  const fx = (f: number) => (left + (f * W - border) / scale) / page.width;
  const fy = (f: number) => (top + (f * H - border) / scale) / page.height;
  return { png: out, toPage: ([a, b, c, d]) => [fx(a), fy(b), fx(c), fy(d)] };
}

/** The Arabic engine's lines of a cut, on the page's coordinates. */
export async function readCut(engine: TesseractReader, crop: { png: Buffer; toPage: (b: Box) => Box }, psm: 6 | 7 | 11 | 13, signal?: AbortSignal) {
  const read = await engine.readRegion(crop.png, { psm, ...(signal ? { signal } : {}) });
  return read.lines.map((l) => ({ ...l, box: crop.toPage(l.box), words: l.words.map((w) => ({ ...w, box: crop.toPage(w.box) })) }));
}

/** Sparse-text reading (psm 11) may give each word of a row as a line of its own: lines that
 * share most of their height and stand within GAP line heights of each other are one row. */
export function rows(lines: readonly Line[]): Line[] {
  const out: Line[] = [];
  for (const l of [...lines].sort((a, b) => a.box[0] - b.box[0])) {
    const h = l.box[3] - l.box[1];
    const row = out.find((r) => {
      const overlap = Math.min(r.box[3], l.box[3]) - Math.max(r.box[1], l.box[1]);
      return overlap > 0.5 * Math.min(h, r.box[3] - r.box[1]) && l.box[0] - r.box[2] < GAP * h;
    });
    if (!row) {
      out.push({ ...l, words: [...l.words] });
      continue;
    }
    row.words.push(...l.words);
    row.box = unionBox(row.words);
  }
  // Right to left, as the words are read.
  return out.map((r) => {
    const words = [...r.words].sort((a, b) => b.box[2] - a.box[2]);
    return { ...r, words, text: words.map((w) => w.text).join(' ') };
  });
}

export const unionBox = (words: readonly Word[]): Box => [
  Math.min(...words.map((w) => w.box[0])),
  Math.min(...words.map((w) => w.box[1])),
  Math.max(...words.map((w) => w.box[2])),
  Math.max(...words.map((w) => w.box[3])),
];
