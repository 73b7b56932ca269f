import sharp from 'sharp';
import type { Box } from '../types.js';
import { pixelsToBox } from '../../domain/field.js';
import { openImage } from '../../imaging/open.js';
import type { GreyImage } from '../paddle/words.js';

/** Finds the MRZ band in a photo or scan and cuts it out straight, ready for OCR.
 *
 * On a greyscale copy at most WORK_WIDTH wide: a black-hat (closing minus image) keeps thin dark
 * strokes and drops large dark areas (photo, background, shadows); the skew is the angle whose
 * projection of those stroke pixels gives the sharpest row profile; in the straightened frame each
 * row's longest run of strokes (small gaps bridged) marks text lines, and the MRZ is the widest
 * block of 2–3 lines of equal extent, the lowest on a tie. All of it is a few passes over
 * ~0.5 MP of bytes (tens of ms), so it runs inline. */

const WORK_WIDTH = 800;
/** Closing kernel: wider than a stroke at work size, narrower than a photo or a shadow. */
const KERNEL = 5;
const MAX_SKEW_DEG = 8;
/** A text row of the work copy drifts by its own height over ~0.8°: coarse steps must be finer. */
const SKEW_COARSE_DEG = 0.5;
const SKEW_FINE_DEG = 0.1;
/** A text line must run at least this share of the straightened width. */
const MIN_LINE_SHARE = 0.3;
/** …and be at least this share of the width tall (an MRZ character is ~1/60 of its line). */
const MIN_LINE_HEIGHT_SHARE = 0.006;
/** Lines of one block differ in start and length by at most this share of the width. */
const ALIGN_SHARE = 0.08;
/** …and are at most this many line heights apart (a row of fillers is only half a line tall). */
const MAX_LINE_GAP = 3;
/** Characters of the crop end up about this tall (line pitch ≈ 1.6 × character height). */
const TARGET_PITCH_PX = 56;
const MAX_CROP_WIDTH = 3600;
/** Line pitch over the height of one line's strokes, in MRZ print. */
const LINE_PITCH_PER_HEIGHT = 2;
/** A column belongs to a line's extent with strokes in this many of its rows: a glyph's stroke
 * crosses several, the thin lines of a guilloche behind it one or two. */
const MIN_INKED_ROWS = 3;

export interface MrzBand {
  /** Axis-aligned bounds of the band on the page, fractions. */
  box: Box;
  /** Degrees the text runs clockwise from horizontal (image y down); the crop turns by -angle. */
  angle: number;
  /** The band as a straight rectangle: its centre, and its width and height, in page fractions. */
  centre: [number, number];
  size: [number, number];
  /** Text lines found in the band (2 or 3 for a real MRZ; 1 when the lines touch). */
  lines: number;
}

/** Each pass takes tens of milliseconds: let timers and I/O through between them. */
const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}

async function workCopy(png: Buffer): Promise<{ grey: Grey; scale: number; page: { width: number; height: number } }> {
  const img = openImage(png);
  const meta = await img.metadata();
  if (!meta.width || !meta.height) throw new Error('mrz locate: image has no size');
  const width = Math.min(meta.width, WORK_WIDTH);
  const { data, info } = await img.greyscale().resize({ width }).raw().toBuffer({ resolveWithObject: true });
  return {
    grey: { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height },
    scale: meta.width / info.width,
    page: { width: meta.width, height: meta.height },
  };
}

