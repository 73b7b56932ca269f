import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateI18nInvoicePdf, I18N_LANGUAGES, I18N_LAYOUTS } from '../../test/fixtures/documents/index.js';
import { DOCTYPES } from '../doctypes/registry.js';
import { createReaderRegistry } from '../readers/registry.js';
import type { ReadDeps } from './context.js';
import { DEFAULT_INTAKE_LIMITS, intakeFile, SandboxPool } from './intake/index.js';
import { readDocument } from './read-document.js';

/** Invoices in seven languages and eight layouts, read from their text layer: the key fields are
 * published right and nothing wrong is published. Seeds here are the tests' own (not the
 * evaluation's held-out range). */
const pool = new SandboxPool({ size: 1 });
const deps: ReadDeps = {
  intake: (bytes, kind, limits, opts) => intakeFile(bytes, kind, limits, { ...opts, pool }),
  limits: DEFAULT_INTAKE_LIMITS,
  ocrMaxPixels: 4_500_000,
  readers: createReaderRegistry(() => {
    throw new Error('no OCR for a text-layer PDF');
  }),
  doctypes: DOCTYPES,
};
const NOW = new Date('2025-06-01T00:00:00Z');

beforeAll(() => pool.warm());
afterAll(() => pool.close());

describe('invoices in every language and layout', () => {
  for (const [l, layout] of I18N_LAYOUTS.entries()) {
    it(`publishes number, date and total right, and nothing wrong (${layout})`, async () => {
      for (const [i, language] of I18N_LANGUAGES.entries()) {
        const doc = await generateI18nInvoicePdf({ seed: 5000 + l * 10 + i, now: NOW, language, layout });
        const out = await readDocument({ bytes: doc.bytes, kind: 'pdf', typeHint: null, now: NOW, lookups: { findInvoiceDuplicate: async () => null } }, deps);
        const t = doc.truth.fields;
        const v = out.result.values;
        expect(out.documentType, language).toBe('invoice');
        expect({ number: v.invoice_number, date: v.invoice_date, total: v.total }, `${language}/${layout}`).toEqual({ number: t.invoice_number, date: t.invoice_date, total: t.total });
        for (const key of ['vendor_name', 'customer_name', 'due_date', 'subtotal', 'tax_amount', 'amount_due'] as const) {
          if (v[key] !== undefined && t[key] !== undefined) expect(v[key], `${language}/${layout} ${key}`).toEqual(t[key]);
        }
      }
    }, 60_000);
  }
});
