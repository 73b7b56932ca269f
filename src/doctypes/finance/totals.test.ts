import { describe, expect, it } from 'vitest';
import { readingRows } from './rows.js';
import { placed, slipEntries } from './test-reading.js';
import { nearSubtotal } from './labels.js';
import { findTotals } from './totals.js';
import { totalsValues } from './values.js';

const slip = (...lines: string[]) => readingRows(placed(slipEntries(...lines)));

describe('the total among several total lines', () => {
  it('takes the "Nett Total" under a "Total Amount", as a "Net Total"', () => {
    expect(findTotals(slip('Total Amount: $6.80', 'GST @6%: $0.39', 'Nett Total: $6.90', 'CASH $6.90')).total?.value).toBe(6.9);
    expect(findTotals(slip('Total Amount: $6.80', 'GST @6%: $0.39', 'Net Total: $6.90')).total?.value).toBe(6.9);
  });
});

describe('a rounding whose label the readers garbled', () => {
  it('is the row of a few cents between subtotal and total that makes them add up, either way', () => {
    const block = findTotals(slip('JUMLAH KECIL | 99.67', 'ARAS BUNDAF | 0.02', 'JUMLAH BESAR RM | 99.65'));
    expect([block.subtotal?.value, block.total?.value, block.rounding?.value, block.consistent]).toEqual([99.67, 99.65, -0.02, true]);
    // Its label lost altogether.
    expect(findTotals(slip('SUB-TOTAL | 168.16', 'TAX 10% | 16.82', '0.02', 'TOTAL | 185.00')).rounding?.value).toBe(0.02);
  });

  it('is none where the cents do not make the sum, stand elsewhere, or two rows could', () => {
    expect(findTotals(slip('JUMLAH KECIL | 99.67', 'ARAS BUNDAF | 0.03', 'JUMLAH BESAR RM | 99.65')).consistent).toBe(false);
    expect(findTotals(slip('ARAS BUNDAF | 0.02', 'JUMLAH KECIL | 99.67', 'JUMLAH BESAR RM | 99.65')).consistent).toBe(false);
    expect(findTotals(slip('JUMLAH KECIL | 99.67', 'ARAS | 0.02', 'BUNDAF | 0.02', 'JUMLAH BESAR RM | 99.65')).consistent).toBe(false);
    // A minus printed says which way it goes.
    expect(findTotals(slip('JUMLAH KECIL | 99.63', 'ARAS BUNDAF | -0.02', 'JUMLAH BESAR RM | 99.65')).consistent).toBe(false);
  });
});

describe('a subtotal whose label a reader garbled by a letter', () => {
  it('is no total, though its first word alone names one', () => {
    const block = findTotals(slip('JUMLAH KECTIL | 99.37', 'CUKAI 6% | 5.96', 'PEMBUNDARAN | 0.02', 'JUMLAH RM | 105.35'));
    expect(block.subtotal?.value).toBe(99.37);
    expect(block.total?.value).toBe(105.35);
    // The total's own amount garbled: the subtotal is not taken for it.
    expect(findTotals(slip('JUMLAH KECTIL | 99.37', 'CUKAI 6% | 5.96', 'JUMLAH RM | 105.', 'TUNAI | 200.00')).total?.value).not.toBe(99.37);
  });

  it('is told only by a slip in a word of five letters or more, and never under a strong total label', () => {
    expect(nearSubtotal('JUMLAH KECTIL')).toBe(true);
    expect(nearSubtotal('SUB TOTAI')).toBe(true);
    expect(nearSubtotal('JUMLAH KECIL')).toBe(false);
    expect(nearSubtotal('JUMLAH BESAR')).toBe(false);
    expect(nearSubtotal('NETT TOTAL')).toBe(false);
    expect(nearSubtotal('TOTAL NETT')).toBe(false);
    expect(findTotals(slip('NETT TOTAL | 12.50')).total?.value).toBe(12.5);
  });
});

