import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTinyMrzPhoto } from '../../../test/fixtures/documents/identity/tiny.js';
import { createMrzPassReader } from '../../readers/mrz-pass.js';
import { createPaddleReader, type PaddleReader } from '../../readers/paddle.js';
import { createTesseractReader, type TesseractReader } from '../../readers/tesseract.js';
import { readMrzFromImage } from './mrz-image.js';

/** A low-resolution camera frame (the MRZ's capitals 6.5 px tall, dim, warm, noisy JPEG): Paddle
 * reads the names line's fillers as S, K and C and Tesseract loses them; the glyph reader, cutting
 * the line into its 44 cells, reads them as fillers. The MRZ must come out exactly as printed, and
 * no field its check digits verify may be wrong. */

const NOW = new Date(Date.UTC(2025, 5, 1));

describe('readMrzFromImage on an MRZ printed 4–7 px tall', () => {
  let tesseract: TesseractReader;
  let paddle: PaddleReader;
  beforeAll(async () => {
    tesseract = createTesseractReader({ workers: 1, recycleAfter: 20 });
    paddle = createPaddleReader({ maxSide: 1600, threads: 1 });
    await Promise.all([tesseract.ready(), paddle.ready()]);
  });
  afterAll(() => Promise.all([tesseract.close(), paddle.close()]));

  it('reads a low-resolution passport frame exactly: its fillers stay fillers in the names', async () => {
    const doc = await generateTinyMrzPhoto({ seed: 5040, kind: 'passport', now: NOW });
    const read = await readMrzFromImage(doc.bytes, createMrzPassReader({ tesseract, paddle }), { now: NOW });
    const truth = doc.truth.mrz_lines!;
    expect(read.consensus?.lines).toEqual(truth);
    for (const [name, f] of Object.entries(read.consensus!.result.fields)) {
      if (f.status !== 'valid') continue;
      const at = (lines: readonly string[]): string => lines[f.positions.line]!.slice(f.positions.start, f.positions.end);
      expect(at(read.consensus!.lines), name).toBe(at(truth));
    }
  }, 120_000);
});
