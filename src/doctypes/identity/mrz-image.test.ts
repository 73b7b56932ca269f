import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateIdCardTd1, generatePassport } from '../../../test/fixtures/documents/index.js';
import { lineOf } from '../../../test/helpers/identity-readings.js';
import { createPaddleReader, type PaddleReader } from '../../readers/paddle.js';
import type { ReaderOutput } from '../../readers/types.js';
import { readMrzFromImage, withMrzLines } from './mrz-image.js';

const output = (lines: ReturnType<typeof lineOf>[]): ReaderOutput => ({ reader: 'tesseract', engine: { name: 't', version: '0' }, pages: [{ page: 1, lines }], ms: 0, cost_usd: 0 });

describe('withMrzLines', () => {
  it('replaces the page reading’s lines inside the band by the crop reading’s, keeping the print', () => {
    const page = output([lineOf('Surname / Nom', [0.3, 0.2, 0.5, 0.23]), lineOf('P<UTOERIKSS0N<<ANNA', [0.05, 0.8, 0.95, 0.84]), lineOf('L8989O2C36UTO', [0.05, 0.88, 0.95, 0.92])]);
    const crop = output([lineOf('P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', [0.05, 0.8, 0.95, 0.84]), lineOf('L898902C36UTO7408122F1204159ZE184226B<<<<<10', [0.05, 0.88, 0.95, 0.92])]);
    const merged = withMrzLines(page, crop, [0.04, 0.78, 0.96, 0.94]);
    expect(merged.pages[0]!.lines.map((l) => l.text)).toEqual(['Surname / Nom', crop.pages[0]!.lines[0]!.text, crop.pages[0]!.lines[1]!.text]);
    expect(merged.reader).toBe('tesseract');
  });

  it('leaves the page as it is when the crop read nothing', () => {
    const page = output([lineOf('P<UTO', [0.05, 0.8, 0.95, 0.84])]);
    expect(withMrzLines(page, output([]), [0, 0.7, 1, 1])).toEqual(page);
  });
});

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
      const read = await readMrzFromImage(doc.bytes, { tesseract: silentTesseract, paddle }, { now: new Date(Date.UTC(2025, 5, 1)) });
      const reading = read.readings.find((r) => r.reader === 'paddle')!;
      expect(reading.lines).toEqual(doc.truth.mrz_lines);
      expect(reading.result?.valid).toBe(true);
    }
  }, 180_000);
});
