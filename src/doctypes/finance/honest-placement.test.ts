import { describe, expect, it } from 'vitest';
import { extractInvoice } from '../invoice.js';
import { ibanValid } from './iban.js';
import { LABEL_WORDS, LANGUAGES, WORDED_LABELS } from './label-words.js';
import { matchLabel } from './labels.js';
import { findCustomer } from './parties.js';
import { isPartyText } from './party-names.js';
import { readingRows } from './rows.js';
import { placed } from './test-reading.js';
import { findTotals } from './totals.js';

type Entry = [text: string, x: number, y: number, size?: number];
const rowsOf = (entries: Entry[]) => readingRows(placed(entries));
const NOW = new Date('2025-06-01T00:00:00Z');

describe('labels in every common language', () => {
  it('has every label in every language, and each phrase matches itself as printed', () => {
    for (const lang of LANGUAGES) {
      for (const label of WORDED_LABELS) {
        // Arabic says "your" with a suffix on the noun, not a word of its own.
        if (!(lang === 'ar' && label === 'addressee')) expect(LABEL_WORDS[lang][label].length, `${lang} ${label}`).toBeGreaterThan(0);
        for (const phrase of LABEL_WORDS[lang][label]) expect(matchLabel(label, phrase.replace(/^[!*]/, '')), `${lang} ${label}: ${phrase}`).not.toBeNull();
      }
    }
  });

  it('reads the invoice number label as printed in each language', () => {
    for (const printed of [
      'Invoice number',
      'Rechnungsnummer',
      'Handelsrechnung Nr.',
      'N° de facture',
      'Número de factura',
      'Numero fattura',
      'Factuurnummer',
      'Fatura n.º',
      'رقم الفاتورة',
      // A stop a reader set after a space (seed 26247).
      'NO .BIL 0193',
    ]) {
      expect(matchLabel('invoice_number', printed)?.strength, printed).toBe(3);
    }
    for (const [label, printed] of [
      ['total', 'Gesamtbetrag'],
      ['total', 'Total TTC'],
      ['total', 'Importe total'],
      ['total', 'المبلغ الإجمالي'],
      ['subtotal', 'Imponibile'],
      ['amount_due', 'Net à payer'],
      ['amount_due', 'Te betalen'],
      ['due_date', 'Data de vencimento'],
      ['vendor', 'Verkäufer'],
      ['customer', 'Facturé à'],
      ['vendor_tax_id', 'Partita IVA'],
      ['vendor_tax_id', 'TRN: 100234567800003'],
      ['vendor_tax_id', 'GSTIN 29ABCDE1234F1Z5'],
      ['vendor_tax_id', 'NIPC 501234567'],
      ['invoice_number', 'Fatura-Recibo nº FR 2025/17'],
      ['due_date', 'Vence em 01/02/2025'],
    ] as const) {
      expect(matchLabel(label, printed), `${label}: ${printed}`).not.toBeNull();
    }
  });

  it('never finds a label inside a longer word', () => {
    expect(matchLabel('customer', 'Art-Nr-Kunde')).toBeNull();
    expect(matchLabel('tax', 'Ivanhoe Street')).toBeNull();
  });

  it('reads a long amount label a text layer split with a stray space, and no name split alike', () => {
    expect(matchLabel('total', 'Br uttosumme')).not.toBeNull();
    expect(matchLabel('amount_due', 'Zahlbetr ag')).not.toBeNull();
    expect(matchLabel('total', 'Bruttosummen')).toBeNull();
    expect(matchLabel('vendor', 'Liefer ant GmbH')).toBeNull();
  });
});

