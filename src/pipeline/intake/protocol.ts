/** Messages between the server process and a sandbox process (structured-clone IPC). */
import type { FileKind } from '../../domain/document-types.js';
import type { IntakeResult } from '../types.js';
import type { IntakeLimits } from './limits.js';

export interface JobMessage {
  type: 'job';
  id: number;
  kind: FileKind;
  bytes: Uint8Array;
  limits: IntakeLimits;
}

export type ChildMessage =
  | { type: 'ready' }
  | { type: 'progress'; id: number; where: string }
  | { type: 'done'; id: number; result: IntakeResult }
  | { type: 'refused'; id: number; reason: string; beforeParsing: boolean };

const asBuffer = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

/** Structured clone returns Buffers as plain Uint8Arrays: make them Buffers again. */
export function reviveResult(result: IntakeResult): IntakeResult {
  const revived = { ...result, images: result.images.map((img) => ({ ...img, png: asBuffer(img.png) })) };
  return result.elaMap ? { ...revived, elaMap: asBuffer(result.elaMap) } : revived;
}

export function jobBytes(job: JobMessage): Buffer {
  return asBuffer(job.bytes);
}
