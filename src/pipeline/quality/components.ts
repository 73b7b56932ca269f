/** Text-like structure in a greyscale image: ink found by a local-mean threshold, grouped into
 * connected components, kept when character-sized and sitting in a row with a neighbour. */
import type { GreyImage } from './raster.js';

export interface Component {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  pixels: number;
}

export interface InkMap {
  /** 1 where the pixel is ink (darker than its surroundings), else 0. */
  ink: Uint8Array;
  /** Component label per pixel (0 = none), indexes `components` + 1. */
  labels: Int32Array;
  components: Component[];
}

/** Local mean over a (2r+1)² window: wide enough to span a character at normalised size. */
const WINDOW_RADIUS = 15;
/** Ink must be this much darker than its surroundings, in grey levels, at the least… */
const INK_MIN_DELTA = 12;
/** …or this share of the image's ink/paper contrast, whichever is larger (ignores paper texture). */
const INK_CONTRAST_SHARE = 0.15;
/** No page has more; beyond this the image is noise and labelling stops. */
const MAX_COMPONENTS = 60_000;

/** Ink: pixels darker than the mean of their surroundings by a margin. */
export function inkMask(img: GreyImage, contrast: number): Uint8Array {
  const { pixels: g, width: w, height: h } = img;
  const stride = w + 1;
  const integral = new Float64Array(stride * (h + 1));
  for (let y = 0; y < h; y += 1) {
    let rowSum = 0;
    for (let x = 0; x < w; x += 1) {
      rowSum += g[y * w + x] ?? 0;
      integral[(y + 1) * stride + x + 1] = (integral[y * stride + x + 1] ?? 0) + rowSum;
    }
  }
  const delta = Math.max(INK_MIN_DELTA, contrast * INK_CONTRAST_SHARE);
  const ink = new Uint8Array(w * h);
  for (let y = 0; y < h; y += 1) {
    const ya = Math.max(0, y - WINDOW_RADIUS);
    const yb = Math.min(h, y + WINDOW_RADIUS + 1);
    for (let x = 0; x < w; x += 1) {
      const xa = Math.max(0, x - WINDOW_RADIUS);
      const xb = Math.min(w, x + WINDOW_RADIUS + 1);
      const sum = (integral[yb * stride + xb] ?? 0) - (integral[ya * stride + xb] ?? 0) - (integral[yb * stride + xa] ?? 0) + (integral[ya * stride + xa] ?? 0);
      const mean = sum / ((yb - ya) * (xb - xa));
      if ((g[y * w + x] ?? 0) < mean - delta) ink[y * w + x] = 1;
    }
  }
  return ink;
}

/** 8-connected labelling of a binary mask: one raster pass with union-find over provisional
 * labels, one pass to resolve them. Components are numbered in raster order of their first pixel. */
export function label(mask: Uint8Array, w: number, h: number): { labels: Int32Array; components: Component[] } {
  const labels = new Int32Array(w * h);
  let parent = new Int32Array(1024);
  let next = 1;
  const find = (a: number): number => {
    let x = a;
    while (parent[x] !== x) {
      const up = parent[parent[x] ?? x] ?? x;
      parent[x] = up;
      x = up;
    }
    return x;
  };
  const union = (a: number, b: number): number => {
    const ra = find(a);
    const rb = find(b);
    if (ra === rb) return ra;
    if (ra < rb) {
      parent[rb] = ra;
      return ra;
    }
    parent[ra] = rb;
    return rb;
  };
  for (let y = 0; y < h; y += 1) {
    const row = y * w;
    for (let x = 0; x < w; x += 1) {
      const i = row + x;
      if (mask[i] !== 1) continue;
      let l = x > 0 ? (labels[i - 1] ?? 0) : 0;
      if (y > 0) {
        const up = i - w;
        const nw = x > 0 ? (labels[up - 1] ?? 0) : 0;
        const n = labels[up] ?? 0;
        const ne = x < w - 1 ? (labels[up + 1] ?? 0) : 0;
        if (nw !== 0 && nw !== l) l = l === 0 ? nw : union(l, nw);
        if (n !== 0 && n !== l) l = l === 0 ? n : union(l, n);
        if (ne !== 0 && ne !== l) l = l === 0 ? ne : union(l, ne);
      }
      if (l === 0) {
        if (next >= parent.length) {
          const grown = new Int32Array(parent.length * 2);
          grown.set(parent);
          parent = grown;
        }
        parent[next] = next;
        l = next;
        next += 1;
      }
      labels[i] = l;
    }
  }
  const finalId = new Int32Array(next);
  const components: Component[] = [];
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const i = y * w + x;
      const provisional = labels[i] ?? 0;
      if (provisional === 0) continue;
      const root = find(provisional);
      let id = finalId[root] ?? 0;
      if (id === 0) {
        if (components.length >= MAX_COMPONENTS) {
          labels[i] = 0;
          continue;
        }
        components.push({ x0: x, y0: y, x1: x, y1: y, pixels: 0 });
        id = components.length;
        finalId[root] = id;
      }
      labels[i] = id;
      const comp = components[id - 1];
      if (!comp) continue;
      comp.pixels += 1;
      if (x < comp.x0) comp.x0 = x;
      if (x > comp.x1) comp.x1 = x;
      if (y > comp.y1) comp.y1 = y;
    }
  }
  return { labels, components };
}

