import type { Box, Line } from './types.js';

/** Messages between the main thread and the PaddleOCR worker thread. */

export interface PaddleWorkerData {
  threads: number;
  maxPixels: number;
}

export type PaddleRequest =
  | { kind: 'page'; png: Uint8Array; maxSide: number }
  | { kind: 'crops'; png: Uint8Array; boxes: Box[]; detectLines: boolean };

/** How a crop's lines were found: from its pixel rows, each band read by the recogniser alone,
 * or by the text detector. */
export type CropMethod = 'recogniser' | 'detector';

export type PaddleResult = { lines: Line[] } | { crops: Array<{ lines: Line[]; via: CropMethod }> };

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'fatal'; message: string }
  | { type: 'result'; id: number; ok: true; result: unknown }
  | { type: 'result'; id: number; ok: false; message: string };
