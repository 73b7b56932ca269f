import { describe, expect, it } from 'vitest';
import { lineOf } from '../../test/helpers/identity-readings.js';
import { withMrzLines } from './mrz-pass.js';
import type { ReaderOutput } from './types.js';

const output = (lines: ReturnType<typeof lineOf>[]): ReaderOutput => ({
  reader: 'tesseract',
  engine: { name: 't', version: '0' },
  pages: [{ page: 1, lines }],
  ms: 0,
  cost_usd: 0,
});

describe('withMrzLines', () => {
  it('replaces the page reading’s lines inside the band by the crop reading’s, keeping the print', () => {
    const page = output([
      lineOf('Surname / Nom', [0.3, 0.2, 0.5, 0.23]),
      lineOf('P<UTOERIKSS0N<<ANNA', [0.05, 0.8, 0.95, 0.84]),
      lineOf('L8989O2C36UTO', [0.05, 0.88, 0.95, 0.92]),
    ]);
    const crop = output([
      lineOf('P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', [0.05, 0.8, 0.95, 0.84]),
      lineOf('L898902C36UTO7408122F1204159ZE184226B<<<<<10', [0.05, 0.88, 0.95, 0.92]),
    ]);
    const merged = withMrzLines(page, crop, [0.04, 0.78, 0.96, 0.94]);
    expect(merged.pages[0]!.lines.map((l) => l.text)).toEqual(['Surname / Nom', crop.pages[0]!.lines[0]!.text, crop.pages[0]!.lines[1]!.text]);
    expect(merged.reader).toBe('tesseract');
  });

  it('leaves the page as it is when the crop read nothing', () => {
    const page = output([lineOf('P<UTO', [0.05, 0.8, 0.95, 0.84])]);
    expect(withMrzLines(page, output([]), [0, 0.7, 1, 1])).toEqual(page);
  });
});