describe('a subtotal garbled beyond a slip, over a total whose amount was not read (seed 21265)', () => {
  it('doubts the amount taken where a row labelled as a total is printed under it with no amount read', () => {
    const block = findTotals(slip('JUMLAH SeELM EAT. | 304.48', 'CUKAI 6%', 'JUMLAH PERLY Ee el', 'TERIMA KASIH'));
    expect(block.total?.value).toBe(304.48);
    expect(block.totalDoubt).toContain('"JUMLAH PERLY Ee el", is printed under the total 304.48');
    expect(totalsValues(block).find((v) => v.key === 'total')?.problems).toEqual(['ARITHMETIC_MISMATCH']);
  });

  it('leaves a total alone under which a count, a total in words, or a total with its amount is printed, or whose sum holds', () => {
    for (const under of ['JUMLAH BARANG 3', 'Summe der Artikel 3', 'TOTAL IN WORDS', 'TOTAL SAVINGS', 'TERIMA KASIH'])
      expect(findTotals(slip('TOTAL | 12.00', under)).totalDoubt).toBeNull();
    // the amount printed on the line under the label is the label's own
    expect(findTotals(slip('SUBTOTAL | 12.00', 'TOTAL', 'RM 12.72')).totalDoubt).toBeNull();
    expect(findTotals(slip('SUBTOTAL | 12.00', 'SST 6% | 0.72', 'TOTAL | 12.72', 'AMOUNT DUE')).totalDoubt).toBeNull();
  });
});

describe('a net read as the total, labels cut at their first letters (seed 23952)', () => {
  it('doubts a total under which an amount is the total and the rows between added up', () => {
    const block = findTotals(slip('0US TOTAL | 98,27', 'A 5.5% | 5,40', 'PAYER EUR | 103,67', 'SPECES | 200,00', 'RENDU | 96,33'));
    expect(block.total?.value).toBe(98.27);
    expect(block.totalDoubt).toContain('"PAYER EUR 103,67" under the total 98,27');
    expect(totalsValues(block).find((v) => v.key === 'total')?.problems).toEqual(['ARITHMETIC_MISMATCH']);
  });

  it('leaves a total alone that the tender, the change or a rounding follows, or whose sum holds', () => {
    for (const rows of [
      ['TOTAL | 20,00', 'CASH | 50,00', 'CHANGE | 30,00'],
      ['TOTAL | 20,00', 'VISA | 20,00', 'ESPECES | 20,00'],
      ['TOTAL | 20,03', 'ROUNDING | -0,03', 'TOTAL DUE | 20,00'],
      ['TOTAL | 20,00', 'TVA 5,5% incluse | 1,04', 'ESPECES | 21,04'],
      ['SUBTOTAL | 18,96', 'TVA 5,5% | 1,04', 'TOTAL | 20,00', 'Item count 4 | 1,00', '21,00'],
    ])
      expect(findTotals(slip(...rows)).totalDoubt, rows.join(' / ')).toBeNull();
  });
});

describe('a tax the slip says its total already includes', () => {
  it('is no tax to add to the net, in any receipt language', () => {
    for (const included of [
      'TERMASUK CUKAI 10%',
      'INCL. GST 10%',
      'INKL. 10% MWST',
      'MwSt enthalten 10%',
      'dont TVA 10%',
      'IVA incluido 10%',
      'BTW inclusief 10%',
    ]) {
      // The total's label misread ("JUNMLAH"), as one reader read it: nothing ends the totals block
      // before the tax line.
      const block = findTotals(slip('SUBJUMLAH | 133.65', 'JUNMLAH BESAR | 133.65', 'TUNAT | 200.00', 'BAKI | 66.35', `${included} | 12.15`));
      expect(block.tax, included).toBeNull();
    }
    // A tax added to the net is one.
    expect(findTotals(slip('SUBJUMLAH | 121.50', 'CUKAI 10% | 12.15', 'JUMLAH BESAR | 133.65')).tax?.value).toBe(12.15);
  });
});

describe('a total whose amount is printed on the line under its label', () => {
  it("is a lone amount there, never a row of two (a tax summary's net and tax, its heading lost)", () => {
    const under = (row: Array<[string, number, number]>) => findTotals(readingRows(placed([['TOTAL EUR', 0.05, 0.3], ...row]))).total?.value ?? null;
    expect(under([['113,65', 0.75, 0.33]])).toBe(113.65);
    expect(
      under([
        ['49,36', 0.5, 0.33],
        ['10,36', 0.75, 0.33],
      ]),
    ).toBeNull();
  });
});