/** Raw pixels already decoded (1 to 4 channels, any alpha ignored). */
export interface RawPixels {
  data: Uint8Array | Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** The work copy from a smaller copy of the page the caller already decoded: no second decode of
 * the page itself. Grey and area-averaged here rather than by sharp, whose colour conversion and
 * Lanczos resize of a raw copy cost about 35 ms a camera frame against about 5: the band search
 * looks for strokes, not colours. */
function workCopyOf(pixels: RawPixels, page: { width: number; height: number }): { grey: Grey; scale: number; page: { width: number; height: number } } {
  const { data, channels } = pixels;
  const width = Math.min(pixels.width, WORK_WIDTH);
  const height = Math.max(1, Math.round((pixels.height * width) / pixels.width));
  // each source pixel's grey (Rec. 601 weights in 8-bit fixed point; grey copies as they are)
  const luma = new Uint8Array(pixels.width * pixels.height);
  if (channels >= 3) for (let i = 0, at = 0; i < luma.length; i++, at += channels) luma[i] = (77 * data[at]! + 150 * data[at + 1]! + 29 * data[at + 2]!) >> 8;
  else for (let i = 0, at = 0; i < luma.length; i++, at += channels) luma[i] = data[at]!;
  const across = areaSpans(pixels.width, width);
  const down = areaSpans(pixels.height, height);
  // rows first, then columns: each output pixel the mean of the source area it covers
  const rows = new Float32Array(width * pixels.height);
  for (let y = 0; y < pixels.height; y++) {
    const base = y * pixels.width;
    const out = y * width;
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let k = across.start[x]!, end = across.start[x + 1]!; k < end; k++) sum += luma[base + across.index[k]!]! * across.weight[k]!;
      rows[out + x] = sum;
    }
  }
  const grey = new Uint8Array(width * height);
  const column = new Float32Array(width);
  for (let y = 0; y < height; y++) {
    column.fill(0);
    for (let k = down.start[y]!, end = down.start[y + 1]!; k < end; k++) {
      const from = down.index[k]! * width;
      const w = down.weight[k]!;
      for (let x = 0; x < width; x++) column[x]! += rows[from + x]! * w;
    }
    // a mean of 0–255 values stays within them: + 0.5 and the store's truncation round it
    for (let x = 0; x < width; x++) grey[y * width + x] = column[x]! + 0.5;
  }
  return { grey: { data: grey, width, height }, scale: page.width / width, page };
}

/** For each of `to` output cells over `from` source cells: the source cells it covers and the
 * share of it each one makes (summing to 1), flattened, `start` indexing each output's run. */
function areaSpans(from: number, to: number): { start: Int32Array; index: Int32Array; weight: Float32Array } {
  const f = from / to;
  const start = new Int32Array(to + 1);
  const index: number[] = [];
  const weight: number[] = [];
  for (let o = 0; o < to; o++) {
    start[o] = index.length;
    const [a, b] = [o * f, Math.min(from, (o + 1) * f)];
    for (let s = Math.floor(a); s < b; s++) {
      const w = Math.min(b, s + 1) - Math.max(a, s);
      if (w <= 0) continue;
      index.push(s);
      weight.push(w / (b - a));
    }
  }
  start[to] = index.length;
  return { start, index: Int32Array.from(index), weight: Float32Array.from(weight) };
}

/** Sliding max (dilation) over a window of `k` along rows or columns, clipped at the image's
 * edges. Both directions walk the bytes row by row (columns too: whole rows are compared at once),
 * with no comparison callback; the kernel is small enough that running extremes would not pay. */
function dilate1d(src: Uint8Array, w: number, h: number, k: number, horizontal: boolean): Uint8Array {
  const out = new Uint8Array(src.length);
  const r = k >> 1;
  if (horizontal) {
    for (let y = 0; y < h; y++) {
      const base = y * w;
      for (let x = 0; x < w; x++) {
        const from = base + (x > r ? x - r : 0);
        const to = base + (x + r < w ? x + r : w - 1);
        let v = src[from]!;
        for (let d = from + 1; d <= to; d++) if (src[d]! > v) v = src[d]!;
        out[base + x] = v;
      }
    }
    return out;
  }
  for (let y = 0; y < h; y++) {
    const [lo, hi] = [Math.max(0, y - r), Math.min(h - 1, y + r)];
    const row = y * w;
    out.set(src.subarray(lo * w, lo * w + w), row);
    for (let yy = lo + 1; yy <= hi; yy++) {
      const other = yy * w;
      for (let x = 0; x < w; x++) if (src[other + x]! > out[row + x]!) out[row + x] = src[other + x]!;
    }
  }
  return out;
}

