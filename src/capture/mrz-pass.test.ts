import { describe, expect, it } from 'vitest';
import { mrzFrame } from '../../test/fixtures/capture-frames.js';
import { lineOf } from '../../test/helpers/identity-readings.js';
import type { Box, Line } from '../readers/types.js';
import { openFrame, type Frame } from './frame.js';
import { findMrz as findMrzWith, type CaptureMrzReaders } from './mrz-pass.js';

/** The proof rule on fixed readings, the glyph reader left out (the OCR itself is exercised in
 * test/api/capture.test.ts and ocrb-mrz.test.ts):
 * `<` read as K leaves every check digit passing, so a K in a checked field needs a second engine. */

// A specimen's MRZ (ICAO 9303 style GBR sample; its document number's 8 changed, 8 and S being a
// pair the check digits cannot tell apart) with its optional data read twice as K: every check
// digit still passes.
const PRINTED = ['P<GBRUNITED<KINGDOM<FIVE<<JODIE<PIPPA<<<<<<<', '1071957035GBR8501178F1601312<<<<<<<<<<<<<<06'];
const MISREAD = [PRINTED[0]!, '1071957035GBR8501178F1601312<<<<<<<<<<<K<K06'];

const lines = (texts: string[]): Line[] => texts.map((t, i) => lineOf(t, [0.05, 0.2 + i * 0.4, 0.95, 0.5 + i * 0.4]));

function readers(tesseract: string[], paddle: string[] | null): CaptureMrzReaders {
  return {
    tesseract: { readRegion: async () => ({ text: tesseract.join('\n'), confidence: 0.9, lines: lines(tesseract) }) },
    paddle: paddle && { readCrops: async () => [{ box: [0, 0, 1, 1], text: paddle.join('\n'), confidence: 0.9, lines: lines(paddle), via: 'detector' }] },
  };
}

describe('the capture MRZ proof', async () => {
  const frame = await openFrame((await mrzFrame({ seed: 21 })).bytes);
  const now = new Date('2025-06-01T00:00:00Z');
  const findMrz = (f: Frame, pools: () => Promise<CaptureMrzReaders>, at: Date) => findMrzWith(f, pools, at, { readGlyphs: () => [] });

  it('proves a clean reading whose check digits all pass', async () => {
    const pass = await findMrz(frame, async () => readers(PRINTED, null), now);
    expect(pass!.proven).toBe(true);
    expect(pass!.unconfirmed).toEqual([]);
  });

  it('a K where < was printed passes every check digit, yet is not proven without a second engine', async () => {
    const pass = await findMrz(frame, async () => readers(MISREAD, null), now);
    expect(pass!.result!.checks.every((c) => c.valid)).toBe(true);
    expect(pass!.proven).toBe(false);
    expect(pass!.unconfirmed.map((s) => s.char)).toEqual(['K', 'K']);
  });

  it('Paddle reading < there leaves it unproven; Paddle reading K too confirms it', async () => {
    expect((await findMrz(frame, async () => readers(MISREAD, PRINTED), now))!.proven).toBe(false);
    expect((await findMrz(frame, async () => readers(MISREAD, MISREAD), now))!.proven).toBe(true);
  });

  it('a second engine whose names line does not parse still confirms the field it read alike', async () => {
    const fumbled = ['P<GBRUNITEDKINGDOMFIVEJODIEPIPPALLLLLLLLLLLLLLLLLLLLLKK', MISREAD[1]!];
    expect((await findMrz(frame, async () => readers(MISREAD, fumbled), now))!.proven).toBe(true);
  });

  it('one changed digit fails its check whatever the readers agree on', async () => {
    const changed = [PRINTED[0]!, PRINTED[1]!.replace('8501178', '8501278')];
    const pass = await findMrz(frame, async () => readers(changed, changed), now);
    expect(pass!.proven).toBe(false);
    expect(pass!.result!.checks.filter((c) => !c.valid).map((c) => c.name)).toContain('date_of_birth');
  });

  describe('with the pools already running, Paddle reads the document number while the glyph reader classifies', () => {
    // the specimen as printed: its document number's 8 is a blind spot (8 and S weigh alike)
    const SPECIMEN = [PRINTED[0]!, '1071857032GBR8501178F1601312<<<<<<<<<<<<<<02'];
    const glyphs = (texts: string[]) => () => [{ lines: lines(texts), alternatives: [], spanBox: (): Box => [0, 0, 1, 1] }];
    const early = (text: string, calls: Array<{ size?: unknown }>): CaptureMrzReaders => ({
      tesseract: { readRegion: async () => ({ text: '', confidence: 0, lines: [] }) },
      paddle: {
        readCrops: async (_png, boxes, opts) => {
          calls.push({ size: opts?.size });
          return boxes.map((box) => ({ box, text, confidence: 0.9, lines: lines([text]), via: 'recogniser' as const }));
        },
      },
    });
    const noPools = async (): Promise<CaptureMrzReaders> => {
      throw new Error('the early look should have settled the frame');
    };

    it('its reading of the field alike proves the frame, with no further engine call', async () => {
      const calls: Array<{ size?: unknown }> = [];
      const pass = await findMrzWith(frame, noPools, now, { readGlyphs: glyphs(SPECIMEN), running: early('1071857032GBR850', calls) });
      expect(pass!.proven).toBe(true);
      // the piece's size goes with it, so that the request is posted before the glyphs are read
      expect(calls).toEqual([{ size: expect.objectContaining({ width: expect.any(Number), height: expect.any(Number) }) }]);
    });

    it('the look is not awaited before the glyphs are read (it runs beside them)', async () => {
      // Paddle answers only once the glyph reader has run: awaiting it first would never end
      let glyphsRead!: () => void;
      const afterGlyphs = new Promise<void>((resolve) => (glyphsRead = resolve));
      const running = early('1071857032GBR850', []);
      const paddle = running.paddle!;
      running.paddle = { readCrops: async (...args) => afterGlyphs.then(() => paddle.readCrops(...args)) };
      const readGlyphs = () => {
        glyphsRead();
        return glyphs(SPECIMEN)();
      };
      const pass = await findMrzWith(frame, noPools, now, { readGlyphs, running });
      expect(pass!.proven).toBe(true);
    });

    it('a reading that differs confirms nothing', async () => {
      const pools = async (): Promise<CaptureMrzReaders> => ({ tesseract: { readRegion: async () => ({ text: '', confidence: 0, lines: [] }) }, paddle: null });
      const pass = await findMrzWith(frame, pools, now, { readGlyphs: glyphs(SPECIMEN), running: early('1071S57032GBR850', []) });
      expect(pass!.proven).toBe(false);
      expect(pass!.unconfirmed.map((u) => u.char)).toEqual(['8']);
    });
  });
});