describe('the totals block in every label language', () => {
  it('reads Arabic labels, whose letters are no Latin ones, and an Italian partial total as the subtotal', () => {
    for (const [sub, tax, total] of [
      ['المجموع الفرعي', 'ضريبة القيمة المضافة', 'الإجمالي'],
      ['Totale parziale', 'IVA 22%', 'Totale'],
    ])
      expect(findTotals(slip(`${sub} | 10,00`, `${tax} | 2,20`, `${total} | 12,20`)), total).toMatchObject({
        subtotal: { value: 10 },
        tax: { value: 2.2 },
        total: { value: 12.2 },
        consistent: true,
      });
    // Printed right to left: each label right of its amount.
    expect(findTotals(slip('10,00 | المجموع الفرعي', '2,20 | ضريبة القيمة المضافة', '12,20 | الإجمالي'))).toMatchObject({
      subtotal: { value: 10 },
      tax: { value: 2.2 },
      total: { value: 12.2 },
      consistent: true,
    });
  });
  it("reads a Spanish till's abbreviated taxable base as the net, not as an item (seed 23889)", () => {
    for (const net of ['BASE IMP. | 38,55', 'B. IMP. | 38,55'])
      expect(findTotals(slip('BOLIGRAFO AZUL | 10,32', 'JAMON 100G | 28,23', net, 'TOTAL A PAGAR EUR | 38,55')), net).toMatchObject({
        subtotal: { value: 38.55 },
        total: { value: 38.55 },
      });
  });
});

describe('a total before something', () => {
  it('is a subtotal, even when a reader garbled what it is before', () => {
    const t = findTotals(slip('JUMLAH SEBELUM CUKAT | 162.82', 'CUKAI JUALAN 6% | 9.77', 'JUMLAH BESAR RM'));
    expect(t.subtotal?.value).toBe(162.82);
    expect(t.total).toBeNull();
    expect(findTotals(slip('Total before discount | 50.00', 'Discount | -5.00', 'Total | 45.00')).total?.value).toBe(45);
  });
});

describe("a restaurant's service charge", () => {
  it('is added to the subtotal before the tax and the rounding', () => {
    const t = findTotals(slip('SUB TOTAL | 295.00', 'SERVICE CHARGE 10% | 29.50', 'GST 6% | 19.47', 'ROUNDING ADJ | -0.02', 'TOTAL | 343.95'));
    expect(t).toMatchObject({
      subtotal: { value: 295 },
      charge: { value: 29.5 },
      tax: { value: 19.47 },
      rounding: { value: -0.02 },
      total: { value: 343.95 },
      consistent: true,
    });
    // A service tax is a tax.
    expect(findTotals(slip('Subtotal | 10.00', 'Service Tax 6% | 0.60', 'Total | 10.60'))).toMatchObject({
      tax: { value: 0.6 },
      charge: null,
      consistent: true,
    });
  });

  it('reads a tax whose name is written with dots, its I misread as an L or a 1 too', () => {
    for (const tax of ['I.V.A. 10%', 'L.V.A. 10%', '1.V.A. 10%', 'M.W.St. 10%', 'T.V.A. 10%', 'G.S.T. 10%'])
      expect(findTotals(slip('Base imponible | 84,31', `${tax} | 8,43`, 'TOTAL EUROS | 92,74')), tax).toMatchObject({
        subtotal: { value: 84.31 },
        tax: { value: 8.43 },
        total: { value: 92.74 },
        consistent: true,
      });
    // The tax's total is the tax, and a tax number's line is none.
    expect(findTotals(slip('Base imponible | 84,31', 'TOTAL I.V.A. | 8,43', 'TOTAL | 92,74'))).toMatchObject({ tax: { value: 8.43 }, total: { value: 92.74 } });
    expect(findTotals(slip('G.S.T. REG NO | 001234567', 'SUBTOTAL | 10.00', 'TOTAL | 10.00')).tax).toBeNull();
  });

  it('is read by its label in the till languages, and a Malay service tax stays a tax', () => {
    const charged = (label: string) =>
      findTotals(slip('SUBJUMLAH | 93.80', `${label} | 9.38`, 'CUKAI JUALAN 6% | 6.19', 'PEMBUNDARAN | -0.02', 'JUMLAH RM | 109.35'));
    // "CA) PERKHIDMATAN": the J of CAJ read as a bracket (seed 20284)
    for (const label of [
      'CAJ PERKHIDMATAN',
      'CA) PERKHIDMATAN',
      'CA] SERVIS',
      'Bedienung 10%',
      'Servicio 10%',
      'Servizio 10 %',
      'Bediening (10%)',
      'Frais de service',
      'Svc Chg 10%',
    ])
      expect(charged(label), label).toMatchObject({ charge: { value: 9.38 }, total: { value: 109.35 }, consistent: true });
    // The service word alone names a waiter or an item, not a charge.
    for (const label of ['Bedienung: Anna 12', 'Servicio técnico'])
      expect(findTotals(slip('Zwischensumme | 93.80', `${label} | 9.38`, 'MwSt 6% | 6.19', 'Summe | 109.35')).charge, label).toBeNull();
    expect(findTotals(slip('SUBJUMLAH | 10.00', 'CUKAI PERKHIDMATAN 6% | 0.60', 'JUMLAH | 10.60'))).toMatchObject({
      tax: { value: 0.6 },
      charge: null,
      consistent: true,
    });
  });

  it('leaves a rounding printed with its minus known when no total was read', () => {
    expect(findTotals(slip('SUB TOTAL | 10.00', 'ROUNDING ADJ | -0.02', 'TOTAL | 3.9%')).rounding?.value).toBe(-0.02);
    expect(findTotals(slip('SUB TOTAL | 10.00', 'ROUNDING ADJ | 0.02', 'TOTAL | 3.9%')).rounding).toBeNull();
  });
});

