import { describe, expect, it } from 'vitest';
import { readingRows } from './rows.js';
import { findItemTable } from './table.js';
import { placed } from './test-reading.js';

describe('findItemTable', () => {
  it('reads the rows under a header that names its columns', () => {
    const rows = readingRows(
      placed([
        ['Item', 0.05, 0.3],
        ['Amount', 0.75, 0.3],
        ['Pineapple', 0.05, 0.32],
        ['23.70', 0.76, 0.32],
      ]),
    );
    expect(findItemTable(rows).map((i) => i.item)).toEqual([{ description: 'Pineapple', quantity: null, unit_price: null, amount: 23.7 }]);
  });

  it('takes no row carrying an amount for a header: "Item 2 Total with GST 77.20" is a total', () => {
    const rows = readingRows(
      placed([
        ['Item 2', 0.05, 0.3],
        ['Total with GST', 0.3, 0.3],
        ['77.20', 0.75, 0.3],
        ['S = 6%', 0.05, 0.34],
        ['50.47', 0.31, 0.34],
      ]),
    );
    expect(findItemTable(rows)).toEqual([]);
  });
});
