import type { CaptureReason } from '../domain/capture-reasons.js';
import type { MrzCheckName, MrzFormat } from '../doctypes/mrz/index.js';
import type { NextAction } from '../domain/statuses.js';
import type { Box, ReaderName } from '../readers/types.js';
import { openFrame } from './frame.js';
import { explain, nextActionOf } from './guidance.js';
import { passesEveryCheck } from '../doctypes/identity/mrz-blind-spots.js';
import { findMrz, type CaptureMrzReaders } from './mrz-pass.js';
import { findQrCodes, type QrPass } from '../readers/qr/search.js';

const NO_QR: QrPass = { decoded: [], undecoded: [], fullResolutionTries: 0 };

/** The capture check: is this camera frame proven? Proven means an MRZ whose check digits all
 * pass, or a QR code that decodes (its Reed–Solomon error correction vouches for the bytes). It
 * runs the local readers only, and keeps nothing: the frame and what it holds live in this call's
 * memory and are answered to the caller, never stored or logged. */

export interface CaptureMrz {
  format: MrzFormat;
  /** The lines as read and repaired (the parser's check-digit-confirmed repairs applied). */
  lines: string[];
  checks: Array<{ name: MrzCheckName; line: number; position: number; expected: number | null; actual: string; passed: boolean }>;
  all_checks_passed: boolean;
  reader: ReaderName;
  /** The band on the frame, fractions [x0, y0, x1, y1]. */
  box: Box;
}

export interface CaptureQr {
  text: string;
  format: string;
  box: Box;
  corners: Array<[number, number]>;
  ec_level: string | null;
}

export interface CaptureResult {
  proven: boolean;
  method: 'mrz' | 'qr' | null;
  mrz: CaptureMrz | null;
  qr_codes: CaptureQr[];
  reasons: Array<{ code: CaptureReason; message: string; detail: string }>;
  next_action: NextAction;
  frame: { width: number; height: number; type: string };
  timings_ms: Record<string, number>;
}

/** Which proof to look for: `any` stops at the first (QR first, being the cheaper), `all` reports
 * both kinds when the frame holds both, `mrz` and `qr` look for one kind only. */
export const CAPTURE_TARGETS = ['any', 'all', 'mrz', 'qr'] as const;
export type CaptureTarget = (typeof CAPTURE_TARGETS)[number];

export interface CaptureDeps {
  /** The process's OCR pools, started on first use. */
  readers: () => Promise<CaptureMrzReaders>;
  now?: () => Date;
}

export class CaptureService {
  /** The pools once a check has started them: later checks let Paddle look ahead (findMrz). */
  private running: CaptureMrzReaders | null = null;

  constructor(private readonly deps: CaptureDeps) {}

  private readonly pools = async (): Promise<CaptureMrzReaders> => (this.running ??= await this.deps.readers());

  async check(bytes: Buffer, opts: { lookFor?: CaptureTarget; signal?: AbortSignal } = {}): Promise<CaptureResult> {
    const lookFor = opts.lookFor ?? 'any';
    const signal = opts.signal;
    const timings: Record<string, number> = {};
    const timed = async <T>(step: string, run: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      try {
        return await run();
      } finally {
        timings[step] = Math.round((performance.now() - started) * 10) / 10;
      }
    };
    const frame = await timed('decode', () => openFrame(bytes));
    const qr = lookFor === 'mrz' ? NO_QR : await timed('qr', () => findQrCodes(frame));
    signal?.throwIfAborted();
    const skipMrz = lookFor === 'qr' || (lookFor === 'any' && qr.decoded.length > 0);
    const mrz = skipMrz
      ? null
      : await timed('mrz', () => findMrz(frame, this.pools, this.deps.now?.() ?? new Date(), { ...(signal ? { signal } : {}), running: this.running }));
    const mrzProven = mrz?.proven ?? false;
    const proven = mrzProven || qr.decoded.length > 0;
    const reasons = proven ? [] : await timed('guidance', () => explain(frame, mrz, qr.undecoded));
    const result = mrz?.result;
    return {
      proven,
      method: mrzProven ? 'mrz' : qr.decoded.length > 0 ? 'qr' : null,
      mrz:
        mrz && result?.format
          ? {
              format: result.format,
              lines: result.lines.repaired,
              checks: result.checks.map((c) => ({ name: c.name, line: c.line, position: c.position, expected: c.expected, actual: c.actual, passed: c.valid })),
              all_checks_passed: passesEveryCheck(result),
              reader: mrz.reader!,
              box: mrz.band.box,
            }
          : null,
      qr_codes: qr.decoded.map((s) => ({ text: s.text, format: s.format, box: s.box, corners: s.corners, ec_level: s.ec_level })),
      reasons,
      next_action: nextActionOf(reasons),
      frame: { width: frame.width, height: frame.height, type: frame.type },
      timings_ms: timings,
    };
  }
}