/** 255 minus each byte, in place: an erosion is the dilation of the inverted image, inverted. */
function invert(a: Uint8Array): Uint8Array {
  for (let i = 0; i < a.length; i++) a[i] = 255 - a[i]!;
  return a;
}

/** Stroke pixels: where the closing lifts the image by more than a threshold. */
function strokeMask(g: Grey): Uint8Array {
  const { data, width: w, height: h } = g;
  const dilated = dilate1d(dilate1d(data, w, h, KERNEL, true), w, h, KERNEL, false);
  const closed = invert(dilate1d(dilate1d(invert(dilated), w, h, KERNEL, true), w, h, KERNEL, false));
  const hat = new Uint8Array(data.length);
  const hist = new Uint32Array(256);
  for (let i = 0; i < data.length; i++) {
    hat[i] = closed[i]! - data[i]!;
    hist[hat[i]!]!++;
  }
  // a share of the strong strokes' contrast, so faint print and blur still count
  let seen = 0;
  let p99 = 255;
  for (let v = 255; v >= 0; v--) {
    seen += hist[v]!;
    if (seen >= data.length * 0.01) {
      p99 = v;
      break;
    }
  }
  const threshold = Math.max(20, p99 * 0.35);
  const mask = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) mask[i] = hat[i]! > threshold ? 1 : 0;
  return mask;
}

function projectionScore(xs: number[], ys: number[], bins: Float64Array, offset: number, angle: number): number {
  const rad = (angle * Math.PI) / 180;
  const [c, s] = [Math.cos(rad), Math.sin(rad)];
  bins.fill(0);
  for (let i = 0; i < xs.length; i++) bins[Math.round(ys[i]! * c - xs[i]! * s + offset)]! += 1;
  let score = 0;
  for (const b of bins) score += b * b;
  return score;
}

/** The skew whose row projection of stroke pixels is sharpest (text rows are thin and dense):
 * half degrees first, then tenths around the best. */
function estimateSkew(mask: Uint8Array, w: number, h: number): number {
  const xs: number[] = [];
  const ys: number[] = [];
  const step = Math.max(1, Math.floor(Math.sqrt(mask.length / 150_000)));
  // sampled on a coarser grid and binned at that grid, else angle 0 aliases into a false peak
  for (let y = 0; y < h; y += step) for (let x = 0; x < w; x += step) if (mask[y * w + x]) xs.push(x / step), ys.push(y / step);
  const [sw, sh] = [Math.ceil(w / step), Math.ceil(h / step)];
  const bins = new Float64Array(sh + sw + 2);
  let best = { angle: 0, score: projectionScore(xs, ys, bins, sw, 0) };
  const consider = (a: number): void => {
    const score = projectionScore(xs, ys, bins, sw, a);
    // a clearly sharper profile is needed to turn at all, so a page without text stays as it is
    if (score > best.score * 1.001) best = { angle: a, score };
  };
  for (let a = -MAX_SKEW_DEG; a <= MAX_SKEW_DEG + 1e-9; a += SKEW_COARSE_DEG) if (Math.abs(a) > 1e-9) consider(a);
  const coarse = best.angle;
  for (let k = -4; k <= 4; k++) if (k !== 0) consider(coarse + k * SKEW_FINE_DEG);
  return Math.round(best.angle * 100) / 100;
}

interface Frame {
  mask: Uint8Array;
  width: number;
  height: number;
  /** Straightened-frame pixel → work-image pixel. */
  toWork(x: number, y: number): [number, number];
}

