import { describe, expect, it } from 'vitest';
import { generateI18nInvoicePdf, I18N_LANGUAGES, I18N_LAYOUTS, type I18nLayout } from '../../test/fixtures/documents/index.js';
import { textLayerPdfReader } from '../../test/helpers/text-layer-reading.js';

/** Invoices in seven languages and twelve layouts, read from their text layer: the key fields are
 * published right and nothing wrong is published. Seeds here are the tests' own (not the
 * evaluation's held-out range). */
const NOW = new Date('2025-06-01T00:00:00Z');
const read = textLayerPdfReader(NOW);
const SELLER_PLACED = new Set<I18nLayout>(['sender_window', 'issuer_right', 'inline_parties', 'footer_columns', 'footer_issuer']);

describe('invoices in every language and layout', () => {
  for (const [l, layout] of I18N_LAYOUTS.entries()) {
    it(`publishes number, date and total right, and nothing wrong (${layout})`, async () => {
      for (const [i, language] of I18N_LANGUAGES.entries()) {
        const doc = await generateI18nInvoicePdf({ seed: 5000 + l * 10 + i, now: NOW, language, layout });
        const out = await read(doc.bytes);
        const t = doc.truth.fields;
        const v = out.result.values;
        expect(out.documentType, language).toBe('invoice');
        expect({ number: v.invoice_number, date: v.invoice_date, total: v.total }, `${language}/${layout}`).toEqual({
          number: t.invoice_number,
          date: t.invoice_date,
          total: t.total,
        });
        // Where the seller is named by a sender line, an inline label, the legal footer's columns
        // or a footer line the logo's word names again, it is named surely enough to publish.
        if (SELLER_PLACED.has(layout)) expect(v.vendor_name, `${language}/${layout} vendor`).toBe(t.vendor_name);
        for (const key of ['vendor_name', 'customer_name', 'due_date', 'subtotal', 'tax_amount', 'amount_due'] as const) {
          if (v[key] !== undefined && t[key] !== undefined) expect(v[key], `${language}/${layout} ${key}`).toEqual(t[key]);
        }
      }
    }, 60_000);
  }
});
