import type { Box, Line } from '../types.js';

/** The paper `readCrops` takes around each box, in shares of the box's height (at least `min`
 * pixels): detection needs background around the text, and a box from another reader may clip a
 * letter at either end. */
export const CROP_PAD = { x: 0.8, y: 0.35, min: 8 } as const;

/** Messages between the main thread and the PaddleOCR worker thread. */

export interface PaddleWorkerData {
  threads: number;
  maxPixels: number;
}

export type PaddleRequest =
  | { kind: 'page'; png: Uint8Array; maxSide: number }
  | { kind: 'crops'; png: Uint8Array; boxes: Box[]; detectLines: boolean }
  | { kind: 'mrz'; png: Uint8Array; groups: string[][]; rowsFrom: MrzRowSource; only?: number[] }
  | { kind: 'mrz-text'; png: Uint8Array };

/** Where an MRZ crop's rows come from: the text detector's boxes, or the crop's own pixel rows
 * (a straightened band on plain paper: several times cheaper; the detector when they are unclear). */
export type MrzRowSource = 'detector' | 'pixels';

/** One text row of an MRZ crop (the detector's boxes on one row joined, or a band of ink) and the
 * recogniser's per-step probabilities over the requested character groups (see
 * StepProbabilities), once per way of presenting the row (detector rows: as found and with more
 * paper above and below; their errors differ, so the caller can weigh them together), or once. */
export interface MrzRowSteps {
  box: Box;
  variants: Array<{ steps: number; data: Float32Array }>;
  /** The detector's reading of the row (its lines on the row, left to right), once asked for
   * (MrzDetectorText); empty until then, and for pixel rows. */
  text: string;
}

/** The text detector's own reading of an MRZ crop: its lines, and its text of each of the crop's
 * detector rows (a row's `box` as in MrzRowSteps). */
export interface MrzDetectorText {
  lines: Line[];
  texts: Array<{ box: Box; text: string }>;
}

/** How a crop's lines were found: from its pixel rows, each band read by the recogniser alone,
 * or by the text detector. */
export type CropMethod = 'recogniser' | 'detector';

export type PaddleResult = { lines: Line[] } | { crops: Array<{ lines: Line[]; via: CropMethod }> } | { lines: Line[]; rows: MrzRowSteps[] } | MrzDetectorText;

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'fatal'; message: string }
  | { type: 'result'; id: number; ok: true; result: unknown }
  | { type: 'result'; id: number; ok: false; message: string };
