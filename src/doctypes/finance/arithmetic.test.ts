import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkArithmetic, supportedFields } from './arithmetic.js';
import { normaliseInvoiceNumber, normaliseVendor } from './vendor.js';
import { findIban, ibanValid } from './iban.js';

const items = [
  { quantity: 6, unit_price: 2265, amount: 13590 },
  { quantity: 8, unit_price: 39.5, amount: 316 },
];

describe('checkArithmetic', () => {
  it('supports every amount when lines, sum and total agree', () => {
    const checks = checkArithmetic({ items, subtotal: 13906, taxAmount: 973.42, taxRate: 7, total: 14879.42 });
    expect(checks.every((c) => c.ok)).toBe(true);
    expect([...supportedFields(checks)].sort()).toEqual(['line_items', 'subtotal', 'tax_amount', 'tax_rate', 'total']);
  });

  it('names the numbers of a line that does not compute', () => {
    const bad = [items[0]!, { ...items[1]!, amount: 326 }];
    const failed = checkArithmetic({ items: bad, subtotal: 13916, taxAmount: null, taxRate: null, total: 13916 }).filter((c) => !c.ok);
    expect(failed.map((c) => c.detail)).toEqual(['line 2: 8 × 39.50 = 316.00, printed 326.00']);
    expect(supportedFields(checkArithmetic({ items: bad, subtotal: 13916, taxAmount: null, taxRate: null, total: 13916 })).has('line_items')).toBe(false);
  });

  it('reports a total off by its parts', () => {
    const [total] = checkArithmetic({ items: null, subtotal: 100, taxAmount: 19, taxRate: null, total: 129 });
    expect(total).toMatchObject({ ok: false, detail: 'subtotal 100.00 + tax 19.00 = 119.00, total printed 129.00' });
  });

  it('adds the discounts and charges on the whole document to the lines to make the net', () => {
    const lines = [
      { quantity: 2, unit_price: 100, amount: 200 },
      { quantity: 1, unit_price: 300, amount: 300 },
    ];
    const checks = checkArithmetic({ items: lines, adjustments: -45, subtotal: 455, taxAmount: 86.45, taxRate: 19, total: 541.45 });
    expect(checks.find((c) => c.name === 'items_sum')).toMatchObject({ ok: true, detail: 'the 2 line amounts sum to 500.00, less discounts 45.00 = 455.00' });
    expect(supportedFields(checks).has('allowances_charges')).toBe(true);
    // Lines that make the net alone leave the discount out of the check (it was an item row).
    expect(checkArithmetic({ items: lines, adjustments: -45, subtotal: 500, taxAmount: null, taxRate: null, total: 500 })[2]).toMatchObject({
      ok: true,
      fields: ['line_items', 'subtotal'],
    });
    // A net that neither makes is still a mismatch, with the discount in its numbers.
    expect(checkArithmetic({ items: lines, adjustments: -45, subtotal: 465, taxAmount: null, taxRate: null, total: null })[2]).toMatchObject({
      ok: false,
      reportable: true,
      detail: 'the 2 line amounts sum to 500.00, less discounts 45.00 = 455.00, subtotal printed 465.00',
    });
  });

  it("takes a line's own discount off quantity × price, and still names a line it does not explain", () => {
    const [ok] = checkArithmetic({
      items: [{ quantity: 3, unit_price: 484, amount: 1306.8, discount_percent: 10 }],
      subtotal: null,
      taxAmount: null,
      taxRate: null,
      total: null,
    });
    expect(ok).toMatchObject({ ok: true, detail: 'line 1: 3 × 484.00 − 10% = 1306.80' });
    const [off] = checkArithmetic({
      items: [{ quantity: 3, unit_price: 484, amount: 1400, discount_amount: 52 }],
      subtotal: null,
      taxAmount: null,
      taxRate: null,
      total: null,
    });
    expect(off).toMatchObject({ ok: true });
    const [bad] = checkArithmetic({
      items: [{ quantity: 3, unit_price: 484, amount: 1316.8, discount_percent: 10 }],
      subtotal: null,
      taxAmount: null,
      taxRate: null,
      total: null,
    });
    expect(bad).toMatchObject({ ok: false, detail: 'line 1: 3 × 484.00 − 10% = 1306.80, printed 1316.80' });
  });

  it('takes lines priced with their tax as summing to the total, when net and tax make it too', () => {
    const lines = [
      { quantity: 1, unit_price: 59.5, amount: 59.5 },
      { quantity: 2, unit_price: 20.25, amount: 40.5 },
    ];
    const checks = checkArithmetic({ items: lines, subtotal: 84.03, taxAmount: 15.97, taxRate: 19, total: 100 });
    expect(checks.find((c) => c.name === 'items_sum')).toMatchObject({ ok: true, fields: ['line_items', 'total'] });
    // A net that does not make the total with the tax leaves the lines unexplained.
    expect(checkArithmetic({ items: lines, subtotal: 85.03, taxAmount: 15.97, taxRate: 19, total: 100 }).find((c) => c.name === 'items_sum')?.ok).toBe(false);
  });

  it('takes lines priced with their tax as summing to the total before a printed cash rounding', () => {
    const lines = [
      { quantity: 1, unit_price: 21.78, amount: 21.78 },
      { quantity: 2, unit_price: 2.62, amount: 5.24 },
    ];
    // 27.02 with its tax, rounded to 27.00 in cash: net 25.49 + GST 1.53 = 27.02.
    const checks = checkArithmetic({ items: lines, subtotal: 25.49, taxAmount: 1.53, taxRate: 6, rounding: -0.02, total: 27 });
    expect(checks.find((c) => c.name === 'items_sum')).toMatchObject({ ok: true, fields: ['line_items', 'rounding', 'total'] });
    // Lines that make neither are still unexplained.
    const off = [lines[0]!, { ...lines[1]!, amount: 5.14 }];
    expect(
      checkArithmetic({ items: off, subtotal: 25.49, taxAmount: 1.53, taxRate: 6, rounding: -0.02, total: 27 }).find((c) => c.name === 'items_sum')?.ok,
    ).toBe(false);
  });

  it('allows one cent of rounding per line in the sum', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 20 }), fc.integer({ min: -1, max: 1 }), (amounts, drift) => {
        const lines = amounts.map((c) => ({ quantity: null, unit_price: null, amount: c / 100 }));
        const sum = amounts.reduce((a, b) => a + b, 0) + drift;
        const [check] = checkArithmetic({ items: lines, subtotal: sum / 100, taxAmount: null, taxRate: null, total: null });
        expect(check!.ok).toBe(true);
      }),
    );
  });

  it('does not count a tax rate on part of the amount as a mismatch', () => {
    const checks = checkArithmetic({ items: null, subtotal: 262.9, taxAmount: 16.94, taxRate: 15, total: 279.84 });
    expect(checks.find((c) => c.name === 'tax_rate')).toMatchObject({ ok: false, reportable: false });
    expect(supportedFields(checks).has('total')).toBe(true);
  });

  it('neither proves nor doubts a cash total a rounding off its parts when the rounding line was printed but its amount not read', () => {
    const check = (total: number, roundingUnread: boolean) =>
      checkArithmetic({ items: null, subtotal: 11.48, taxAmount: 0.69, taxRate: null, total, roundingUnread }).find((c) => c.name === 'total');
    expect(check(12.15, true)).toMatchObject({ ok: false, reportable: false });
    expect(supportedFields([check(12.15, true)!]).has('total')).toBe(false);
    // Without a rounding line, farther than a rounding, or not a multiple of 5 cents: a mismatch.
    expect(check(12.15, false)).toMatchObject({ ok: false, reportable: true });
    expect(check(12.25, true)).toMatchObject({ ok: false, reportable: true });
    expect(check(12.14, true)).toMatchObject({ ok: false, reportable: true });
  });

  it('neither proves nor doubts a total a tax above its parts when the tax line was printed but its amount not read', () => {
    const total = (printed: number, taxUnread: boolean) =>
      checkArithmetic({ items: null, subtotal: 16.98, taxAmount: null, taxRate: null, total: printed, taxUnread }).find((c) => c.name === 'total');
    expect(total(18.0, true)).toMatchObject({ ok: false, reportable: false });
    expect(supportedFields([total(18.0, true)!]).has('total')).toBe(false);
    // No tax line, a total below its parts, or a gap no tax makes: a mismatch.
    expect(total(18.0, false)).toMatchObject({ ok: false, reportable: true });
    expect(total(15.0, true)).toMatchObject({ ok: false, reportable: true });
    expect(total(25.0, true)).toMatchObject({ ok: false, reportable: true });
    const items = [
      { quantity: 1, unit_price: 6.6, amount: 6.6 },
      { quantity: 1, unit_price: 10.38, amount: 10.38 },
    ];
    const sum = (taxUnread: boolean) =>
      checkArithmetic({ items, subtotal: null, taxAmount: null, taxRate: null, total: 18.0, taxUnread }).find((c) => c.name === 'items_sum');
    expect(sum(true)).toMatchObject({ ok: false, reportable: false });
    expect(sum(false)).toMatchObject({ ok: false, reportable: true });
  });

  it('takes item rows read with no amounts as misread, not as a wrong total', () => {
    const none = [{ quantity: null, unit_price: null, amount: 0 }];
    expect(checkArithmetic({ items: none, subtotal: null, taxAmount: null, taxRate: null, total: 10.4 })).toEqual([]);
  });

  it('still reports a total that the items do not make, however far off', () => {
    const lines = [{ quantity: null, unit_price: null, amount: 50 }];
    for (const total of [0.48, 5.5, 74.17, 500]) {
      const [check] = checkArithmetic({ items: lines, subtotal: null, taxAmount: null, taxRate: null, total });
      expect(check).toMatchObject({ name: 'items_sum', ok: false, reportable: true });
    }
  });
});

describe('duplicate keys and IBAN', () => {
  it('normalises vendors and invoice numbers however they were typed', () => {
    expect(normaliseVendor('Coolblue B.V.')).toBe(normaliseVendor('COOLBLUE BV'));
    expect(normaliseVendor('Müller & Söhne KG')).toBe('MULLER AND SOHNE');
    expect(normaliseInvoiceNumber('# inv-2025/0042')).toBe('INV20250042');
  });

  it('keeps only IBANs whose check digits hold', () => {
    expect(ibanValid('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(ibanValid('DE88 3704 0044 0532 0130 00')).toBe(false);
    expect(findIban('IBAN: GB29 NWBK 6016 1331 9268 19 BIC NWBKGB2L')?.value).toBe('GB29NWBK60161331926819');
  });
});
