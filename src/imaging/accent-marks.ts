import { openImage } from './open.js';

/** What sits above a letter: an i's dot or one dot of a diaeresis, an acute, grave or circumflex
 * accent, or another mark (tilde, ring, caron) that is not told apart here. */
export type MarkKind = 'dot' | 'acute' | 'grave' | 'circumflex' | 'other';

/** A greyscale image, one byte a pixel. */
export interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}

interface Component {
  left: number;
  top: number;
  right: number;
  bottom: number;
  pixels: number[];
}

/** Otsu's threshold of the pixels in a rectangle: ink is darker than it. */
function otsu(img: Grey, x0: number, y0: number, x1: number, y1: number): number {
  const hist = new Array<number>(256).fill(0);
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      hist[img.data[y * img.width + x]!]!++;
      n++;
    }
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i]!;
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 128;
  for (let i = 0; i < 256; i++) {
    wB += hist[i]!;
    if (wB === 0 || wB === n) continue;
    sumB += i * hist[i]!;
    const mB = sumB / wB;
    const mF = (sum - sumB) / (n - wB);
    const between = wB * (n - wB) * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      threshold = i;
    }
  }
  return threshold;
}

/** The ink's connected pieces (8-connected) inside a rectangle. */
function components(img: Grey, x0: number, y0: number, x1: number, y1: number): Component[] {
  const t = otsu(img, x0, y0, x1, y1);
  const w = x1 - x0;
  const seen = new Uint8Array(w * (y1 - y0));
  const ink = (x: number, y: number) => x >= x0 && x < x1 && y >= y0 && y < y1 && img.data[y * img.width + x]! <= t;
  const out: Component[] = [];
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      if (seen[(y - y0) * w + (x - x0)] || !ink(x, y)) continue;
      const c: Component = { left: x, top: y, right: x, bottom: y, pixels: [] };
      const stack = [x, y];
      seen[(y - y0) * w + (x - x0)] = 1;
      while (stack.length) {
        const py = stack.pop()!;
        const px = stack.pop()!;
        c.pixels.push(px, py);
        c.left = Math.min(c.left, px);
        c.right = Math.max(c.right, px);
        c.top = Math.min(c.top, py);
        c.bottom = Math.max(c.bottom, py);
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const nx = px + dx;
            const ny = py + dy;
            if (ink(nx, ny) && !seen[(ny - y0) * w + (nx - x0)]) {
              seen[(ny - y0) * w + (nx - x0)] = 1;
              stack.push(nx, ny);
            }
          }
      }
      out.push(c);
    }
  return out;
}

/** A mark's shape: an acute rises to the right, a grave to the left (told first: a small acute is
 * nearly as compact as a dot); a dot is a compact blob, as high on its left as on its right; a
 * circumflex peaks in its middle and stands on both ends. */
function kindOf(c: Component): MarkKind {
  const w = c.right - c.left + 1;
  const h = c.bottom - c.top + 1;
  const area = c.pixels.length / 2;
  const aspect = w / h;
  const band = Math.max(1, Math.round(h / 4));
  const xs = (from: number, to: number) => {
    const found: number[] = [];
    for (let i = 0; i < c.pixels.length; i += 2)
      if (c.pixels[i + 1]! >= from && c.pixels[i + 1]! <= to) found.push((c.pixels[i]! - c.left) / Math.max(1, w - 1));
    return found;
  };
  const top = xs(c.top, c.top + band - 1);
  const bottom = xs(c.bottom - band + 1, c.bottom);
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const tx = mean(top);
  const bx = mean(bottom);
  if (aspect < 2.2 && tx - bx > 0.25) return 'acute';
  if (aspect < 2.2 && bx - tx > 0.25) return 'grave';
  if (aspect >= 0.5 && aspect <= 2 && area / (w * h) >= 0.6) return 'dot';
  const feet = bottom.some((x) => x < 0.3) && bottom.some((x) => x > 0.7) && !bottom.some((x) => x > 0.4 && x < 0.6);
  if (Math.abs(tx - 0.5) < 0.2 && feet) return 'circumflex';
  return 'other';
}