describe('a Malay till slip', () => {
  it('reads its subtotal, sales tax, rounding and total by their Malay labels', () => {
    expect(
      findTotals(slip('SUBJUMLAH | 94.75', 'CUKAI JUALAN 6% | 5.69', 'LARAS BUNDAR | 0.01', 'JUMLAH PERLU DIBAYAR | 100.45', 'BAYARAN TUNAI | 200.00')),
    ).toMatchObject({
      subtotal: { value: 94.75 },
      tax: { value: 5.69 },
      rounding: { value: 0.01 },
      total: { value: 100.45 },
      consistent: true,
    });
    expect(findTotals(slip('JUMLAH KECIL | 20.00', 'CUKAI 6% | 1.20', 'JUMLAH BESAR | 21.20'))).toMatchObject({
      subtotal: { value: 20 },
      tax: { value: 1.2 },
      total: { value: 21.2 },
      consistent: true,
    });
  });
});

describe('discounts and charges on the whole document', () => {
  it('are read above the net, signed by their label whatever sign is printed', () => {
    const t = findTotals(
      slip('Total des lignes | 1.000,00', 'Remise | -50,00', 'Frais de port | 12,50', 'Total HT | 962,50', 'TVA 20% | 192,50', 'Total TTC | 1.155,00'),
    );
    expect(t).toMatchObject({ subtotal: { value: 962.5 }, total: { value: 1155 }, consistent: true });
    expect(t.adjustments.map((a) => a.value)).toEqual([-50, 12.5]);
    expect(
      findTotals(slip('Summe Positionen | 200,00', 'Rabatt | 20,00', 'Nettobetrag | 180,00', 'MwSt. 19% | 34,20', 'Gesamtbetrag | 214,20')).adjustments.map(
        (a) => a.value,
      ),
    ).toEqual([-20]);
  });

  it('are their printed totals ("Gesamtbetrag der Abschläge") where those are printed', () => {
    const t = findTotals(
      slip(
        'Abschlag Sonderrabatt | 10,00',
        'Positionssumme | 500,00',
        'Gesamtbetrag der Zuschläge | 5,00',
        'Gesamtbetrag der Abschläge | 10,00',
        'Rechnungssumme ohne USt. | 495,00',
        'Steuerbetrag | 94,05',
        'Bruttosumme | 589,05',
      ),
    );
    expect(t.adjustments.map((a) => a.value)).toEqual([5, -10]);
    expect(t).toMatchObject({ subtotal: { value: 495 }, tax: { value: 94.05 }, total: { value: 589.05 } });
  });

  it('are never a total, a net or an amount due after them, nor a row under the net', () => {
    const t = findTotals(slip('Subtotal | 100.00', 'Total after discount | 90.00', 'VAT 20% | 18.00', 'Total | 108.00', 'Shipping | 5.00'));
    expect(t.adjustments).toEqual([]);
  });
});

