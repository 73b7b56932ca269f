import { describe, expect, it } from 'vitest';
import { paymentMethodIn } from './payment-methods.js';

describe('payment method words', () => {
  it('keeps the method as printed and leaves out what the tender line says besides it', () => {
    expect(paymentMethodIn('Cash Tendered')).toBe('Cash');
    expect(paymentMethodIn('CASH RM')).toBe('CASH');
    expect(paymentMethodIn('EDC MASTER RM')).toBe('MASTER');
    expect(paymentMethodIn('Gegeben BAR')).toBe('BAR');
    expect(paymentMethodIn('BAYARAN TUNAI')).toBe('TUNAI');
  });

  it('reads the wordings of every till language, the longest first', () => {
    expect(paymentMethodIn('Espèces')).toBe('Espèces');
    expect(paymentMethodIn('CARTE BANCAIRE')).toBe('CARTE BANCAIRE');
    expect(paymentMethodIn('Tarjeta crédito')).toBe('Tarjeta crédito');
    expect(paymentMethodIn('DEBIT CARD ****2280')).toBe('DEBIT CARD');
    expect(paymentMethodIn('دفع نقداً')).toBe('نقداً');
  });

  it('finds none in a word that only holds one, or in a heading', () => {
    expect(paymentMethodIn('Amount')).toBeNull();
    expect(paymentMethodIn('Payment Mode')).toBeNull();
    expect(paymentMethodIn('Bartender')).toBeNull();
    expect(paymentMethodIn('CARDIGAN WOOL')).toBeNull();
  });
});
