/** Glare: near-white blobs large enough to hide words, sitting over the text, with (almost) no
 * text inside them, on a document whose own paper is visibly darker. White paper is near-white
 * too, but it carries the text (a highlight erases it), and on white paper (scans) a highlight
 * cannot be seen at all, so none is reported. */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { label, type Component, type Region } from './components.js';
import type { GreyImage } from './raster.js';

/** Grey level from which a pixel counts as blown out. */
const SATURATED = 245;
/** A blob smaller than this share of the frame hides a letter at most. */
const MIN_BLOB_SHARE = 0.002;
/** A blob holding at least this share of the characters the text region's density predicts for
 * its area is paper with text on it (a white MRZ band, a lit sign), not a highlight erasing text. */
const TEXT_DENSITY_SHARE = 0.25;
/** The text region is widened by this share of the frame: glare erases the text it covers, so
 * the surviving text alone under-states the area the document's text occupies. */
const REGION_GROWTH = 0.1;
/** How far the level FRINGE_STEP px outside a blob stays above the paper, as a share of the way
 * from paper to saturation: a highlight's bloom keeps it high, a white panel's edge drops it. */
const MIN_SOFTNESS = 0.35;
const FRINGE_STEP = 4;
/** A highlight is only told apart from paper whose median level is at most this. */
const PAPER_MAX = 235;

export interface Glare {
  /** Share of the (widened) text region covered by highlight blobs: the gate's glare measure. */
  textAreaShare: number;
  /** Share of the whole frame covered by highlight blobs. */
  frameShare: number;
  /** Share of the frame that is blown out at all (paper included). */
  saturatedShare: number;
  blobs: number;
  /** Median level of the non-ink, non-highlight pixels in the text region. */
  paperLevel: number;
}

/** Async only to let the event loop run between its two labelling passes. */
export async function glare(img: GreyImage, ink: Uint8Array, chars: Component[], region: Region | null): Promise<Glare> {
  const { pixels: g, width: w, height: h } = img;
  const mask = new Uint8Array(w * h);
  let saturated = 0;
  for (let i = 0; i < g.length; i += 1) {
    if ((g[i] ?? 0) >= SATURATED) {
      mask[i] = 1;
      saturated += 1;
    }
  }
  const none = (paperLevel: number): Glare => ({ textAreaShare: 0, frameShare: 0, saturatedShare: saturated / g.length, blobs: 0, paperLevel });
  if (saturated === 0 || !region) return none(paperMedian(g, ink, null, w, region));
  const { labels, components } = label(mask, w, h);
  const minPixels = MIN_BLOB_SHARE * w * h;
  const textInside = new Uint32Array(components.length + 1);
  for (const c of chars) {
    const cx = Math.round((c.x0 + c.x1) / 2);
    // Probe a few px above and below (JPEG ringing and blur leave a grey rim round each letter).
    // White on both sides: the letter sits on white paper. White on one side only: the letter
    // borders a highlight and survived it, so it says nothing about what the highlight hides.
    const above = new Set<number>();
    const below = new Set<number>();
    for (const step of [2, 4, 6]) {
      above.add(labels[Math.max(0, c.y0 - step) * w + cx] ?? 0);
      below.add(labels[Math.min(h - 1, c.y1 + step) * w + cx] ?? 0);
    }
    above.delete(0);
    below.delete(0);
    if (above.size === 0 || below.size === 0) continue;
    for (const id of new Set([...above, ...below])) textInside[id] = (textInside[id] ?? 0) + 1;
  }
  const highlight = new Uint8Array(components.length + 1);
  const inRegion = pixelsPerLabel(labels, components.length, region, w);
  const regionArea = (region.x1 - region.x0 + 1) * (region.y1 - region.y0 + 1);
  components.forEach((c, index) => {
    const id = index + 1;
    if (c.pixels < minPixels) return;
    // Touching two sides of the frame: the table or wall around the document, not a highlight.
    const sides = Number(c.x0 === 0) + Number(c.y0 === 0) + Number(c.x1 === w - 1) + Number(c.y1 === h - 1);
    if (sides >= 2) return;
    const expected = (chars.length * (inRegion[id] ?? 0)) / regionArea;
    if ((textInside[id] ?? 0) >= Math.max(3, TEXT_DENSITY_SHARE * expected)) return;
    highlight[id] = 1;
  });
  const paperLevel = paperMedian(g, ink, { labels, highlight }, w, region);
  if (paperLevel > PAPER_MAX || !highlight.includes(1)) return none(paperLevel);
  await yieldToLoop();
  const fringe = fringeLevels(g, ink, mask, labels, highlight, w, h);
  let blobs = 0;
  let framePixels = 0;
  components.forEach((c, index) => {
    const id = index + 1;
    if (highlight[id] !== 1) return;
    // A highlight fades into the paper; a white panel or label stops at a hard edge.
    const softness = ((fringe.get(id) ?? paperLevel) - paperLevel) / Math.max(1, SATURATED - paperLevel);
    if (softness < MIN_SOFTNESS) {
      highlight[id] = 0;
      return;
    }
    blobs += 1;
    framePixels += c.pixels;
  });
  if (blobs === 0) return none(paperLevel);
  const gx = Math.round(REGION_GROWTH * w);
  const gy = Math.round(REGION_GROWTH * h);
  const x0 = Math.max(0, region.x0 - gx);
  const x1 = Math.min(w - 1, region.x1 + gx);
  const y0 = Math.max(0, region.y0 - gy);
  const y1 = Math.min(h - 1, region.y1 + gy);
  let covered = 0;
  for (let y = y0; y <= y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) if (highlight[labels[y * w + x] ?? 0] === 1) covered += 1;
  }
  const textAreaShare = covered / ((x1 - x0 + 1) * (y1 - y0 + 1));
  return { textAreaShare, frameShare: framePixels / (w * h), saturatedShare: saturated / g.length, blobs, paperLevel };
}

