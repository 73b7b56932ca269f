import { describe, expect, it } from 'vitest';
import { mrzFrame } from '../../test/fixtures/capture-frames.js';
import { CaptureService } from './check.js';
import { openFrame } from './frame.js';
import { findMrz, type CaptureMrzReaders } from './mrz-pass.js';

/** The capture check's fast path: the in-process OCR-B reader proves a frame whose check digits
 * all pass without any OCR engine; a frame it cannot prove goes on to the engines. */

const now = new Date('2025-06-01T00:00:00Z');
const noEngines = async (): Promise<CaptureMrzReaders> => {
  throw new Error('the fast path started the OCR engines');
};
/** Engines that see nothing: whatever is found, the glyph reader found. */
const blindEngines = async (): Promise<CaptureMrzReaders> => ({
  tesseract: { readRegion: async () => ({ text: '', confidence: 0, lines: [] }) },
  paddle: null,
});

describe('the OCR-B fast path of the capture check', () => {
  it('proves a generated 2 MP passport frame without starting an OCR engine', { timeout: 60_000 }, async () => {
    // a seed whose checked fields hold none of the characters the check digits cannot tell apart
    // (G/6, S/8, K): every other frame needs a second engine's look at those
    const generated = await mrzFrame({ seed: 20 });
    const pass = await findMrz(await openFrame(generated.bytes), noEngines, now);
    expect(pass!.reader).toBe('ocrb');
    expect(pass!.proven).toBe(true);
    expect(pass!.result!.lines.repaired).toEqual(generated.document.truth.mrz_lines);
  });

  it('one changed digit: not proven, and the failing check is named', { timeout: 60_000 }, async () => {
    const generated = await mrzFrame({ seed: 21, broken: 'birth_date' });
    const service = new CaptureService({ readers: blindEngines, now: () => now });
    const r = await service.check(generated.bytes, { lookFor: 'mrz' });
    expect(r.proven).toBe(false);
    expect(r.mrz!.reader).toBe('ocrb');
    const failing = r.mrz!.checks.filter((c) => !c.passed).map((c) => c.name);
    expect(failing).toContain('date_of_birth');
    expect(r.reasons.find((x) => x.code === 'check_digit_failed')!.detail).toBe(`failing check digits: ${failing.join(', ')}`);
  });
});
