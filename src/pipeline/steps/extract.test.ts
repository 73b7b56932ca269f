import { describe, expect, it } from 'vitest';
import type { Box, ReaderOutput } from '../../readers/types.js';
import { onlyMrzBands } from './extract.js';

const reading = (boxes: Box[]): ReaderOutput => ({
  reader: 'paddle',
  engine: { name: 'paddle', version: '0' },
  pages: [{ page: 1, lines: boxes.map((box) => ({ text: 'GOODSSOLDARENOTREFUNDABLE', box, confidence: 0.9, words: [] })) }],
  ms: 0,
  cost_usd: 0,
});
const band = { page: 1, box: [0.15, 0.75, 0.83, 0.85] as Box };

describe('a reading of nothing but an MRZ band', () => {
  it('is told apart from a page reading, with the band rows landing near the band', () => {
    expect(
      onlyMrzBands(
        reading([
          [0.15, 0.835, 0.85, 0.855],
          [0.15, 0.857, 0.85, 0.874],
        ]),
        [band],
      ),
    ).toBe(true);
    // A page reading has lines far from the band (the header): it is the document's own.
    expect(
      onlyMrzBands(
        reading([
          [0.1, 0.05, 0.9, 0.07],
          [0.15, 0.8, 0.85, 0.82],
        ]),
        [band],
      ),
    ).toBe(false);
    expect(onlyMrzBands(reading([[0.15, 0.8, 0.85, 0.82]]), [])).toBe(false);
    expect(onlyMrzBands(reading([]), [band])).toBe(false);
  });
});
