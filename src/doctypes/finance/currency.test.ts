import { describe, expect, it } from 'vitest';
import { detectCurrency } from './currency.js';

describe("an invoice's currency", () => {
  it('is the sole currency when the document prints one code, at least twice, or the euro sign', () => {
    expect(detectCurrency(['Net amount', 'EUR 27,433.95', 'Total amount', 'EUR 33,195.08'])).toMatchObject({ code: 'EUR', sole: true });
    expect(detectCurrency(['Gesamtbetrag 1.190,00 €', 'Netto 1.000,00 €'])).toMatchObject({ code: 'EUR', sole: true });
    expect(detectCurrency(['Währung: CHF'])).toMatchObject({ code: 'CHF', how: 'label', sole: true });
  });

  it('is only a guess when it is printed once, by an ambiguous mark, or beside another currency', () => {
    expect(detectCurrency(['Total EUR 10.00'])?.sole).toBe(false);
    expect(detectCurrency(['Total $10.00', 'Tax $1.00'])).toMatchObject({ code: 'USD', sole: false });
    expect(detectCurrency(['Total EUR 10.00', 'EUR 12.00', 'Approx. USD 13.00'])).toMatchObject({ code: 'EUR', sole: false });
  });
});