describe('a name is never a legal form, a label, a heading or a code', () => {
  it('refuses them', () => {
    for (const text of ['GmbH', 'SARL', 'Ltd.', 'IBAN', 'Art-Nr-Lief.', 'Nummer : 549910', 'INV-2025-35142', ': DE20 1242 1242 1242', 'Positions-'])
      expect(isPartyText(text), text).toBe(false);
    for (const text of ['Northwind Analytics GmbH', 'Au bon moulin', 'Müller & Söhne KG']) expect(isPartyText(text), text).toBe(true);
  });

  it('takes no customer from a column heading or an invoice number beside "Billed to"', () => {
    expect(
      findCustomer(
        rowsOf([
          ['Art-Nr-Kunde', 0.1, 0.4],
          ['Art-Nr-Lief.', 0.1, 0.42],
          ['Pos', 0.1, 0.44],
        ]),
      ),
    ).toBeNull();
    const side = findCustomer(
      rowsOf([
        ['Billed to', 0.08, 0.2],
        ['Invoice number:', 0.42, 0.2],
        ['INV-2025-35142', 0.8, 0.2],
        ['Helix Medical Supplies', 0.08, 0.216],
      ]),
    );
    expect(side?.name).toBe('Helix Medical Supplies');
  });

  it('takes no customer under a label that already carries its value ("Customer: 2")', () => {
    expect(
      findCustomer(
        rowsOf([
          ['Customer:2', 0.1, 0.3],
          ['Your order AB321', 0.1, 0.316],
        ]),
      ),
    ).toBeNull();
  });
});

describe('the total is told from net, tax, amount due and line amounts', () => {
  it('takes no total of 0 or less, unless the document is titled a credit note, whose total is what it credits', () => {
    const rows: Entry[] = [
      ['Entgelt 0,00', 0.5, 0.5],
      ['Summe -21,25', 0.5, 0.52],
    ];
    expect(findTotals(rowsOf(rows)).total).toBeNull();
    // As its EN 16931 XML states it: positive, the document type carrying the sign.
    expect(findTotals(rowsOf([['Gutschrift', 0.1, 0.1, 1.5], ...rows])).total?.value).toBe(21.25);
    const avoir = findTotals(
      rowsOf([
        ['Avoir AV-2017-0005', 0.1, 0.1, 1.5],
        ['Total HT -218,48 €', 0.5, 0.5],
        ['Total taxes -14,99 €', 0.5, 0.52],
        ['Total TTC -233,47 €', 0.5, 0.54],
      ]),
    );
    expect(avoir).toMatchObject({ subtotal: { value: 218.48 }, tax: { value: 14.99 }, total: { value: 233.47 }, consistent: true });
  });

  it('does not take the total of charges or discounts for the total', () => {
    const t = findTotals(
      rowsOf([
        ['Gesamtbetrag der Zuschläge 15,00', 0.5, 0.5],
        ['Total discount 4.00', 0.5, 0.52],
        ['Bruttosumme 480,22', 0.5, 0.54],
      ]),
    );
    expect(t.total?.value).toBe(480.22);
  });

  it('tells the amount due from the total after a prepayment, and takes it for the total otherwise', () => {
    const prepaid = findTotals(
      rowsOf([
        ['Nettobetrag 858,75', 0.5, 0.5],
        ['MwSt. 163,16', 0.5, 0.52],
        ['Bruttosumme 1021,91', 0.5, 0.54],
        ['Erhaltene Anzahlungen -500,00', 0.5, 0.56],
        ['Zahlbetrag 521,91', 0.5, 0.58],
      ]),
    );
    expect(prepaid).toMatchObject({ total: { value: 1021.91 }, due: { value: 521.91 }, consistent: true });
    expect(
      findTotals(
        rowsOf([
          ['Subtotal 41.00', 0.5, 0.5],
          ['GST 0.44', 0.5, 0.52],
          ['TOTAL PAYABLE: 41.44', 0.5, 0.54],
        ]),
      ).total?.value,
    ).toBe(41.44);
  });

  it('keeps a total under a plain "Total" that no arithmetic supports out of the placed values', () => {
    const values = extractInvoice(
      placed(
        [
          ['INVOICE', 0.1, 0.05, 2],
          ['Total 120.00', 0.5, 0.6],
        ],
        'text_layer',
      ),
      { now: NOW, pages: [] },
    );
    expect(values.find((v) => v.key === 'total')).toMatchObject({ value: 120, confidence: 0.6 });
    const added = extractInvoice(
      placed(
        [
          ['INVOICE', 0.1, 0.05, 2],
          ['Subtotal 100.00', 0.5, 0.56],
          ['VAT 20.00', 0.5, 0.58],
          ['Total 120.00', 0.5, 0.6],
        ],
        'text_layer',
      ),
      { now: NOW, pages: [] },
    );
    expect(added.find((v) => v.key === 'total')!.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('refuses an IBAN of the wrong length for its country, even when mod-97 holds', () => {
    expect(ibanValid('DE88200800000970375700')).toBe(true);
    expect(ibanValid('DE000134648460000000000000')).toBe(false);
  });
});
