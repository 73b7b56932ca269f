/** Pixel statistics over a greyscale image: brightness percentiles and edge sharpness. Computed in
 * code on raw pixels because sharp's convolve clamps the negative half of a Laplacian. */
import type { GreyImage } from './raster.js';

export interface Brightness {
  mean: number;
  p1: number;
  p5: number;
  p50: number;
  p95: number;
  p99: number;
  /** p95 − p5: the spread between ink and paper. */
  contrast: number;
}

export function brightness(img: GreyImage): Brightness {
  const histogram = new Uint32Array(256);
  let sum = 0;
  for (const value of img.pixels) {
    histogram[value] = (histogram[value] ?? 0) + 1;
    sum += value;
  }
  const total = img.pixels.length;
  const percentile = (p: number): number => {
    const target = p * total;
    let seen = 0;
    for (let level = 0; level < 256; level += 1) {
      seen += histogram[level] ?? 0;
      if (seen >= target) return level;
    }
    return 255;
  };
  const p5 = percentile(0.05);
  const p95 = percentile(0.95);
  return { mean: sum / total, p1: percentile(0.01), p5, p50: percentile(0.5), p95, p99: percentile(0.99), contrast: p95 - p5 };
}

export interface Sharpness {
  /** Variance of the 4-neighbour Laplacian over the whole image (the classic focus measure). */
  laplacianVariance: number;
  /** The same variance over the edge-bearing blocks only, so blank paper does not dilute it. */
  laplacianVarianceText: number;
  /** Σ|Laplacian| / Σ|gradient| over the clearly visible edge pixels of the edge-bearing blocks:
   * independent of contrast, 1.3–1.6 for crisp text, falling as 1/σ under a Gaussian blur of σ px. */
  edgeRatio: number;
  /** Share of blocks carrying edges. */
  edgeBlockShare: number;
  /** Share of pixels whose gradient exceeds a visible step (8 grey levels). */
  edgeDensity: number;
  /** Mean gradient after 4×4 averaging over the mean gradient at full size. Real edges keep
   * their step when averaged (≈ 1 or more); pixel noise averages away (≈ 0.25). Null below
   * 256 px on the short side, where the averaged grid is too coarse to say (tiny QR renders). */
  coherence: number | null;
}

const BLOCK = 16;
/** A block carries edges when its mean gradient reaches this share of the strongest blocks'. */
const EDGE_BLOCK_RELATIVE = 0.35;
/** …and at least this absolute mean gradient (grey levels per px): a flat frame has none. */
const EDGE_BLOCK_MIN = 1.5;

/** Pixels count towards the edge ratio from this share of the image's strongest gradients (its
 * 99.5th percentile): faint JPEG ringing and sensor noise, which look "sharp", stay out of it,
 * while the (weaker) edges of a blurred image still count. */
const EDGE_PIXEL_SHARE = 0.3;

function strongGradient(g: Uint8Array, w: number, h: number): number {
  const histogram = new Uint32Array(256);
  for (let y = 1; y < h - 1; y += 1) {
    for (let x = 1; x < w - 1; x += 1) {
      const i = y * w + x;
      const grad = (Math.abs((g[i + 1] ?? 0) - (g[i - 1] ?? 0)) + Math.abs((g[i + w] ?? 0) - (g[i - w] ?? 0))) >> 1;
      histogram[grad] = (histogram[grad] ?? 0) + 1;
    }
  }
  const target = 0.995 * Math.max(1, (w - 2) * (h - 2));
  let seen = 0;
  for (let level = 0; level < 256; level += 1) {
    seen += histogram[level] ?? 0;
    if (seen >= target) return level;
  }
  return 255;
}