/** The stroke mask resampled into a frame turned by -angle about the image centre, padded so that no corner is lost. */
function straighten(mask: Uint8Array, w: number, h: number, angle: number): Frame {
  const rad = (angle * Math.PI) / 180;
  const [c, s] = [Math.cos(rad), Math.sin(rad)];
  const pad = Math.ceil((w + h) * Math.abs(s) * 0.5) + 1;
  const [W, H] = [w + 2 * pad, h + 2 * pad];
  const [cx, cy, CX, CY] = [w / 2, h / 2, W / 2, H / 2];
  // the page was turned clockwise by angle: a straight point maps back by turning it clockwise
  const toWork = (x: number, y: number): [number, number] => [cx + (x - CX) * c - (y - CY) * s, cy + (x - CX) * s + (y - CY) * c];
  const out = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    // walk the row in steps of (c, s) instead of mapping every pixel afresh
    let sx = cx - CX * c - (y - CY) * s;
    let sy = cy - CX * s + (y - CY) * c;
    for (let x = 0; x < W; x++, sx += c, sy += s) {
      const ix = Math.round(sx);
      const iy = Math.round(sy);
      if (ix >= 0 && iy >= 0 && ix < w && iy < h) out[y * W + x] = mask[iy * w + ix]!;
    }
  }
  return { mask: out, width: W, height: H, toWork };
}

interface Run {
  start: number;
  end: number;
}

/** Per row, the longest run of stroke pixels once gaps up to `gap` are bridged. */
function longestRuns(f: Frame, gap: number): Run[] {
  const runs: Run[] = [];
  for (let y = 0; y < f.height; y++) {
    let best: Run = { start: 0, end: 0 };
    let start = -1;
    let last = -Infinity;
    for (let x = 0; x < f.width; x++) {
      if (!f.mask[y * f.width + x]) continue;
      if (x - last > gap) start = x;
      last = x;
      if (x + 1 - start > best.end - best.start) best = { start, end: x + 1 };
    }
    runs.push(best);
  }
  return runs;
}

interface TextLine {
  top: number;
  bottom: number;
  start: number;
  end: number;
}

function textLines(runs: Run[], minLength: number, minHeight: number): TextLine[] {
  const lines: TextLine[] = [];
  let cur: TextLine | null = null;
  runs.forEach((r, y) => {
    if (r.end - r.start >= minLength) {
      if (cur) {
        cur.bottom = y + 1;
        cur.start = Math.min(cur.start, r.start);
        cur.end = Math.max(cur.end, r.end);
      } else cur = { top: y, bottom: y + 1, start: r.start, end: r.end };
    } else if (cur) {
      lines.push(cur);
      cur = null;
    }
  });
  if (cur) lines.push(cur);
  // a few rows of strokes are a rule or an edge, not a line of text
  return lines.filter((l) => l.bottom - l.top >= minHeight);
}

/** A print line whose middle rows fall short of the strict length (a row through the open middles
 * of round digits and the tips of fillers) comes out as stacked pieces; pieces that lie within one
 * line of the looser length are that one line. Two MRZ lines never share a loose line: the blank
 * rows between them break it. */
function joinPieces(lines: TextLine[], loose: TextLine[]): TextLine[] {
  const out: TextLine[] = [];
  for (const line of lines) {
    const prev = out.at(-1);
    if (prev && loose.some((l) => l.top <= prev.top && l.bottom >= line.bottom)) {
      prev.bottom = line.bottom;
      prev.start = Math.min(prev.start, line.start);
      prev.end = Math.max(prev.end, line.end);
    } else out.push({ ...line });
  }
  return out;
}

/** A line's extent from all its rows together, those of the looser line around it included. A
 * row's own run breaks where it crosses a gap wider than the bridge between two glyphs' strokes
 * (the middle rows between an L and an I), so every row that is long enough may start a few glyphs
 * in; the columns holding a stroke in any row of the line do not. */
