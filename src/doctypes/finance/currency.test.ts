import { describe, expect, it } from 'vitest';
import { detectCurrency } from './currency.js';

describe("an invoice's currency", () => {
  it('is the sole currency when the document prints one code, at least twice, or the euro sign', () => {
    expect(detectCurrency(['Net amount', 'EUR 27,433.95', 'Total amount', 'EUR 33,195.08'])).toMatchObject({ code: 'EUR', sole: true });
    expect(detectCurrency(['Gesamtbetrag 1.190,00 €', 'Netto 1.000,00 €'])).toMatchObject({ code: 'EUR', sole: true });
    expect(detectCurrency(['Währung: CHF'])).toMatchObject({ code: 'CHF', how: 'label', sole: true });
  });

  it("is read from a mark in a row's cell apart from its amount", () => {
    // A receipt row's cells are joined by two spaces: the ringgit mark ends the label's cell.
    expect(detectCurrency(['GRAND TOTAL RM  216.85', 'CASH TENDERED  300.00'])).toMatchObject({ code: 'MYR', how: 'symbol' });
    expect(detectCurrency(['TOTAL RS.  1,250.00'])).toMatchObject({ code: 'INR' });
  });

  it('says when only a mark many currencies use named it', () => {
    // A Malaysian till may print "$": the mark, read alike by two readers, is no currency.
    expect(detectCurrency(['TOTAL $ 12.00', 'CASH $ 20.00'])).toMatchObject({ code: 'USD', markOfMany: true });
    expect(detectCurrency(['Total $10.00', 'All amounts in AUD'])).toMatchObject({ code: 'AUD', markOfMany: false });
    expect(detectCurrency(['TOTAL RM 12.00'])).toMatchObject({ code: 'MYR', markOfMany: false, line: 0 });
  });

  it('is only a guess when it is printed once, by an ambiguous mark, or beside another currency', () => {
    expect(detectCurrency(['Total EUR 10.00'])?.sole).toBe(false);
    expect(detectCurrency(['Total $10.00', 'Tax $1.00'])).toMatchObject({ code: 'USD', sole: false });
    expect(detectCurrency(['Total EUR 10.00', 'EUR 12.00', 'Approx. USD 13.00'])).toMatchObject({ code: 'EUR', sole: false });
  });
});
