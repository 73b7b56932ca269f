import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInvoicePdf, generateInvoiceScan } from '../../test/fixtures/documents/index.js';
import type { GeneratedDocument } from '../../test/fixtures/documents/types.js';
import { readFinance, textLayerOf } from '../../test/helpers/finance-reading.js';
import { placed } from '../doctypes/finance/test-reading.js';
import { invoice } from '../doctypes/invoice.js';
import type { RuleLookups } from '../doctypes/types.js';
import type { FieldReading } from '../domain/field.js';
import { createTesseractReader, type TesseractReader } from '../readers/tesseract.js';
import type { ReaderOutput } from '../readers/types.js';
import { closeIntakeSandbox } from './intake/index.js';

const NOW = new Date('2025-06-01T00:00:00Z');
const textLayer = (doc: GeneratedDocument) => textLayerOf(doc.bytes);
const run = (readings: ReaderOutput[], lookups?: RuleLookups) => readFinance(invoice, readings, NOW, lookups);

function expectTruth(get: (k: string) => FieldReading, doc: GeneratedDocument): void {
  const t = doc.truth.fields;
  for (const key of [
    'invoice_number',
    'invoice_date',
    'due_date',
    'vendor_name',
    'customer_name',
    'currency',
    'subtotal',
    'tax_rate',
    'tax_amount',
    'total',
    'iban',
  ]) {
    expect(get(key).value, key).toEqual(t[key]);
  }
  expect(get('vendor_tax_id').value ?? undefined).toEqual(t.vendor_vat_id);
  expect(get('line_items').value).toEqual(doc.truth.line_items);
}

describe('invoice from the text layer of generated PDFs', () => {
  afterAll(() => closeIntakeSandbox());

  it.each([
    { seed: 11, decimal: 'dot', dateOrder: 'mdy', currencyStyle: 'symbol', multilineItems: true },
    { seed: 12, decimal: 'comma', dateOrder: 'dmy', currencyStyle: 'code', multilineItems: false },
    { seed: 13, decimal: 'comma', dateOrder: 'mdy', currencyStyle: 'symbol', multilineItems: true },
    { seed: 14, decimal: 'dot', dateOrder: 'ymd', currencyStyle: 'code', multilineItems: true },
  ] as const)('reads every field and line item, with arithmetic evidence ($decimal, $dateOrder)', async (options) => {
    const doc = await generateInvoicePdf({ ...options, now: NOW });
    const { get, problems } = await run([await textLayer(doc)]);
    expectTruth(get, doc);
    expect(problems).toEqual([]);
    for (const key of ['subtotal', 'tax_amount', 'total', 'line_items']) expect(get(key).evidence, key).toEqual(['arithmetic', 'text_layer']);
    expect(get('invoice_number').evidence).toEqual(['text_layer']);
    expect(get('total').region?.page).toBe(1);
  });

  it('reports ARITHMETIC_MISMATCH with the numbers when the items do not add up', async () => {
    for (const seed of [21, 22, 23]) {
      const doc = await generateInvoicePdf({ seed, now: NOW, inconsistent: true });
      const { problems, get } = await run([await textLayer(doc)]);
      const mismatch = problems.find((p) => p.code === 'ARITHMETIC_MISMATCH');
      expect(mismatch?.detail, `seed ${seed}`).toMatch(/printed \d/);
      expect(get('total').evidence.includes('arithmetic') && get('line_items').evidence.includes('arithmetic')).toBe(false);
    }
  });

  it('raises DUPLICATE_SUSPECTED naming the earlier document, asking with normalised keys', async () => {
    const doc = await generateInvoicePdf({ seed: 12, now: NOW });
    const asked: unknown[] = [];
    const lookups: RuleLookups = { findInvoiceDuplicate: async (q) => (asked.push(q), 'doc_earlier123') };
    const { problems } = await run([await textLayer(doc)], lookups);
    expect(asked).toEqual([
      {
        vendor: expect.stringMatching(/^[A-Z0-9 ]+$/),
        invoiceNumber: String(doc.truth.fields.invoice_number).replace(/-/g, ''),
        total: doc.truth.fields.total,
      },
    ]);
    expect(problems).toContainEqual(expect.objectContaining({ code: 'DUPLICATE_SUSPECTED', detail: expect.stringContaining('doc_earlier123') }));
  });
});

