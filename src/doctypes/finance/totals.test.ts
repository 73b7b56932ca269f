import { describe, expect, it } from 'vitest';
import { readingRows } from './rows.js';
import { placed } from './test-reading.js';
import { findTotals } from './totals.js';

/** A till slip's totals block, one line per entry, from the top. */
const slip = (...lines: string[]) => readingRows(placed(lines.map((text, i): [string, number, number] => [text, 0.1, 0.5 + i * 0.03])));

describe('the total among several total lines', () => {
  it('takes the "Nett Total" under a "Total Amount", as a "Net Total"', () => {
    expect(findTotals(slip('Total Amount: $6.80', 'GST @6%: $0.39', 'Nett Total: $6.90', 'CASH $6.90')).total?.value).toBe(6.9);
    expect(findTotals(slip('Total Amount: $6.80', 'GST @6%: $0.39', 'Net Total: $6.90')).total?.value).toBe(6.9);
  });
});