describe('a subtotal label a reader set a space into', () => {
  it('is the subtotal, never a total, with a space beside its hyphen ("SOUS- TOTAL")', () => {
    const t = findTotals(slip('SOUS- TOTAL | 41,45', 'TVA 5,5% | 1,27', 'TOTAL TTC | 42,72'));
    expect(t).toMatchObject({ subtotal: { value: 41.45 }, total: { value: 42.72 }, consistent: true });
    // with the total's label cut, the subtotal is still no total
    expect(findTotals(slip('SOUS- TOTAL | 41,45', 'OTAL TTC EUR | 46,39')).total).toBeNull();
  });

  it("is the subtotal with its B read as S, 8 or E, never the total, when the amount due's figure went unread", () => {
    for (const label of ['SUS TOTAL', 'SU8 TOTAL', 'SUS-TOTAL', 'SUETOTAL']) {
      const t = findTotals(slip(`${label} | 40.10`, 'TAX 10%', 'AMOUNT DUE RM'));
      expect([t.subtotal?.value, t.total], label).toEqual([40.1, null]);
    }
  });

  it('is the subtotal with an O of its label read as a zero ("SUMME NETT0", "SUB T0TAL")', () => {
    const t = findTotals(slip('SUMME NETT0 | 7,01', 'MWST 7% | 0,49', 'SUMME EUR | 7,50'));
    expect(t).toMatchObject({ subtotal: { value: 7.01 }, total: { value: 7.5 }, consistent: true });
    expect(findTotals(slip('SUB T0TAL | 40.10', 'TAX 10% | 4.01', 'T0TAL | 44.11'))).toMatchObject({ subtotal: { value: 40.1 }, total: { value: 44.11 } });
  });

  it('is the total with TOTAL split by the reader ("TOT AL DUE")', () => {
    const t = findTotals(slip('Sub Total | 245.76', 'SST 8% | 21.63', 'TOT AL DUE RM291.95', 'Cash | 300.00'));
    expect(t.total?.value).toBe(291.95);
  });
});

describe('the tax printed once per rate', () => {
  it('is the sum of the rows of distinct rates when no row gives it, with no one rate', () => {
    const t = findTotals(slip('Nettobetrag | 1.180,00', 'MwSt. 7% | 12,60', 'MwSt. 19% | 190,00', 'Gesamtbetrag | 1.382,60'));
    expect(t).toMatchObject({ subtotal: { value: 1180 }, tax: { value: 202.6 }, total: { value: 1382.6 }, taxRate: null, consistent: true });
  });

  it('is the printed tax total when there is one', () => {
    const t = findTotals(slip('Nettobetrag | 1.180,00', 'MwSt. 7% | 12,60', 'MwSt. 19% | 190,00', 'Steuerbetrag | 202,60', 'Gesamtbetrag | 1.382,60'));
    expect(t.tax).toMatchObject({ value: 202.6, raw: '202,60' });
  });

  it("is published with each rate's amount box and value, so that a crop re-read reads each and adds them", () => {
    const t = findTotals(slip('Nettobetrag | 1.180,00', 'MwSt. 7% | 12,60', 'MwSt. 19% | 190,00', 'Gesamtbetrag | 1.382,60'));
    const tax = totalsValues(t).find((v) => v.key === 'tax_amount')!;
    expect(tax).toMatchObject({ value: 202.6, sumOf: [12.6, 190] });
    expect(tax.parts).toHaveLength(2);
  });

  it('never adds one rate printed twice', () => {
    const t = findTotals(slip('Nettobetrag | 200,00', 'MwSt. 19% | 19,00', 'MwSt. 19% | 19,00', 'Gesamtbetrag | 238,00'));
    expect(t.consistent).toBe(false);
  });
});
