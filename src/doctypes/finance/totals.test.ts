import { describe, expect, it } from 'vitest';
import { readingRows } from './rows.js';
import { placed, slipEntries } from './test-reading.js';
import { findTotals } from './totals.js';

const slip = (...lines: string[]) => readingRows(placed(slipEntries(...lines)));

describe('the total among several total lines', () => {
  it('takes the "Nett Total" under a "Total Amount", as a "Net Total"', () => {
    expect(findTotals(slip('Total Amount: $6.80', 'GST @6%: $0.39', 'Nett Total: $6.90', 'CASH $6.90')).total?.value).toBe(6.9);
    expect(findTotals(slip('Total Amount: $6.80', 'GST @6%: $0.39', 'Net Total: $6.90')).total?.value).toBe(6.9);
  });
});

describe("a restaurant's service charge", () => {
  it('is added to the subtotal before the tax and the rounding', () => {
    const t = findTotals(slip('SUB TOTAL | 295.00', 'SERVICE CHARGE 10% | 29.50', 'GST 6% | 19.47', 'ROUNDING ADJ | -0.02', 'TOTAL | 343.95'));
    expect(t).toMatchObject({
      subtotal: { value: 295 },
      charge: { value: 29.5 },
      tax: { value: 19.47 },
      rounding: { value: -0.02 },
      total: { value: 343.95 },
      consistent: true,
    });
    // A service tax is a tax.
    expect(findTotals(slip('Subtotal | 10.00', 'Service Tax 6% | 0.60', 'Total | 10.60'))).toMatchObject({
      tax: { value: 0.6 },
      charge: null,
      consistent: true,
    });
  });

  it('leaves a rounding printed with its minus known when no total was read', () => {
    expect(findTotals(slip('SUB TOTAL | 10.00', 'ROUNDING ADJ | -0.02', 'TOTAL | 3.9%')).rounding?.value).toBe(-0.02);
    expect(findTotals(slip('SUB TOTAL | 10.00', 'ROUNDING ADJ | 0.02', 'TOTAL | 3.9%')).rounding).toBeNull();
  });
});

describe('a Malay till slip', () => {
  it('reads its subtotal, sales tax, rounding and total by their Malay labels', () => {
    expect(
      findTotals(slip('SUBJUMLAH | 94.75', 'CUKAI JUALAN 6% | 5.69', 'LARAS BUNDAR | 0.01', 'JUMLAH PERLU DIBAYAR | 100.45', 'BAYARAN TUNAI | 200.00')),
    ).toMatchObject({
      subtotal: { value: 94.75 },
      tax: { value: 5.69 },
      rounding: { value: 0.01 },
      total: { value: 100.45 },
      consistent: true,
    });
    expect(findTotals(slip('JUMLAH KECIL | 20.00', 'CUKAI 6% | 1.20', 'JUMLAH BESAR | 21.20'))).toMatchObject({
      subtotal: { value: 20 },
      tax: { value: 1.2 },
      total: { value: 21.2 },
      consistent: true,
    });
  });
});