function spanned(f: Frame, line: TextLine, loose: TextLine[], gap: number): TextLine {
  const rows = loose.find((l) => l.top <= line.top && l.bottom >= line.bottom) ?? line;
  const inked = (x: number): boolean => {
    let n = 0;
    for (let y = rows.top; y < rows.bottom; y++) if (f.mask[y * f.width + x] && ++n >= MIN_INKED_ROWS) return true;
    return false;
  };
  let start = line.start;
  for (let x = start - 1; x >= 0 && start - x <= gap; x--) if (inked(x)) start = x;
  let last = line.end - 1;
  for (let x = last + 1; x < f.width && x - last <= gap; x++) if (inked(x)) last = x;
  return { ...line, start, end: last + 1 };
}

/** Rows of a line under this share of its densest row's strokes are a gap between two lines. */
const GAP_ROW_SHARE = 0.3;

/** In a small, noisy photo the blank rows between two MRZ lines still hold specks enough to run
 * the strict length (the bridge spans them): the lines come out as one. Within a line of text
 * every row crosses the glyphs' upright strokes; two or more rows far sparser than its densest,
 * with text rows on either side, are the gap between two lines, and the line is parted there. */
function splitTouching(f: Frame, line: TextLine): TextLine[] {
  const density: number[] = [];
  for (let y = line.top; y < line.bottom; y++) {
    let n = 0;
    for (let x = line.start; x < line.end; x++) n += f.mask[y * f.width + x]!;
    density.push(n);
  }
  const low = Math.max(...density) * GAP_ROW_SHARE;
  const parts: TextLine[] = [];
  let from = -1;
  let sparse = 0;
  density.forEach((d, i) => {
    if (d >= low) {
      if (from === -1) from = i;
      else if (sparse >= 2 && i - sparse - from >= 3) {
        parts.push({ ...line, top: line.top + from, bottom: line.top + i - sparse });
        from = i;
      }
      sparse = 0;
    } else if (from !== -1) sparse++;
  });
  if (parts.length === 0 || from === -1) return [line];
  const end = density.length - sparse;
  if (end - from < 3) return [line];
  parts.push({ ...line, top: line.top + from, bottom: line.top + end });
  return parts;
}

/** Consecutive lines of equal extent and even spacing; the MRZ is the widest such block (lowest on a tie). */
function pickBlock(lines: TextLine[], width: number): TextLine[] | null {
  const tol = width * ALIGN_SHARE;
  let best: { block: TextLine[]; score: number } | null = null;
  for (let i = 0; i < lines.length; i++) {
    const block = [lines[i]!];
    for (let j = i + 1; j < lines.length && block.length < 3; j++) {
      const prev = block[block.length - 1]!;
      const line = lines[j]!;
      const height = Math.max(prev.bottom - prev.top, line.bottom - line.top);
      const aligned = Math.abs(line.start - block[0]!.start) <= tol && Math.abs(line.end - line.start - (block[0]!.end - block[0]!.start)) <= tol;
      if (!aligned || line.top - prev.bottom > height * MAX_LINE_GAP) break;
      block.push(line);
    }
    // an MRZ is two or three lines; a lone long line only counts when nothing better exists
    const score = Math.min(...block.map((l) => l.end - l.start)) * block.length + lines[i]!.top * 1e-3;
    if (!best || score >= best.score) best = { block, score };
  }
  return best?.block ?? null;
}

/** A TD1 has three lines; one broken by wide gaps (a row of fillers) misses the strict length.
 * A two-line block takes a shorter line right above or below it that lies within its extent. */
