import { describe, expect, it } from 'vitest';
import { extractInvoice } from '../invoice.js';
import { findInvoiceDates } from './invoice-dates.js';
import { readingRows } from './rows.js';
import { placed } from './test-reading.js';

const NOW = new Date('2025-06-01T00:00:00Z');
const dueOf = (entries: [string, number, number][]): string | null => findInvoiceDates(readingRows(placed(entries)), NOW).due?.value ?? null;

describe("an invoice's due date", () => {
  it('is read from the payment terms sentence that names it, not from a discount date beside it', () => {
    expect(dueOf([['Zahlbar innerhalb 30 Tagen netto bis 04.04.2025, 3% Skonto innerhalb 10 Tagen bis 15.03.2025.', 0.08, 0.8]])).toBe('04.04.2025');
    expect(dueOf([['Please remit until 2025-07-01.', 0.08, 0.8]])).toBe('2025-07-01');
    expect(dueOf([['Payable before 12/07/2025', 0.08, 0.8]])).toBe('12/07/2025');
    expect(dueOf([['Da pagare entro il 30/06/2025', 0.08, 0.8]])).toBe('30/06/2025');
  });

  it('is read under a column heading "Fälligkeit"', () => {
    expect(
      dueOf([
        ['Fälligkeit', 0.08, 0.6],
        ['Teilzahlung', 0.4, 0.6],
        ['04.04.2025', 0.08, 0.615],
        ['235,62', 0.4, 0.615],
      ]),
    ).toBe('04.04.2025');
  });

  it('is never a payment method ("payable by bank transfer")', () => {
    expect(dueOf([['Payable by bank transfer', 0.08, 0.8]])).toBeNull();
  });

  it('stays with the person when the page names two different due dates', () => {
    const terms: [string, number, number][] = [
      ['INVOICE', 0.1, 0.05],
      ['Invoice date: 13.11.2024', 0.1, 0.1],
      ['Zahlbar innerhalb 30 Tagen netto bis 13.12.2024.', 0.08, 0.5],
    ];
    const dueOfPage = (entries: [string, number, number][]) =>
      extractInvoice(placed(entries, 'text_layer'), { now: NOW, pages: [] }).find((v) => v.key === 'due_date');
    expect(dueOfPage(terms)).toMatchObject({ value: '2024-12-13' });
    expect(dueOfPage(terms)?.problems).toBeUndefined();
    // The same date written again is no rival; another date is.
    expect(dueOfPage([...terms, ['Due date: 13/12/2024', 0.08, 0.6]])?.problems).toBeUndefined();
    expect(dueOfPage([...terms, ['Due date: 04.04.2025', 0.08, 0.6]])).toMatchObject({ problems: ['DATE_NEEDS_REVIEW'] });
  });
});
