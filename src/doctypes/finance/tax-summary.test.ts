import { describe, expect, it } from 'vitest';
import { readingRows } from './rows.js';
import { summaries, summaryTotals } from './tax-summary.js';
import { placed } from './test-reading.js';

const rows = (entries: Array<[string, number, number]>) => readingRows(placed(entries));

describe('summaryTotals', () => {
  it('adds net and tax over the rates under a heading that names the summary or only its columns', () => {
    const rates: Array<[string, number, number]> = [
      ['SR @ 6%', 0.05, 0.52],
      ['8.12', 0.55, 0.52],
      ['0.48', 0.8, 0.52],
      ['ZR @ 0%', 0.05, 0.54],
      ['2.20', 0.55, 0.54],
      ['0.00', 0.8, 0.54],
    ];
    expect(summaryTotals(rows([['GST SUMMARY', 0.05, 0.5], ...rates]))).toEqual([1080]);
    expect(summaryTotals(rows([['Code Amount Tax', 0.05, 0.5], ...rates]))).toEqual([1080]);
  });

  it("takes the summary's own total row as it prints it, and reads nothing without a heading", () => {
    const summary: Array<[string, number, number]> = [
      ['SR 6', 0.05, 0.52],
      ['93.40', 0.55, 0.52],
      ['5.60', 0.8, 0.52],
      ['Total :', 0.05, 0.54],
      ['93.40', 0.55, 0.54],
      ['5.60', 0.8, 0.54],
    ];
    expect(summaryTotals(rows([['TAX CODE AMOUNT GST', 0.05, 0.5], ...summary]))).toEqual([9900]);
    expect(summaryTotals(rows(summary))).toEqual([]);
  });

  it('reads rate rows that name their code and rate ("A @ 19%") one under another as the summary, its heading misread (seed 20441)', () => {
    const rates: Array<[string, number, number]> = [
      ['TAX CODE', 0.05, 0.5],
      ['A @ 19% 13,08 2,48', 0.05, 0.52],
      ['B@ 7% 1,51 0,11', 0.05, 0.54],
    ];
    expect(summaries(rows(rates))).toEqual([{ net: 1459, tax: 259 }]);
    // apart, they are no one summary
    expect(summaries(rows([rates[1]!, ['ZWISCHENSUMME 14,59', 0.05, 0.53], rates[2]!]))).toEqual([]);
  });
});