function withThirdLine(block: TextLine[], loose: TextLine[]): TextLine[] {
  if (block.length !== 2) return block;
  const [first, last] = [block[0]!, block[1]!];
  const height = Math.max(first.bottom - first.top, last.bottom - last.top);
  const width = Math.min(first.end - first.start, last.end - last.start);
  const mid = (l: TextLine): number => (l.top + l.bottom) / 2;
  const spacing = mid(last) - mid(first);
  // MRZ lines share one font and one line pitch: a print line above or below differs in either
  // (the loose threshold lets more of a line's rows count, so heights are compared generously)
  const fits = (l: TextLine): boolean =>
    l.start >= first.start - width * ALIGN_SHARE &&
    l.end <= first.end + width * ALIGN_SHARE &&
    l.end - l.start >= width * 0.4 &&
    l.bottom - l.top >= height * 0.6 &&
    l.bottom - l.top <= height * 1.8;
  const evenly = (pitch: number): boolean => Math.abs(pitch - spacing) <= height * 0.6;
  const above = loose.filter((l) => l.bottom <= first.top && evenly(mid(first) - mid(l)) && fits(l)).at(-1);
  const below = loose.find((l) => l.top >= last.bottom && evenly(mid(l) - mid(last)) && fits(l));
  const third = [above, below].filter((l): l is TextLine => l !== undefined).sort((a, b) => b.end - b.start - (a.end - a.start))[0];
  if (!third) return block;
  return third.top < first.top ? [third, first, last] : [first, last, third];
}

/** In a small photo a row of fillers is a row of specks the strict length misses (the gaps
 * between them outgrow the bridge), so the names' line of an MRZ may be found only loosely while
 * the line below it is found whole. A lone line takes a loose line right above or below it that
 * starts and ends where it does and matches its height: an MRZ's lines share their extent, other
 * print around a long line seldom does. */
function withTwin(block: TextLine[], loose: TextLine[], width: number): TextLine[] {
  if (block.length !== 1) return block;
  const line = block[0]!;
  const height = line.bottom - line.top;
  const tol = width * ALIGN_SHARE;
  const twin = (l: TextLine): boolean =>
    Math.abs(l.start - line.start) <= tol &&
    Math.abs(l.end - line.end) <= tol &&
    l.bottom - l.top >= height * 0.6 &&
    l.bottom - l.top <= height * 1.8 &&
    (l.bottom <= line.top ? line.top - l.bottom : l.top - line.bottom) <= height * MAX_LINE_GAP;
  const above = loose.filter((l) => l.bottom <= line.top && twin(l)).at(-1);
  const below = loose.find((l) => l.top >= line.bottom && twin(l));
  // the nearer of the two: the MRZ's lines are closer to each other than to the print around them
  const gapTo = (l: TextLine | undefined): number => (l ? Math.max(line.top - l.bottom, l.top - line.bottom) : Infinity);
  const pick = gapTo(above) <= gapTo(below) ? above : below;
  if (!pick) return block;
  return pick.top < line.top ? [pick, line] : [line, pick];
}

/** Finds the MRZ band: null when the image holds no block of long, even text lines. */
export async function locateMrzBand(png: Buffer): Promise<MrzBand | null> {
  return locateOn(await workCopy(png));
}

/** As locateMrzBand, on a downscaled copy of the page the caller already holds (at least
 * WORK_WIDTH wide to find what locateMrzBand finds); `page` is the page's own size. */
export async function locateMrzBandInCopy(pixels: RawPixels, page: { width: number; height: number }): Promise<MrzBand | null> {
  return locateOn(workCopyOf(pixels, page));
}

