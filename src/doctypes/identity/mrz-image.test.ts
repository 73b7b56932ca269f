import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateIdCardTd1, generatePassport } from '../../../test/fixtures/documents/index.js';
import { createMrzPassReader } from '../../readers/mrz-pass.js';
import { createPaddleReader, type PaddleReader } from '../../readers/paddle.js';
import { readMrzFromImage } from './mrz-image.js';

describe('readMrzFromImage: Paddle decoded under the MRZ grammar (model from npm)', () => {
  let paddle: PaddleReader;
  beforeAll(async () => {
    paddle = createPaddleReader({ maxSide: 1600, threads: 1 });
    await paddle.ready();
  }, 120_000);
  afterAll(() => paddle.close());

  // Tesseract is kept out (it reads nothing) so that the reading under test is Paddle's alone.
  const silentTesseract = { readRegion: async () => ({ text: '', confidence: 0, lines: [] }) };

  it('reads generated passport and TD1 photos line for line, at their format lengths', async () => {
    for (const doc of [await generatePassport({ seed: 3, photo: true }), await generateIdCardTd1({ seed: 4, photo: true })]) {
      const read = await readMrzFromImage(doc.bytes, createMrzPassReader({ tesseract: silentTesseract, paddle }), { now: new Date(Date.UTC(2025, 5, 1)) });
      const reading = read.readings.find((r) => r.reader === 'paddle')!;
      expect(reading.lines).toEqual(doc.truth.mrz_lines);
      expect(reading.result?.valid).toBe(true);
    }
  }, 180_000);
});