function pixelsPerLabel(labels: Int32Array, count: number, r: Region, w: number): Uint32Array {
  const perLabel = new Uint32Array(count + 1);
  for (let y = r.y0; y <= r.y1; y += 1) {
    for (let x = r.x0; x <= r.x1; x += 1) {
      const id = labels[y * w + x] ?? 0;
      perLabel[id] = (perLabel[id] ?? 0) + 1;
    }
  }
  return perLabel;
}

/** Median grey level of the paper in the text region: pixels that are neither ink nor highlight. */
function paperMedian(g: Uint8Array, ink: Uint8Array, skip: { labels: Int32Array; highlight: Uint8Array } | null, w: number, region: Region | null): number {
  const h = g.length / w;
  const r = region ?? { x0: 0, y0: 0, x1: w - 1, y1: h - 1 };
  const histogram = new Uint32Array(256);
  let count = 0;
  for (let y = r.y0; y <= r.y1; y += 1) {
    for (let x = r.x0; x <= r.x1; x += 1) {
      const i = y * w + x;
      if (ink[i] === 1 || (skip && skip.highlight[skip.labels[i] ?? 0] === 1)) continue;
      const level = g[i] ?? 0;
      histogram[level] = (histogram[level] ?? 0) + 1;
      count += 1;
    }
  }
  return count > 0 ? histogramMedian(histogram) : 255;
}

/** Median level FRINGE_STEP px outside the outer boundary of each highlight candidate, per label,
 * over paper pixels only: holes (half-erased letters inside the highlight) and letters crossing
 * its rim are skipped, so only the surroundings count. */
function fringeLevels(g: Uint8Array, ink: Uint8Array, mask: Uint8Array, labels: Int32Array, highlight: Uint8Array, w: number, h: number): Map<number, number> {
  const outside = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i += 1) outside[i] = mask[i] === 1 ? 0 : 1;
  const around = label(outside, w, h);
  const minOutside = MIN_BLOB_SHARE * w * h;
  const samples = new Map<number, Uint32Array>();
  const steps: Array<[number, number]> = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ];
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const id = labels[y * w + x] ?? 0;
      if (highlight[id] !== 1) continue;
      for (const [dx, dy] of steps) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h || labels[ny * w + nx] === id) continue;
        const hole = around.components[(around.labels[ny * w + nx] ?? 0) - 1];
        if (!hole || hole.pixels < minOutside) continue;
        const fx = x + dx * FRINGE_STEP;
        const fy = y + dy * FRINGE_STEP;
        const f = fy * w + fx;
        if (fx < 0 || fy < 0 || fx >= w || fy >= h || labels[f] === id || ink[f] === 1) continue;
        let histogram = samples.get(id);
        if (!histogram) samples.set(id, (histogram = new Uint32Array(256)));
        const level = g[f] ?? 0;
        histogram[level] = (histogram[level] ?? 0) + 1;
      }
    }
  }
  const medians = new Map<number, number>();
  for (const [id, histogram] of samples) medians.set(id, histogramMedian(histogram));
  return medians;
}

function histogramMedian(histogram: Uint32Array): number {
  const count = histogram.reduce((a, b) => a + b, 0);
  let seen = 0;
  for (let level = 0; level < 256; level += 1) {
    seen += histogram[level] ?? 0;
    if (seen * 2 >= count) return level;
  }
  return 255;
}