async function locateOn({ grey, scale, page }: { grey: Grey; scale: number; page: { width: number; height: number } }): Promise<MrzBand | null> {
  const mask = strokeMask(grey);
  await yieldToLoop();
  const angle = estimateSkew(mask, grey.width, grey.height);
  await yieldToLoop();
  const frame = straighten(mask, grey.width, grey.height, angle);
  await yieldToLoop();
  // bridge the gaps between letters and around fillers, not the gaps between columns
  const gap = Math.max(3, Math.round(grey.width / 36));
  const runs = longestRuns(frame, gap);
  const minHeight = Math.max(4, grey.width * MIN_LINE_HEIGHT_SHARE);
  const loose = textLines(runs, grey.width * MIN_LINE_SHARE * 0.4, minHeight);
  const lines = joinPieces(textLines(runs, Math.max(20, grey.width * MIN_LINE_SHARE), minHeight), loose)
    .map((l) => spanned(frame, l, loose, gap))
    .flatMap((l) => splitTouching(frame, l));
  const picked = pickBlock(lines, grey.width);
  if (!picked) return null;
  const block = withThirdLine(withTwin(picked, loose, grey.width), loose);
  const [x0, x1] = [Math.min(...block.map((l) => l.start)), Math.max(...block.map((l) => l.end))];
  const [y0, y1] = [block[0]!.top, block[block.length - 1]!.bottom];
  const corners = [frame.toWork(x0, y0), frame.toWork(x1, y0), frame.toWork(x0, y1), frame.toWork(x1, y1)];
  const toPage = (v: number, axis: 0 | 1): number => Math.min(1, Math.max(0, (v * scale) / (axis === 0 ? page.width : page.height)));
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const centre = frame.toWork((x0 + x1) / 2, (y0 + y1) / 2);
  const round = (v: number): number => Math.round(v * 1e5) / 1e5;
  return {
    box: pixelsToBox(Math.min(...xs) * scale, Math.min(...ys) * scale, Math.max(...xs) * scale, Math.max(...ys) * scale, page.width, page.height),
    angle,
    centre: [round(toPage(centre[0], 0)), round(toPage(centre[1], 1))],
    size: [round(((x1 - x0) * scale) / page.width), round(((y1 - y0) * scale) / page.height)],
    lines: block.length,
  };
}

/** How a box in the crop maps back onto the page. */
export interface CropFrame {
  page: { width: number; height: number };
  crop: { width: number; height: number };
  /** Crop pixel → page pixel. */
  toPage(x: number, y: number): [number, number];
}

export interface MrzCrop {
  png: Buffer;
  frame: CropFrame;
}

/** The straightened band as grey pixels, before any encoding (see cropMrzBand). */
export interface MrzCut {
  grey: GreyImage;
  frame: CropFrame;
}

/** Cuts the band out with a margin, turns it straight, scales it so characters are ~35 px tall and
 * stretches its contrast (Tesseract binarises itself; a hard threshold here loses blurred strokes). */
export async function cropMrzBand(png: Buffer, band: MrzBand): Promise<MrzCrop> {
  const cut = await stretchCut(await cutMrzBand(png, band));
  return { png: await mrzCutPng(cut), frame: cut.frame };
}

/** The cut as the PNG the OCR engines take. */
export async function mrzCutPng({ grey }: MrzCut): Promise<Buffer> {
  return (
    sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } })
      // Tesseract warns about and guesses the resolution of a PNG without one
      .withDensity(300)
      .png()
      .toBuffer()
  );
}

/** The cut with its contrast stretched (sharp's normalise: the 1st and 99th percentile of
 * lightness become black and white), as the OCR engines take it. Apart from the cut because it
 * costs more than the cut's other steps together (a lightness conversion and back, and a
 * histogram pass), and a reader that finds its own ink and paper tones (the OCR-B glyph reader)
 * does without it. */
export async function stretchCut(cut: MrzCut): Promise<MrzCut> {
  const { grey } = cut;
  const out = await sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .greyscale()
    .normalise()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (out.info.channels !== 1) throw new Error(`MRZ cut: expected one grey channel, got ${out.info.channels}`);
  return { grey: { data: new Uint8Array(out.data.buffer, out.data.byteOffset, out.data.length), width: grey.width, height: grey.height }, frame: cut.frame };
}

/** cropMrzBand's pixels, unencoded and not yet stretched (stretchCut): an in-process reader of
 * them needs no PNG made and opened again. */
