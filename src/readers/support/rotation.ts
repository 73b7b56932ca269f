import { wordLikeScore, type ScoredToken } from './wordlike.js';
import { openImage } from '../../imaging/open.js';

/** Page orientation without Tesseract's OSD data (osd.traineddata is not installed): read a
 * downscaled copy at each quarter turn with a fast pass and keep the turn that yields the most
 * confident word-like text. Upside-down or sideways Latin reads as fragments. */

export type Rotation = 0 | 90 | 180 | 270;
export const ROTATIONS: readonly Rotation[] = [0, 90, 180, 270];

/** Reads an image and returns its tokens with confidences 0..1. */
export type OrientationPass = (png: Buffer) => Promise<ScoredToken[]>;

/** Below this many confident word-like letters a page is too sparse to judge. */
export const MIN_ORIENTATION_SCORE = 12;
/** An upright reading this strong needs no other orientation tried. */
const UPRIGHT_SCORE = 40;
/** A turn must beat the unturned reading by this factor to be taken. */
const MARGIN = 1.5;

/** How much more banded one profile must be than the other to call the text axis. */
const AXIS_RATIO = 1.2;

/** Whether a reading of the unturned page is already clearly upright, so no other turn is tried. */
export function looksUpright(words: ScoredToken[]): boolean {
  return wordLikeScore(words) >= UPRIGHT_SCORE;
}

/** Turns an image clockwise by a quarter-turn multiple. */
export async function rotatePng(png: Buffer, degrees: Rotation): Promise<Buffer> {
  if (degrees === 0) return png;
  return openImage(png).rotate(degrees).png().toBuffer();
}

export interface DetectRotationOptions {
  /** Longer side of the copy the pass reads; text must stay legible (≈ 15 px lines on A4). */
  maxSide?: number;
  /** Score of the unturned page when it was already read, to save one pass. */
  uprightScore?: number;
}

/** Coefficient of variation of a profile: high when ink comes in bands with blank bands between. */
function variation(profile: number[]): number {
  const mean = profile.reduce((a, b) => a + b, 0) / profile.length;
  if (mean === 0) return 0;
  const variance = profile.reduce((a, v) => a + (v - mean) ** 2, 0) / profile.length;
  return Math.sqrt(variance) / mean;
}

/** Whether text lines run across or down the image: lines of text make the row profile of ink
 * banded and the column profile even, and the other way round when the page is sideways. Read
 * at 400 px, where this costs well under a millisecond. */
export async function textAxis(png: Buffer): Promise<'horizontal' | 'vertical' | 'unknown'> {
  const { data, info } = await openImage(png)
    .resize({ width: 400, height: 400, fit: 'inside' })
    .greyscale()
    .normalise()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rows = new Array<number>(info.height).fill(0);
  const cols = new Array<number>(info.width).fill(0);
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[y * info.width + x]! < 128) {
        rows[y]!++;
        cols[x]!++;
      }
    }
  }
  const ratio = variation(rows) / Math.max(1e-9, variation(cols));
  return ratio > AXIS_RATIO ? 'horizontal' : ratio < 1 / AXIS_RATIO ? 'vertical' : 'unknown';
}

/** Degrees to turn the image clockwise so its text reads upright. */
export async function detectRotation(png: Buffer, pass: OrientationPass, opts: DetectRotationOptions = {}): Promise<Rotation> {
  const maxSide = opts.maxSide ?? 1400;
  const small = await openImage(png).resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true }).greyscale().png().toBuffer();
  const scores = new Map<Rotation, number>();
  if (opts.uprightScore !== undefined) scores.set(0, opts.uprightScore);
  // Try the turns that put the text lines across the page first.
  const order: Rotation[] = (await textAxis(small)) === 'vertical' ? [90, 270, 0, 180] : [0, 180, 90, 270];
  for (const turn of order) {
    if (scores.has(turn)) continue;
    const score = wordLikeScore(await pass(await rotatePng(small, turn)));
    scores.set(turn, score);
    if (turn === 0 && score >= UPRIGHT_SCORE) return 0;
    if (turn !== 0 && score >= UPRIGHT_SCORE && score > MARGIN * (scores.get(0) ?? 0)) return turn;
  }
  const upright = scores.get(0) ?? 0;
  let best: Rotation = 0;
  for (const [turn, score] of scores) if (score > (scores.get(best) ?? 0)) best = turn;
  const bestScore = scores.get(best) ?? 0;
  return best !== 0 && bestScore >= MIN_ORIENTATION_SCORE && bestScore > MARGIN * upright ? best : 0;
}
