import { describe, expect, it } from 'vitest';
import { fewerItemsThanPrinted, printedItemCount } from './item-count.js';
import { readingRows } from './rows.js';
import { placed, slipEntries } from './test-reading.js';

const slip = (...lines: string[]) => readingRows(placed(slipEntries(...lines)));

describe('the number of articles a slip prints', () => {
  it('is read in the till languages, beside an amount on the same row', () => {
    expect(printedItemCount(slip('Positionen: 4', 'SUMME | 22,11'))).toBe(4);
    expect(printedItemCount(slip("Nombre d'articles: 5"))).toBe(5);
    expect(printedItemCount(slip('NB ARTICLES: 8'))).toBe(8);
    expect(printedItemCount(slip('TOTAL QTY. : 10 | 16.98'))).toBe(10);
    expect(printedItemCount(slip('BIL ITEM 3'))).toBe(3);
  });

  it('is none where the row holds no single whole number, or two rows disagree', () => {
    expect(printedItemCount(slip('Total Items | 16.98'))).toBeNull();
    expect(printedItemCount(slip('ITEMS 3 4'))).toBeNull();
    // A till that counts lines and pieces on one row names the pieces: the smaller count stands.
    expect(printedItemCount(slip('Item(s) : 5 Qty(s) : 13'))).toBe(5);
    expect(printedItemCount(slip('Htea(s) + 5 Qty(s) w 13'))).toBe(5);
    expect(printedItemCount(slip('Positionen: 4', 'Artikel: 5'))).toBeNull();
    expect(printedItemCount(slip('TOTAL | 9.60'))).toBeNull();
  });

  it('shows rows missed when the rows read fall short in lines and in pieces', () => {
    const rows = [{ quantity: 3 }, { quantity: null }];
    expect(fewerItemsThanPrinted(rows, 5)).toBe(true);
    // Four pieces in two lines: a count of 4 may count pieces.
    expect(fewerItemsThanPrinted(rows, 4)).toBe(false);
    expect(fewerItemsThanPrinted(rows, 2)).toBe(false);
    expect(fewerItemsThanPrinted(rows, null)).toBe(false);
  });
});