describe('invoice from synthetic readings', () => {
  const page = (total: string, reader: ReaderOutput['reader'] = 'tesseract') =>
    placed(
      [
        ['ACME Tools GmbH', 0.08, 0.05],
        ['Hauptstraße 5', 0.08, 0.07],
        ['10115 Berlin', 0.08, 0.09],
        ['Rechnungsnr.: R-2025-0042', 0.6, 0.1],
        ['Rechnungsdatum: 03/04/2025', 0.6, 0.12],
        ['Beschreibung', 0.08, 0.3],
        ['Menge', 0.5, 0.3],
        ['Preis', 0.65, 0.3],
        ['Betrag', 0.85, 0.3],
        ['Hammer', 0.08, 0.33],
        ['2', 0.52, 0.33],
        ['10,00', 0.65, 0.33],
        ['20,00', 0.85, 0.33],
        ['Zwischensumme', 0.6, 0.4],
        ['20,00', 0.85, 0.4],
        ['MwSt 19%', 0.6, 0.42],
        ['3,80', 0.86, 0.42],
        ['Gesamtbetrag', 0.6, 0.44],
        [total, 0.85, 0.44],
      ],
      reader,
    );

  it('pairs German labels with values to their right and reads the table by its header', async () => {
    const { get } = await run([page('23,80 €')]);
    expect(get('invoice_number').value).toBe('R-2025-0042');
    expect(get('vendor_name').value).toBe('ACME Tools GmbH');
    expect(get('vendor_address').value).toBe('Hauptstraße 5, 10115 Berlin');
    expect(get('line_items').value).toEqual([{ description: 'Hammer', quantity: 2, unit_price: 10, amount: 20 }]);
    expect(get('total')).toMatchObject({ value: 23.8, evidence: ['arithmetic', 'single_reader'] });
  });

  it('places a letterhead guess at layout confidence, and the same name in the legal footer raises it to a labelled one', async () => {
    const letterheadOnly = await run([page('23,80 €', 'text_layer')]);
    expect(letterheadOnly.get('vendor_name').candidates[0]!.confidence).toBe(0.6);
    const footer = placed(
      [
        ['ACME Tools GmbH', 0.08, 0.05],
        ['Hauptstraße 5', 0.08, 0.07],
        ['ACME Tools GmbH - Amtsgericht Berlin HRB 12345', 0.08, 0.95],
      ],
      'text_layer',
    );
    const confirmed = await run([footer]);
    expect(confirmed.get('vendor_name')).toMatchObject({ value: 'ACME Tools GmbH', evidence: ['text_layer'] });
    expect(confirmed.get('vendor_name').candidates[0]!.confidence).toBe(0.9);
    expect(confirmed.get('vendor_address').candidates[0]!.confidence).toBe(0.6);
  });

  it('marks a date that reads two ways with DATE_NEEDS_REVIEW', async () => {
    const { get } = await run([page('23,80 €')]);
    expect(get('invoice_date')).toMatchObject({ value: '2025-04-03', problems: ['DATE_NEEDS_REVIEW'] });
    expect(get('invoice_date').reason).toContain('2025-03-04');
  });

  it('withholds both dates when the page gives a due date before the invoice date: one of them was misread', async () => {
    const dated = placed(
      [
        ['Rechnungsdatum: 14.04.2025', 0.6, 0.12],
        ['Fällig am: 14.03.2025', 0.6, 0.14],
      ],
      'text_layer',
    );
    const { get, problems } = await run([dated]);
    expect(problems).toContainEqual(expect.objectContaining({ code: 'DATE_NEEDS_REVIEW', fields: ['due_date', 'invoice_date'] }));
    expect(problems.find((p) => p.code === 'DATE_NEEDS_REVIEW')!.detail).not.toContain("file's own data");
    expect(get('due_date').value).toBe('2025-03-14');
  });

  it('settles readers that disagree on the total by the arithmetic', async () => {
    const { get, problems } = await run([page('23,80 €'), page('28,80 €', 'paddle')]);
    expect(get('total')).toMatchObject({ status: 'read', value: 23.8, evidence: ['arithmetic'], problems: [] });
    expect(get('total').reason).toContain('28,80');
    expect(problems).toEqual([]);
    expect(get('subtotal').evidence).toEqual(['arithmetic', 'reader_agree']);
  });
});

describe('invoice placement that knows what it placed', () => {
  it("takes neither a column heading beside a label for the customer nor the customer's own VAT number for the issuer's", async () => {
    const { get } = await run([
      placed(
        [
          ['Saeco Nederland B.V.', 0.08, 0.05],
          ['Factuuradres', 0.13, 0.15],
          ['Strategic Corp', 0.13, 0.17],
          ['Fakestreet 46', 0.13, 0.19],
          ['3500 MJ Utrecht', 0.13, 0.21],
          // A row of column headings: "Order" beside "Klant" is the next column's, not a name.
          ['Klant', 0.07, 0.33],
          ['Order', 0.24, 0.33],
          ['Factuur datum', 0.53, 0.33],
          ['Factuur', 0.73, 0.33],
          ['Vervaldatum', 0.84, 0.33],
          ['SCONL0303006280999', 0.07, 0.35],
          ['8-9-2022', 0.57, 0.35],
          ['VF1005193039', 0.69, 0.35],
          ['22-9-2022', 0.86, 0.35],
          ['Factuur totaal EUR', 0.69, 0.44],
          ['49,99', 0.88, 0.44],
          ['Uw BTW nummer: NL00333599698', 0.06, 0.79],
        ],
        'text_layer',
      ),
    ]);
    expect(get('customer_name').value).toBe('Strategic Corp');
    expect(get('vendor_tax_id').value ?? null).toBeNull();
  });
});

describe('invoice scans through Tesseract', () => {
  let reader: TesseractReader;
  beforeAll(async () => {
    reader = createTesseractReader({ workers: 1, recycleAfter: 10 });
    await reader.ready();
  });
  afterAll(() => reader.close());

  it('reads the total and every line item of a scanned invoice, the total checked by arithmetic', async () => {
    const doc = await generateInvoiceScan({ seed: 31, now: NOW, dpi: 150, photo: false, decimal: 'dot', items: 3 });
    const meta = { page: 1, width: 1240, height: 1754, png: doc.bytes };
    const { get } = await run([await reader.read({ images: [meta] })]);
    expect(get('total').value).toBe(doc.truth.fields.total);
    expect(get('total').evidence).toContain('arithmetic');
    expect((get('line_items').value as unknown[]).length).toBe(doc.truth.line_items!.length);
    expect(get('invoice_number').value).toBe(doc.truth.fields.invoice_number);
  });
});
