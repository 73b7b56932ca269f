import { describe, expect, it } from 'vitest';
import { generateEInvoiceRenderingPdf, generateI18nInvoicePdf, I18N_LANGUAGES, I18N_LAYOUTS, I18N_TOTALS } from '../../test/fixtures/documents/index.js';
import { textLayerPdfReader } from '../../test/helpers/text-layer-reading.js';

/** Generated invoices whose totals block holds a discount or a charge on the whole document
 * (between the lines' sum and the net) or the tax at two rates, one row each: a correct invoice
 * adds up, so it is verified with its net, tax and total, never flagged ARITHMETIC_MISMATCH.
 * Seeds are the tests' own. */
const NOW = new Date('2025-06-01T00:00:00Z');
const read = textLayerPdfReader(NOW);

describe('invoices with discounts, charges or two tax rates', () => {
  for (const totals of I18N_TOTALS) {
    it(`add up and are verified (${totals})`, async () => {
      for (const [i, language] of I18N_LANGUAGES.entries()) {
        const layout = I18N_LAYOUTS[(i * 5) % I18N_LAYOUTS.length]!;
        const doc = await generateI18nInvoicePdf({ seed: 7100 + i, now: NOW, language, layout, totals });
        const out = await read(doc.bytes);
        const t = doc.truth.fields;
        const v = out.result.values;
        expect(out.outcome.code ?? 'verified', `${language}/${layout}: ${out.result.review_reason}`).toBe('verified');
        expect({ subtotal: v.subtotal, tax: v.tax_amount, total: v.total }, `${language}/${layout}`).toEqual({
          subtotal: t.subtotal,
          tax: t.tax_amount,
          total: t.total,
        });
      }
    }, 60_000);
  }
});

describe("an e-invoice's data as a viewer prints it (two rates, charges and allowances, identifiers over the names)", () => {
  it('is verified with its seller, net, tax and total', async () => {
    for (let seed = 7200; seed < 7212; seed++) {
      const doc = await generateEInvoiceRenderingPdf({ seed, now: NOW });
      const out = await read(doc.bytes);
      const t = doc.truth.fields;
      const v = out.result.values;
      expect(out.outcome.code ?? 'verified', `${seed}: ${out.result.review_reason}`).toBe('verified');
      expect({ vendor: v.vendor_name, subtotal: v.subtotal, tax: v.tax_amount, total: v.total }, String(seed)).toEqual({
        vendor: t.vendor_name,
        subtotal: t.subtotal,
        tax: t.tax_amount,
        total: t.total,
      });
    }
  }, 60_000);
});