/** The marks above a word's letters, left to right, read from the pixels of the word's box (in
 * pixels, [x0, y0, x1, y1]); null when the word's letters cannot be measured. A mark is a small
 * piece of ink wholly in the upper part of the line: above the lower-case letters, apart from them.
 * Ink reaching out of the box (a line above, a neighbour) is left out. */
export function marksAboveWord(img: Grey, box: [number, number, number, number]): MarkKind[] | null {
  const [bx0, by0, bx1, by1] = box;
  const pad = Math.round((by1 - by0) * 0.3);
  const x0 = Math.max(0, Math.floor(bx0) - 2);
  const x1 = Math.min(img.width, Math.ceil(bx1) + 2);
  const y0 = Math.max(0, Math.floor(by0) - pad);
  const y1 = Math.min(img.height, Math.ceil(by1) + 2);
  if (x1 - x0 < 4 || y1 - y0 < 8) return null;
  const all = components(img, x0, y0, x1, y1).filter((c) => c.left > x0 && c.right < x1 - 1 && c.top > y0 && c.bottom < y1 - 1);
  const tallest = Math.max(0, ...all.map((c) => c.bottom - c.top + 1));
  const noise = Math.max(3, (tallest * 0.06) ** 2);
  const pieces = all.filter((c) => c.pixels.length / 2 >= noise);
  const letters = pieces.filter((c) => c.bottom - c.top + 1 >= tallest * 0.45);
  if (letters.length < 2) return null;
  const bottoms = letters.map((c) => c.bottom).sort((a, b) => a - b);
  const baseline = bottoms[Math.floor(bottoms.length / 2)]!;
  const capHeight = baseline - Math.min(...letters.map((c) => c.top));
  if (capHeight < 8) return null;
  return pieces
    .filter((c) => !letters.includes(c) && c.bottom < baseline - 0.62 * capHeight && c.bottom - c.top + 1 < 0.45 * capHeight)
    .sort((a, b) => a.left + a.right - (b.left + b.right))
    .map(kindOf);
}

const COMBINING: Record<string, MarkKind[]> = { '\u0301': ['acute'], '\u0300': ['grave'], '\u0302': ['circumflex'], '\u0308': ['dot', 'dot'] };

/** The marks a word written this way shows above its letters, left to right: i and j dots and the
 * accents; null for a word with a mark not told apart here or a character not a letter. */
export function expectedMarks(word: string): MarkKind[] | null {
  const out: MarkKind[] = [];
  for (const ch of word.normalize('NFC')) {
    const [base, ...marks] = [...ch.normalize('NFD')];
    if (!base || !/\p{L}/u.test(base)) return null;
    if (marks.length === 0) {
      if (base === 'i' || base === 'j') out.push('dot');
      continue;
    }
    if (marks.length > 1) return null;
    const kinds = COMBINING[marks[0]!];
    if (kinds) out.push(...kinds);
    else if (marks[0] !== '\u0327') out.push('other'); // a cedilla hangs below: nothing above
  }
  return out;
}

/** Of several spellings of a word, the one whose marks are those the pixels show; null when none
 * or more than one fits. */
export function spellingByMarks(spellings: string[], seen: MarkKind[] | null): string | null {
  if (!seen) return null;
  const fits = [...new Set(spellings)].filter((s) => {
    const want = expectedMarks(s);
    return want !== null && want.length === seen.length && want.every((k, i) => k === seen[i]);
  });
  return fits.length === 1 ? fits[0]! : null;
}

/** An image's grey pixels. */
export async function greyPixels(png: Buffer): Promise<Grey> {
  const { data, info } = await openImage(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const grey = new Uint8Array(info.width * info.height);
  for (let i = 0; i < grey.length; i++) grey[i] = data[i * info.channels]!;
  return { data: grey, width: info.width, height: info.height };
}
