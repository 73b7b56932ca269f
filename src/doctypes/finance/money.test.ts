import { describe, expect, it } from 'vitest';
import { detectCurrency } from './currency.js';
import { findAmounts, findPercent, parseQuantity } from './money.js';

describe('findAmounts', () => {
  it('reads both decimal conventions, with symbols and codes on either side', () => {
    expect(findAmounts('Total 1,234.56').map((a) => a.value)).toEqual([1234.56]);
    expect(findAmounts('Summe 1.234,56 €')).toMatchObject([{ value: 1234.56, currency: 'EUR' }]);
    expect(findAmounts('EUR 22.972,86')).toMatchObject([{ value: 22972.86, currency: 'EUR' }]);
    expect(findAmounts('$4.11')).toMatchObject([{ value: 4.11, currency: 'USD' }]);
    expect(findAmounts('Grand Total Rs 1939')).toMatchObject([{ value: 1939, currency: 'INR' }]);
    expect(findAmounts('RM 14.10')).toMatchObject([{ value: 14.1, currency: 'MYR' }]);
    // Cents a reader set apart from the point stay cents; a comma and a space stay a list.
    expect(findAmounts('TOTAL RM 65. 20')).toMatchObject([{ value: 65.2, currency: 'MYR' }]);
    expect(findAmounts('Total: 105. 00').map((a) => a.value)).toEqual([105]);
    expect(findAmounts('RM 2, 10').map((a) => a.value)).toEqual([2]);
    // …or set the point apart from the units (PaddleOCR: "SUMME 41 .34").
    expect(findAmounts('SUMME 41 .34').map((a) => a.value)).toEqual([41.34]);
    expect(findAmounts('RM 41 .34')).toMatchObject([{ value: 41.34, currency: 'MYR' }]);
    // Cents set apart with the point lost after a currency mark, at the end of the text only.
    expect(findAmounts('TOTAL RM8 60')).toMatchObject([{ value: 8.6, currency: 'MYR' }]);
    expect(findAmounts('RM 8 60 x').map((a) => a.value)).toEqual([8]);
    expect(findAmounts('RM8 605').map((a) => a.value)).toEqual([8]);
    expect(findAmounts('QTY 8 60')).toEqual([]);
    expect(findAmounts('€ -9,32')).toMatchObject([{ value: -9.32 }]);
  });

  it('reads thousands a plain space sets apart before a decimal comma, so that a French total keeps them', () => {
    expect(findAmounts('Total TTC 1 234,56 €').map((a) => a.value)).toEqual([1234.56]);
    expect(findAmounts('TOTAL 12 500,00 EUR').map((a) => a.value)).toEqual([12500]);
    // Not with a decimal point, nor a group of other than three figures.
    expect(findAmounts('1 234.56').map((a) => a.value)).toEqual([234.56]);
    expect(findAmounts('2 x 3,50 7,00').map((a) => a.value)).toEqual([3.5, 7]);
  });

  it('reads Indian grouping in lakhs and crores', () => {
    expect(findAmounts('Total ₹1,23,456.78').map((a) => [a.value, a.currency])).toEqual([[123456.78, 'INR']]);
    expect(findAmounts('Rs. 12,34,567.00').map((a) => a.value)).toEqual([1234567]);
  });

  it('does not take dates, percentages, times or bare integers for amounts', () => {
    expect(findAmounts('20.04.2025')).toEqual([]);
    expect(findAmounts('01.05.14-31.05.14')).toEqual([]);
    expect(findAmounts('VAT 15.00%')).toEqual([]);
    expect(findAmounts('17:31')).toEqual([]);
    expect(findAmounts('Qty 12')).toEqual([]);
    expect(findAmounts('Total 1 278.61').map((a) => a.value)).toEqual([278.61]);
    expect(findAmounts('12/18.00')).toEqual([]);
  });

  it("reads an amount behind a stray slash, a stamp's stroke read before it", () => {
    expect(findAmounts('TOTAL ~~. " /18.00').map((a) => a.value)).toEqual([18]);
  });
});

describe('quantities and rates', () => {
  it('reads quantities with units and both decimal marks', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity('1,5')).toBe(1.5);
    expect(parseQuantity('1.00 kg')).toBe(1);
    expect(parseQuantity('Service A')).toBeNull();
    expect(findPercent('VAT 7,5 %')).toBe(7.5);
  });
});

describe('detectCurrency', () => {
  it('prefers a labelled code, then the most frequent mark', () => {
    expect(detectCurrency(['Currency: GBP', '€ 12.00'])).toMatchObject({ code: 'GBP', how: 'label' });
    expect(detectCurrency(['12,00 €', '5,00 €', 'USD'])?.code).toBe('EUR');
    expect(detectCurrency(['we try to deliver', 'Total 5.00'])).toBeNull();
    expect(detectCurrency(['A$ not here', 'Amount AUD', '$ 10.00'])?.code).toBe('AUD');
  });
});
