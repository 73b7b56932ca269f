import sharp from 'sharp';
import { wordLikeScore, type ScoredToken } from './wordlike.js';

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

const PIXEL_LIMIT = 40e6;

/** Whether a reading of the unturned page is already clearly upright, so no other turn is tried. */
export function looksUpright(words: ScoredToken[]): boolean {
  return wordLikeScore(words) >= UPRIGHT_SCORE;
}

/** Turns an image clockwise by a quarter-turn multiple. */
export async function rotatePng(png: Buffer, degrees: Rotation): Promise<Buffer> {
  if (degrees === 0) return png;
  return sharp(png, { limitInputPixels: PIXEL_LIMIT, failOn: 'error' }).rotate(degrees).png().toBuffer();
}

export interface DetectRotationOptions {
  /** Longer side of the copy the pass reads; text must stay legible (≈ 15 px lines on A4). */
  maxSide?: number;
  /** Score of the unturned page when it was already read, to save one pass. */
  uprightScore?: number;
}

/** Degrees to turn the image clockwise so its text reads upright. */
export async function detectRotation(png: Buffer, pass: OrientationPass, opts: DetectRotationOptions = {}): Promise<Rotation> {
  const maxSide = opts.maxSide ?? 1400;
  const small = await sharp(png, { limitInputPixels: PIXEL_LIMIT, failOn: 'error' })
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .greyscale()
    .png()
    .toBuffer();
  const scores = new Map<Rotation, number>();
  if (opts.uprightScore !== undefined) scores.set(0, opts.uprightScore);
  // Upside-down is the most common mistake of a scanner feeder; sideways comes from phones.
  for (const turn of [0, 180, 90, 270] as const) {
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
