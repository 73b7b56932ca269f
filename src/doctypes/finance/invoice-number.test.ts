import { describe, expect, it } from 'vitest';
import { findInvoiceNumber, invoiceNumber } from './invoice-number.js';
import { readingRows } from './rows.js';
import { placed } from './test-reading.js';

const numberOn = (entries: [string, number, number][]): string | null => findInvoiceNumber(readingRows(placed(entries)))?.value ?? null;

describe('invoice number', () => {
  it.each([
    ['Rechnungsnummer: 2024-118', '2024-118'],
    ['Bill # 55120', '55120'],
    ['Invoice Ref. INV-77/2024', 'INV-77/2024'],
    ['Factura nº A-1043', 'A-1043'],
    ['Beleg-Nr. 880041', '880041'],
    ['No. Invois 100234', '100234'],
    ['Invoice N0. 42183017', '42183017'],
    ['lnvoice No: 30064443', '30064443'],
  ])('knows the label in "%s"', (line, expected) => {
    expect(numberOn([[line, 0.6, 0.1]])).toBe(expected);
  });

  it('takes a value printed under its label', () => {
    expect(
      numberOn([
        ['Invoice number', 0.6, 0.1],
        ['VF1005193039', 0.6, 0.115],
      ]),
    ).toBe('VF1005193039');
  });

  it('joins a number read in two words only when the two words are the whole value', () => {
    expect(invoiceNumber('INV 0042')?.value).toBe('INV 0042');
    expect(invoiceNumber('RE-2025- 46001')?.value).toBe('RE-2025-46001');
    expect(invoiceNumber('12345 Page 1')?.value).toBe('12345');
    expect(invoiceNumber('INV 0042 2025')).toBeNull();
    expect(invoiceNumber('INV 03.04.2025')).toBeNull();
  });

  it('falls back to a booking reference when nothing names an invoice number', () => {
    expect(
      numberOn([
        ['PAYMENT RECEIPT', 0.2, 0.05],
        ['Booking ID', 0.53, 0.17],
        ['IBZY2087', 0.53, 0.185],
      ]),
    ).toBe('IBZY2087');
  });

  it('prefers the invoice number to a booking reference, and takes neither an order number nor a customer reference', () => {
    expect(
      numberOn([
        ['Booking ID: BK-7781', 0.05, 0.1],
        ['Invoice No: 2022089083', 0.6, 0.1],
      ]),
    ).toBe('2022089083');
    expect(numberOn([['Order ID: OD304175096047380001', 0.05, 0.1]])).toBeNull();
    expect(numberOn([['Reference: CUSTREF123', 0.6, 0.1]])).toBeNull();
  });

  it('takes the number after the document title alone on its row, and never the invoice a credit note refers to', () => {
    expect(numberOn([['Facture FA-2017-0010', 0.1, 0.2]])).toBe('FA-2017-0010');
    expect(
      numberOn([
        ['Avoir AV-2017-0005', 0.1, 0.2],
        ['Facture liée', 0.6, 0.3],
        ['FA-2017-0010', 0.6, 0.315],
      ]),
    ).toBe('AV-2017-0005');
    expect(
      numberOn([
        ['Gutschrift', 0.1, 0.2],
        ['Ursprungsrechnung', 0.6, 0.3],
        ['R-2024-118', 0.6, 0.315],
      ]),
    ).toBeNull();
    // Placed as a labelled number; a title with more than a number after it is a sentence, at most a layout guess.
    const scoreOf = (line: string) => findInvoiceNumber(readingRows(placed([[line, 0.1, 0.2]])))?.score ?? 0;
    expect(scoreOf('Facture FA-2017-0010')).toBeGreaterThanOrEqual(30);
    expect(scoreOf('Invoice 2024-118 for services rendered')).toBeLessThan(30);
    // A number under its own label wins over the title's.
    expect(
      numberOn([
        ['Rechnung 2024', 0.1, 0.1],
        ['Rechnungsnummer: R-7731', 0.6, 0.2],
      ]),
    ).toBe('R-7731');
  });
});