export const heightOf = (c: Component): number => c.y1 - c.y0 + 1;
export const widthOf = (c: Component): number => c.x1 - c.x0 + 1;

/** Character-sized: at least 3 px tall, not taller than a fifth of the frame, no wider than a
 * short run of touching letters, and neither a speck nor a solid block. */
export function isCharacterLike(c: Component, imageHeight: number): boolean {
  const h = heightOf(c);
  const w = widthOf(c);
  if (h < 3 || h > imageHeight / 5 || w > 4 * h || c.pixels < 5) return false;
  const fill = c.pixels / (w * h);
  return fill >= 0.08 && fill <= 0.95;
}

/** Characters that share a row with a similar neighbour: the mark of text rather than texture. */
export function alignedCharacters(chars: Component[]): Component[] {
  const cell = 24;
  const grid = new Map<number, Component[]>();
  const key = (gx: number, gy: number): number => gy * 100_000 + gx;
  for (const c of chars) {
    const k = key(Math.floor((c.x0 + c.x1) / 2 / cell), Math.floor((c.y0 + c.y1) / 2 / cell));
    const list = grid.get(k);
    if (list) list.push(c);
    else grid.set(k, [c]);
  }
  const aligned: Component[] = [];
  for (const c of chars) {
    const h = heightOf(c);
    const cy = (c.y0 + c.y1) / 2;
    const cx = (c.x0 + c.x1) / 2;
    const reach = Math.ceil((2.5 * h + widthOf(c)) / cell);
    const gx = Math.floor(cx / cell);
    const gy = Math.floor(cy / cell);
    let found = false;
    for (let dy = -1; dy <= 1 && !found; dy += 1) {
      for (let dx = -reach; dx <= reach && !found; dx += 1) {
        for (const o of grid.get(key(gx + dx, gy + dy)) ?? []) {
          if (o === c) continue;
          const oh = heightOf(o);
          if (oh > 2 * h || h > 2 * oh) continue;
          if (Math.abs((o.y0 + o.y1) / 2 - cy) > 0.3 * Math.max(h, oh)) continue;
          const gap = Math.max(o.x0 - c.x1, c.x0 - o.x1);
          if (gap > 1.2 * Math.max(h, oh)) continue;
          found = true;
          break;
        }
      }
    }
    if (found) aligned.push(c);
  }
  return aligned;
}

/** Lines of text: character centres grouped down the page, a new line starting where the next
 * centre lies more than half a letter below the current line's first. Side-by-side columns that
 * share a baseline count once, which is what a cut down the side of the page crosses. */
export function countRows(chars: Component[], letterHeight: number): number {
  const centres = chars.map((c) => (c.y0 + c.y1) / 2).sort((a, b) => a - b);
  let rows = 0;
  let start = -Infinity;
  for (const y of centres) {
    if (y - start > letterHeight / 2) {
      rows += 1;
      start = y;
    }
  }
  return rows;
}

export interface Region {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The area text occupies, trimmed of the outer 2% of characters on each side (stray marks). */
export function textRegion(chars: Component[]): Region | null {
  if (chars.length === 0) return null;
  const pick = (values: number[], p: number): number => [...values].sort((a, b) => a - b)[Math.floor(p * (values.length - 1))] ?? 0;
  return {
    x0: pick(
      chars.map((c) => c.x0),
      0.02,
    ),
    y0: pick(
      chars.map((c) => c.y0),
      0.02,
    ),
    x1: pick(
      chars.map((c) => c.x1),
      0.98,
    ),
    y1: pick(
      chars.map((c) => c.y1),
      0.98,
    ),
  };
}
