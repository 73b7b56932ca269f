import type { Box, Line } from './types.js';

/** Messages between the main thread and the PaddleOCR worker thread. */

export interface PaddleWorkerData {
  threads: number;
  maxPixels: number;
}

export type PaddleRequest =
  | { kind: 'page'; png: Uint8Array; maxSide: number }
  | { kind: 'crops'; png: Uint8Array; boxes: Box[] };

export type PaddleResult = { lines: Line[] } | { crops: Line[][] };

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'fatal'; message: string }
  | { type: 'result'; id: number; ok: true; result: unknown }
  | { type: 'result'; id: number; ok: false; message: string };
