import { describe, expect, it } from 'vitest';
import { readingRows } from './rows.js';
import { paidAmount, tenderedAmounts } from './tender.js';
import { placed } from './test-reading.js';

const rowsOf = (entries: Array<[string, number, number]>) => readingRows(placed(entries));

describe('paidAmount', () => {
  it('is the tender less the change printed under it', () => {
    expect(
      paidAmount(
        rowsOf([
          ['TOTAL', 0.05, 0.3],
          ['77.20', 0.8, 0.3],
          ['Cash', 0.6, 0.34],
          ['100.00', 0.8, 0.34],
          ['Change', 0.6, 0.36],
          ['22.80', 0.8, 0.36],
        ]),
      ),
    ).toBe(77.2);
  });

  it('reads a tender or change with a minus before it, one amount read twice, and the short "Ch."', () => {
    expect(
      paidAmount(
        rowsOf([
          ['Cash', 0.05, 0.3],
          ['-50.00', 0.8, 0.3],
          ['CHANGE', 0.05, 0.32],
          ['18.55', 0.8, 0.32],
        ]),
      ),
    ).toBe(31.45);
    expect(
      paidAmount(
        rowsOf([
          ['CASH : 7.42 7.42', 0.05, 0.3],
          ['Change', 0.05, 0.32],
          ['0.00', 0.8, 0.32],
        ]),
      ),
    ).toBe(7.42);
    expect(
      paidAmount(
        rowsOf([
          ['Cash Tendered', 0.05, 0.3],
          ['50.00', 0.8, 0.3],
          ['Ch.', 0.05, 0.32],
          ['21.50', 0.8, 0.32],
        ]),
      ),
    ).toBe(28.5);
  });

  it('reads the tender and change words of the till languages, accents or none', () => {
    const slip = (tender: string, change: string) =>
      paidAmount(
        rowsOf([
          [tender, 0.05, 0.3],
          ['100,00', 0.8, 0.3],
          [change, 0.05, 0.32],
          ['46,53', 0.8, 0.32],
        ]),
      );
    expect(slip('Especes', 'MONNAIE RENDUE')).toBe(53.47);
    expect(slip('Espèces', 'Rendu')).toBe(53.47);
    expect(slip('BAR', 'Rückgeld')).toBe(53.47);
    expect(slip('Gegeben', 'Zurück')).toBe(53.47);
    expect(slip('Efectivo', 'Cambio')).toBe(53.47);
    expect(slip('Contanti', 'Resto')).toBe(53.47);
    expect(slip('Pinnen', 'Wisselgeld')).toBe(53.47);
    expect(slip('Dinheiro', 'Troco')).toBe(53.47);
    expect(slip('BAYARAN TUNAI', 'BAKI')).toBe(53.47);
  });

  it('says nothing without a change line, a tender just above it, or with several amounts on a line', () => {
    expect(
      paidAmount(
        rowsOf([
          ['CASH', 0.05, 0.3],
          ['50.00', 0.8, 0.3],
        ]),
      ),
    ).toBeNull();
    expect(
      paidAmount(
        rowsOf([
          ['CASH', 0.05, 0.2],
          ['50.00', 0.8, 0.2],
          ['ITEMS 3', 0.05, 0.3],
          ['SAVED 2', 0.05, 0.32],
          ['CHANGE', 0.05, 0.4],
          ['1.00', 0.8, 0.4],
        ]),
      ),
    ).toBeNull();
    expect(
      paidAmount(
        rowsOf([
          ['CASH 50.00 20.00', 0.05, 0.3],
          ['CHANGE', 0.05, 0.32],
          ['1.00', 0.8, 0.32],
        ]),
      ),
    ).toBeNull();
    // "EXCHANGEABLE" is no change line.
    expect(
      paidAmount(
        rowsOf([
          ['CASH', 0.05, 0.3],
          ['50.00', 0.8, 0.3],
          ['GOODS EXCHANGEABLE 7 DAYS 1.00', 0.05, 0.32],
        ]),
      ),
    ).toBeNull();
  });
});

describe('tenderedAmounts', () => {
  it('is a tender paid exactly, by card or in cash, and not one with its change under it, the change word misread (seed 21302)', () => {
    const slip = (...lines: Array<[string, string]>) =>
      rowsOf(
        lines.flatMap(
          ([label, amount], i): Array<[string, number, number]> => [
            [label, 0.05, 0.2 + i * 0.03],
            [amount, 0.8, 0.2 + i * 0.03],
          ],
        ),
      );
    expect(tenderedAmounts(slip(['SUMME EUR', '15,17'], ['Karte', '15,17']))).toEqual([15.17]);
    expect(tenderedAmounts(slip(['SUMME EUR', '15,17'], ['Gegeben BAR', '20,00'], ['Rickgeld', '4,83']))).toEqual([]);
    // a tax line under the tender is no change
    expect(tenderedAmounts(slip(['TOTAL', '57.76'], ['VISA', '57.76'], ['GST 6%', '3.27']))).toEqual([57.76]);
  });
});
