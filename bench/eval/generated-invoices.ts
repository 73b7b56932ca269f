import type { ReadDeps } from '../../src/pipeline/context.js';
import { readDocument } from '../../src/pipeline/read-document.js';
import { generateEInvoiceRenderingPdf, generateI18nInvoicePdf, I18N_LANGUAGES, I18N_LAYOUTS, I18N_TOTALS } from '../../test/fixtures/documents/index.js';
import { newReport, scoreReading, type SetReport } from './einvoices.js';

/** Text-layer invoices of the project's multilingual generator (seven languages × twelve layouts),
 * read by the whole pipeline and scored on `result.values`. Seeds from HELD_OUT_BASE are never
 * looked at while tuning; DEV_BASE seeds are the ones to look at. */
export const DEV_BASE = 100;
export const HELD_OUT_BASE = 90_000;
const NOW = new Date('2025-06-01T00:00:00Z');
const KEYS = ['invoice_number', 'invoice_date', 'due_date', 'vendor_name', 'customer_name', 'total', 'currency'] as const;
/** Every other field the generator knows, scored too: a wrong value in any of them breaks the
 * promise as much as a wrong total. The truth's name where it differs from the field's. */
const MORE_KEYS: Record<string, string> = {
  vendor_address: 'vendor_address',
  customer_address: 'customer_address',
  vendor_tax_id: 'vendor_vat_id',
  subtotal: 'subtotal',
  tax_rate: 'tax_rate',
  tax_amount: 'tax_amount',
  amount_due: 'amount_due',
  iban: 'iban',
  payment_terms: 'payment_terms',
};

export async function evalGeneratedInvoices(deps: ReadDeps, opts: { base: number; count: number; log?: (line: string) => void }): Promise<SetReport[]> {
  // Seeds from HELD_OUT_BASE are never tuned on: their misses are counted, not named.
  const heldOut = opts.base >= HELD_OUT_BASE;
  // The generator's truth is exact: a name published with other word breaks is wrong.
  const overall = newReport(
    `generated invoices, seeds ${opts.base}…${opts.base + opts.count - 1} (${I18N_LANGUAGES.length} languages × ${I18N_LAYOUTS.length} layouts)`,
    heldOut,
    'words',
  );
  const byLanguage = new Map<string, SetReport>();
  const byLayout = new Map<string, SetReport>();
  for (let i = 0; i < opts.count; i++) {
    const language = I18N_LANGUAGES[i % I18N_LANGUAGES.length]!;
    const layout = I18N_LAYOUTS[Math.floor(i / I18N_LANGUAGES.length) % I18N_LAYOUTS.length]!;
    const doc = await generateI18nInvoicePdf({ seed: opts.base + i, now: NOW, language, layout });
    const out = await readDocument({ bytes: doc.bytes, kind: 'pdf', typeHint: null, now: NOW, lookups: { findInvoiceDuplicate: async () => null } }, deps);
    const expected: Record<string, unknown> = {
      ...Object.fromEntries(KEYS.map((k) => [k, doc.truth.fields[k] ?? null])),
      ...Object.fromEntries(Object.entries(MORE_KEYS).map(([key, truth]) => [key, doc.truth.fields[truth] ?? null])),
      line_items: doc.truth.line_items ?? null,
    };
    const name = `${opts.base + i} ${language}/${layout}`;
    for (const r of [overall, get(byLanguage, `  language ${language}`, heldOut), get(byLayout, `  layout ${layout}`, heldOut)])
      scoreReading(r, name, expected, out);
    opts.log?.(`  ${name.padEnd(28)} ${(out.outcome.code ?? 'verified').padEnd(22)} ${out.result.review_reason?.slice(0, 110) ?? ''}`);
  }
  return [overall, ...byLanguage.values(), ...byLayout.values()];
}

function get(map: Map<string, SetReport>, name: string, heldOut: boolean): SetReport {
  let r = map.get(name);
  if (!r) map.set(name, (r = newReport(name, heldOut, 'words')));
  return r;
}

/** The same invoices with what a totals block may hold besides net, tax and gross (a discount or a
 * charge on the whole document, the tax at two rates, a discount column on the lines), one report
 * per variant, and an e-invoice's data as a generic viewer prints it: correct invoices all, so an
 * ARITHMETIC_MISMATCH among them is a false alarm. */
export async function evalGeneratedInvoiceTotals(deps: ReadDeps, opts: { base: number; count: number }): Promise<SetReport[]> {
  const heldOut = opts.base >= HELD_OUT_BASE;
  const reports: SetReport[] = [];
  const read = (bytes: Buffer) => readDocument({ bytes, kind: 'pdf', typeHint: null, now: NOW, lookups: { findInvoiceDuplicate: async () => null } }, deps);
  const expectedOf = (truth: { fields: Record<string, unknown>; line_items?: unknown }): Record<string, unknown> => ({
    ...Object.fromEntries([...KEYS, 'subtotal', 'tax_amount', 'amount_due'].map((k) => [k, truth.fields[k] ?? null])),
    line_items: truth.line_items ?? null,
  });
  for (const totals of I18N_TOTALS) {
    const r = newReport(`  totals ${totals}, seeds ${opts.base}…${opts.base + opts.count - 1}`, heldOut, 'words');
    for (let i = 0; i < opts.count; i++) {
      const language = I18N_LANGUAGES[i % I18N_LANGUAGES.length]!;
      const layout = I18N_LAYOUTS[Math.floor(i / I18N_LANGUAGES.length) % I18N_LAYOUTS.length]!;
      const doc = await generateI18nInvoicePdf({ seed: opts.base + i, now: NOW, language, layout, totals });
      scoreReading(r, `${opts.base + i} ${language}/${layout}`, expectedOf(doc.truth), await read(doc.bytes));
    }
    reports.push(r);
  }
  const viewer = newReport(`  e-invoice data as a viewer prints it, seeds ${opts.base}…${opts.base + 39}`, heldOut, 'words');
  for (let i = 0; i < 40; i++) {
    const doc = await generateEInvoiceRenderingPdf({ seed: opts.base + i, now: NOW });
    scoreReading(viewer, String(opts.base + i), expectedOf(doc.truth), await read(doc.bytes));
  }
  return [...reports, viewer];
}