export function sharpness(img: GreyImage): Sharpness {
  const { pixels: g, width: w, height: h } = img;
  const edgePixel = Math.max(4, EDGE_PIXEL_SHARE * strongGradient(g, w, h));
  const bw = Math.ceil(w / BLOCK);
  const bh = Math.ceil(h / BLOCK);
  const gradSum = new Float64Array(bw * bh);
  const lapSum = new Float64Array(bw * bh);
  const strongGrad = new Float64Array(bw * bh);
  const lapSq = new Float64Array(bw * bh);
  const lapCount = new Uint32Array(bw * bh);
  let lapTotal = 0;
  let lapTotalSq = 0;
  let edgePixels = 0;
  for (let y = 1; y < h - 1; y += 1) {
    const row = y * w;
    const brow = ((y / BLOCK) | 0) * bw;
    for (let x = 1; x < w - 1; x += 1) {
      const i = row + x;
      const c = g[i] ?? 0;
      const n = g[i - w] ?? 0;
      const s = g[i + w] ?? 0;
      const e = g[i + 1] ?? 0;
      const wv = g[i - 1] ?? 0;
      const lap = 4 * c - n - s - e - wv;
      const grad = (Math.abs(e - wv) + Math.abs(s - n)) / 2;
      const b = brow + ((x / BLOCK) | 0);
      gradSum[b] = (gradSum[b] ?? 0) + grad;
      if (grad >= edgePixel) {
        strongGrad[b] = (strongGrad[b] ?? 0) + grad;
        lapSum[b] = (lapSum[b] ?? 0) + Math.abs(lap);
      }
      lapSq[b] = (lapSq[b] ?? 0) + lap * lap;
      lapCount[b] = (lapCount[b] ?? 0) + 1;
      lapTotal += lap;
      lapTotalSq += lap * lap;
      if (grad >= 8) edgePixels += 1;
    }
  }
  const interior = Math.max(1, (w - 2) * (h - 2));
  const meanLap = lapTotal / interior;
  const laplacianVariance = lapTotalSq / interior - meanLap * meanLap;

  const blockMeans: number[] = [];
  for (let b = 0; b < gradSum.length; b += 1) blockMeans.push((gradSum[b] ?? 0) / Math.max(1, lapCount[b] ?? 0));
  const sorted = [...blockMeans].sort((a, b) => a - b);
  const strong = sorted[Math.floor(sorted.length * 0.98)] ?? 0;
  const threshold = Math.max(EDGE_BLOCK_MIN, strong * EDGE_BLOCK_RELATIVE);
  let textGrad = 0;
  let textLap = 0;
  let textLapSq = 0;
  let textCount = 0;
  let textBlocks = 0;
  for (let b = 0; b < blockMeans.length; b += 1) {
    if ((blockMeans[b] ?? 0) < threshold) continue;
    textBlocks += 1;
    textGrad += strongGrad[b] ?? 0;
    textLap += lapSum[b] ?? 0;
    textLapSq += lapSq[b] ?? 0;
    textCount += lapCount[b] ?? 0;
  }
  return {
    coherence: coherence(img),
    laplacianVariance,
    // The Laplacian's mean over a region is ~0, so its mean square is its variance.
    laplacianVarianceText: textCount > 0 ? textLapSq / textCount : 0,
    edgeRatio: textGrad > 0 ? textLap / textGrad : 0,
    edgeBlockShare: textBlocks / Math.max(1, blockMeans.length),
    edgeDensity: edgePixels / interior,
  };
}

const COARSE = 4;

function meanGradient(g: ArrayLike<number>, w: number, h: number): number {
  let sum = 0;
  for (let y = 1; y < h - 1; y += 1) {
    for (let x = 1; x < w - 1; x += 1) {
      const i = y * w + x;
      sum += (Math.abs((g[i + 1] ?? 0) - (g[i - 1] ?? 0)) + Math.abs((g[i + w] ?? 0) - (g[i - w] ?? 0))) / 2;
    }
  }
  return sum / Math.max(1, (w - 2) * (h - 2));
}

const COHERENCE_MIN_SIDE = 256;

function coherence(img: GreyImage): number | null {
  if (Math.min(img.width, img.height) < COHERENCE_MIN_SIDE) return null;
  const cw = Math.floor(img.width / COARSE);
  const ch = Math.floor(img.height / COARSE);
  const coarse = new Float32Array(cw * ch);
  for (let y = 0; y < ch * COARSE; y += 1) {
    const crow = Math.floor(y / COARSE) * cw;
    for (let x = 0; x < cw * COARSE; x += 1) {
      const c = crow + Math.floor(x / COARSE);
      coarse[c] = (coarse[c] ?? 0) + (img.pixels[y * img.width + x] ?? 0) / (COARSE * COARSE);
    }
  }
  const fine = meanGradient(img.pixels, img.width, img.height);
  return fine > 0 ? meanGradient(coarse, cw, ch) / fine : 0;
}
