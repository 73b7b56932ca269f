import { describe, expect, it } from 'vitest';
import { canonical, parseDate } from './normalise.js';

describe('normalise: additions for invoices and receipts', () => {
  it('reads month names in German, French, Dutch, Spanish and Italian', () => {
    expect(parseDate('7. Mai 2014')?.iso).toBe('2014-05-07');
    expect(parseDate('02 Juillet 2015')?.iso).toBe('2015-07-02');
    expect(parseDate('3 maart 2021')?.iso).toBe('2021-03-03');
    expect(parseDate('12 diciembre 2020')?.iso).toBe('2020-12-12');
    expect(parseDate('5 maggio 2019')?.iso).toBe('2019-05-05');
    expect(parseDate('August 3 , 2014')?.iso).toBe('2014-08-03');
  });

  it('compares line items by letters, digits and cents', () => {
    const a = [{ description: 'On-site installation', quantity: 6, unit_price: 2265, amount: 13590 }];
    const b = [{ description: 'Onsite  installation', quantity: 6, unit_price: 2265.0, amount: 13590 }];
    const c = [{ description: 'Onsite installation', quantity: 6, unit_price: 2265, amount: 13590.01 }];
    expect(canonical('items', a)).toBe(canonical('items', b));
    expect(canonical('items', a)).not.toBe(canonical('items', c));
  });
});