export async function cutMrzBand(png: Buffer, band: MrzBand): Promise<MrzCut> {
  const meta = await openImage(png).metadata();
  const page = { width: meta.width!, height: meta.height! };
  const rad = (band.angle * Math.PI) / 180;
  const [c, s] = [Math.cos(rad), Math.sin(rad)];
  const bw = band.size[0] * page.width;
  const bh = band.size[1] * page.height;
  // one line found means its neighbours were missed (an MRZ has two or three): take room for them
  const single = band.lines < 2;
  const pitch = single ? bh * LINE_PITCH_PER_HEIGHT : bh / band.lines;
  const [mx, my] = [Math.max(8, bw * 0.04), Math.max(6, single ? pitch * 2.5 : pitch * 0.6)];
  const [cw, ch] = [bw + 2 * mx, bh + 2 * my];
  // the straight rectangle's axis-aligned bounds on the page, clipped to it
  const half = [(cw * Math.abs(c) + ch * Math.abs(s)) / 2, (cw * Math.abs(s) + ch * Math.abs(c)) / 2] as const;
  const [pcx, pcy] = [band.centre[0] * page.width, band.centre[1] * page.height];
  const left = Math.max(0, Math.floor(pcx - half[0]));
  const top = Math.max(0, Math.floor(pcy - half[1]));
  const width = Math.min(page.width - left, Math.ceil(pcx + half[0]) - left);
  const height = Math.min(page.height - top, Math.ceil(pcy + half[1]) - top);
  const cut = await openImage(png).greyscale().extract({ left, top, width, height }).raw().toBuffer({ resolveWithObject: true });
  const turned = await sharp(cut.data, { raw: { width, height, channels: 1 } })
    .rotate(-band.angle, { background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const [tw, th] = [turned.info.width, turned.info.height];
  // the band's centre sits where the page centre point lands in the turned cut
  const [ux, uy] = [pcx - left - width / 2, pcy - top - height / 2];
  const [tcx, tcy] = [tw / 2 + ux * c + uy * s, th / 2 - ux * s + uy * c];
  const ex = Math.max(0, Math.round(tcx - cw / 2));
  const ey = Math.max(0, Math.round(tcy - ch / 2));
  const ew = Math.max(1, Math.min(tw - ex, Math.round(cw)));
  const eh = Math.max(1, Math.min(th - ey, Math.round(ch)));
  const scale = Math.min(4, Math.max(0.5, TARGET_PITCH_PX / Math.max(1, pitch)), MAX_CROP_WIDTH / ew);
  const outW = Math.max(1, Math.round(ew * scale));
  const outH = Math.max(1, Math.round(eh * scale));
  const out = await sharp(turned.data, { raw: { width: tw, height: th, channels: turned.info.channels } })
    .extract({ left: ex, top: ey, width: ew, height: eh })
    .greyscale()
    .resize({ width: outW, height: outH, kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (out.info.channels !== 1) throw new Error(`MRZ cut: expected one grey channel, got ${out.info.channels}`);
  const toPage = (x: number, y: number): [number, number] => {
    // crop → turned cut → cut (turn back clockwise about the centres) → page
    const [tx, ty] = [x / scale + ex - tw / 2, y / scale + ey - th / 2];
    return [left + width / 2 + tx * c - ty * s, top + height / 2 + tx * s + ty * c];
  };
  const grey = { data: new Uint8Array(out.data.buffer, out.data.byteOffset, out.data.length), width: out.info.width, height: out.info.height };
  return { grey, frame: { page, crop: { width: outW, height: outH }, toPage } };
}

/** A box in crop fractions as the axis-aligned bounds of its corners on the page, in page fractions. */
export function cropBoxToPageBox(box: Box, frame: CropFrame): Box {
  const [w, h] = [frame.crop.width, frame.crop.height];
  const corners = [
    frame.toPage(box[0] * w, box[1] * h),
    frame.toPage(box[2] * w, box[1] * h),
    frame.toPage(box[0] * w, box[3] * h),
    frame.toPage(box[2] * w, box[3] * h),
  ];
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  return pixelsToBox(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys), frame.page.width, frame.page.height);
}
