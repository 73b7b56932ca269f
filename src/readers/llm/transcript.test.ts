import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasRegion, LINE_CONFIDENCE, normaliseBox, pageTextOf, parseTranscript, UNPLACED_CONFIDENCE, WHOLE_PAGE } from './transcript.js';

describe('model transcript to lines', () => {
  it('clamps small overshoots and orders corners', () => {
    expect(normaliseBox([1.04, 0.5, 0.2, -0.02])).toEqual([0.2, 0, 1, 0.5]);
  });

  it('drops boxes on another scale, of the wrong length or enclosing nothing', () => {
    expect(normaliseBox([120, 40, 560, 80])).toBeNull();
    expect(normaliseBox([0.1, 0.2, 0.3])).toBeNull();
    expect(normaliseBox([0.1, 0.2, 0.1, 0.4])).toBeNull();
    expect(normaliseBox(undefined)).toBeNull();
  });

  it('always yields an ordered box inside the page, or none', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: false }), { minLength: 4, maxLength: 4 }), (raw) => {
        const box = normaliseBox(raw);
        if (box === null) return;
        expect(box.every((v) => v >= 0 && v <= 1)).toBe(true);
        expect(box[2]).toBeGreaterThan(box[0]);
        expect(box[3]).toBeGreaterThan(box[1]);
      }),
    );
  });

  it('lays words along a placed line by their share of its letters', () => {
    const page = pageTextOf(1, parseTranscript({ pages: [{ page: 1, lines: [{ text: 'AB  CDEF', box: [0.1, 0.2, 0.8, 0.25] }] }] }));
    const line = page.lines[0]!;
    expect(line).toMatchObject({ text: 'AB CDEF', box: [0.1, 0.2, 0.8, 0.25], confidence: LINE_CONFIDENCE });
    expect(line.words.map((w) => w.text)).toEqual(['AB', 'CDEF']);
    // 7 characters over 0.7 of the width: "AB" takes 2, the space 1, "CDEF" 4.
    expect(line.words[0]!.box).toEqual([0.1, 0.2, 0.3, 0.25]);
    expect(line.words[1]!.box).toEqual([0.4, 0.2, 0.8, 0.25]);
    expect(hasRegion(line.box)).toBe(true);
  });

  it('gives a line without a usable box the whole page, a lower confidence and no region', () => {
    const page = pageTextOf(2, parseTranscript({ pages: [{ lines: [{ text: 'TOTAL 12.00' }, { text: '   ' }, { text: 'X', box: [10, 10, 20, 20] }] }] }));
    expect(page.page).toBe(2);
    expect(page.lines.map((l) => [l.text, l.box, l.confidence])).toEqual([
      ['TOTAL 12.00', WHOLE_PAGE, UNPLACED_CONFIDENCE],
      ['X', WHOLE_PAGE, UNPLACED_CONFIDENCE],
    ]);
    expect(hasRegion(page.lines[0]!.words[0]!.box)).toBe(false);
  });

  it('refuses an answer that is not the transcript shape', () => {
    expect(() => parseTranscript({ lines: ['a'] })).toThrow();
    expect(() => parseTranscript({ pages: [] })).toThrow();
    expect(() => parseTranscript({ pages: [{ lines: [{ text: 5 }] }] })).toThrow();
  });
});
