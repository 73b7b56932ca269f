import { describe, expect, it } from 'vitest';
import { lineOf } from '../../../test/helpers/identity-readings.js';
import type { MrzImageReading, MrzImageResult } from '../../doctypes/identity/mrz-image.js';
import { parseMrz } from '../../doctypes/mrz/index.js';
import type { ReaderName } from '../../readers/types.js';
import { joiningReadings } from './mrz-pass.js';

/** Which MRZ readings join the page's readings, where one passing check digit verifies a value. */

const NOW = new Date('2025-06-01T00:00:00Z');
const PRINTED = ['P<GBRUNITED<KINGDOM<FIVE<<JODIE<PIPPA<<<<<<<', '1071857032GBR8501178F1601312<<<<<<<<<<<<<<02'];
const BROKEN = [PRINTED[0]!, PRINTED[1]!.replace('8501178', '8501278')];

function reading(reader: ReaderName, lines: string[], standsAlone = true): MrzImageReading {
  const result = parseMrz(lines, { now: NOW });
  const output = { reader, engine: { name: reader, version: '' }, pages: [{ page: 1, lines: lines.map((t) => lineOf(t, [0, 0, 1, 1])) }], ms: 0, cost_usd: 0 };
  return { reader, lines, result, output, unconfirmed: [], standsAlone };
}
const of = (readings: MrzImageReading[]): MrzImageResult => ({ band: null, readings, best: null, consensus: null });
const readers = (r: MrzImageResult): string[] => joiningReadings(r).map((x) => x.reader);

describe('joiningReadings', () => {
  it('a glyph reading with an unconfirmed blind spot never joins', () => {
    expect(readers(of([reading('paddle', BROKEN), reading('ocrb', PRINTED, false)]))).toEqual(['paddle']);
  });

  it('a glyph reading that stands alone joins where no OCR engine passed every check', () => {
    expect(readers(of([reading('paddle', BROKEN), reading('ocrb', PRINTED)]))).toEqual(['paddle', 'ocrb']);
  });

  it('where an OCR engine passed every check, the glyph reading would add only copies: it stays out', () => {
    expect(readers(of([reading('paddle', PRINTED), reading('ocrb', PRINTED)]))).toEqual(['paddle']);
  });
});
