import { describe, expect, it } from 'vitest';
import type { Box, PageText, Word } from '../../readers/types.js';
import { findInvoiceDates } from './invoice-dates.js';
import { pageRows } from './rows.js';

const NOW = new Date('2025-06-01T00:00:00Z');
const word = (text: string, box: Box): Word => ({ text, box, confidence: 0.9 });
/** One reader line holding the given words, as Tesseract returns a line across two columns. */
const page = (...lines: Word[][]): PageText => ({
  page: 1,
  lines: lines.map((words) => ({
    text: words.map((w) => w.text).join(' '),
    box: [words[0]!.box[0], words[0]!.box[1], words.at(-1)!.box[2], words.at(-1)!.box[3]],
    confidence: 0.9,
    words,
  })),
});

/** A scanned page's word boxes: the left column's VAT line sits half a line above the right
 * column's "Due date:", whose "date:" (ascender and colon) reaches higher than "Due". */
const offsetColumns = page(
  [
    word('VAT', [0.084, 0.139, 0.112, 0.147]),
    word('ID:', [0.118, 0.139, 0.136, 0.147]),
    word('NL001234567B01', [0.144, 0.139, 0.277, 0.147]),
    word('Due', [0.606, 0.1445, 0.636, 0.152]),
    word('date:', [0.643, 0.143, 0.681, 0.152]),
    word('2025-05-05', [0.823, 0.144, 0.914, 0.152]),
  ],
  [word('Invoice', [0.606, 0.127, 0.661, 0.136]), word('date:', [0.667, 0.127, 0.706, 0.136]), word('2025-04-05', [0.823, 0.127, 0.914, 0.136])],
);

describe('rows of a page', () => {
  it('sets apart a word run into the amount after it, as PaddleOCR reads words printed close (seed 21750)', () => {
    const rows = pageRows(
      page(
        [word('TOTAL291.25', [0.1, 0.5, 0.4, 0.52])],
        [word('SUBTOTAL', [0.1, 0.47, 0.25, 0.49]), word('1.234,56', [0.3, 0.47, 0.4, 0.49])],
        [word('A4', [0.1, 0.44, 0.14, 0.46]), word('PAPER', [0.15, 0.44, 0.25, 0.46]), word('AGUA1,5L', [0.3, 0.44, 0.4, 0.46])],
        [word('TVA:5,50', [0.1, 0.41, 0.4, 0.43])],
      ),
    );
    expect(rows.map((r) => r.text)).toEqual(['TVA: 5,50', 'A4 PAPER  AGUA1,5L', 'SUBTOTAL  1.234,56', 'TOTAL 291.25']);
    const total = rows[3]!.cells[0]!.words;
    expect(total.map((w) => w.text)).toEqual(['TOTAL', '291.25']);
    // each part keeps the share of the box its characters take
    expect(total[0]!.box[2]).toBeCloseTo(0.1 + (0.3 * 5) / 11);
    expect(total[1]!.box).toEqual([total[0]!.box[2], 0.5, 0.4, 0.52]);
  });

  it('keeps a label and its value on one row when the next column is printed half a line higher', () => {
    const rows = pageRows(offsetColumns);
    expect(rows.map((r) => r.text)).toEqual(['Invoice date:  2025-04-05', 'VAT ID: NL001234567B01', 'Due date:  2025-05-05']);
    expect(findInvoiceDates(rows, NOW).due?.value).toBe('2025-05-05');
  });

  it('does not join two lines of one column, nor pull a value from the line below onto its label', () => {
    const rows = pageRows(
      page(
        [word('Total', [0.6, 0.5, 0.65, 0.51]), word('€', [0.8, 0.5, 0.81, 0.51])],
        [word('Due', [0.6, 0.512, 0.63, 0.522]), word('12.00', [0.8, 0.512, 0.85, 0.522])],
      ),
    );
    expect(rows.map((r) => r.text)).toEqual(['Total  €', 'Due  12.00']);
  });

  /** A receipt photographed a little askew, as Tesseract boxes its words: each line climbs 0.012
   * of the page's height across 0.6 of its width, so a right-hand amount stands half a line above
   * its label and level with the gap between it and the line above. */
  const askew = (lines: Array<[string, string, number]>, climb = 0.02) =>
    page(
      ...lines.map(([label, amount, y]) => [
        word(label, [0.1, y, 0.3, y + 0.02]),
        word(amount, [0.7, y - climb * (0.7 / 0.6) + 0.002, 0.8, y - climb * (0.7 / 0.6) + 0.022]),
      ]),
    );

  it('levels the rows of a page photographed askew, so each amount stays with its label', () => {
    const rows = pageRows(
      askew([
        ['SUB TOTAL', '56.72', 0.5],
        ['TAX 8%', '4.54', 0.53],
        ['ROUNDING', '-0.01', 0.56],
        ['TOTAL', '61.25', 0.59],
      ]),
    );
    expect(rows.map((r) => r.text)).toEqual(['SUB TOTAL  56.72', 'TAX 8%  4.54', 'ROUNDING  -0.01', 'TOTAL  61.25']);
    // The rows keep their words' own boxes.
    expect(rows[0]!.box[1]).toBeLessThan(0.5);
  });

  it('takes a page as level when its lines do not agree on a slant', () => {
    // One line joining two columns half a line apart, among level lines: no slant to correct.
    const rows = pageRows(
      page(
        ...offsetColumns.lines.map((l) => l.words),
        [word('Subtotal', [0.1, 0.4, 0.2, 0.41]), word('10.00', [0.8, 0.4, 0.85, 0.41])],
        [word('Tax', [0.1, 0.42, 0.2, 0.43]), word('2.00', [0.8, 0.42, 0.85, 0.43])],
        [word('Total', [0.1, 0.44, 0.2, 0.45]), word('12.00', [0.8, 0.44, 0.85, 0.45])],
      ),
    );
    expect(rows.map((r) => r.text)).toEqual([
      'Invoice date:  2025-04-05',
      'VAT ID: NL001234567B01',
      'Due date:  2025-05-05',
      'Subtotal  10.00',
      'Tax  2.00',
      'Total  12.00',
    ]);
  });
});
