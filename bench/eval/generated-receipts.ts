import type { ReadDeps } from '../../src/pipeline/context.js';
import { readDocument } from '../../src/pipeline/read-document.js';
import {
  generateVariedReceipt,
  VARIED_RECEIPT_LANGUAGES,
  VARIED_RECEIPT_LAYOUTS,
  type VariedReceiptLayout,
} from '../../test/fixtures/documents/invoice/varied-receipt.js';
import { newReport, scoreReading, type SetReport } from './einvoices.js';
import { showMisses } from './receipts.js';

/** Generated receipts (ten layouts, five label languages, scans and photos with print defects)
 * read by the whole pipeline and scored on `result.values`, as the SROIE receipts are. Seeds from
 * TUNE_BASE may be looked at while tuning; seeds from HELD_OUT_BASE are counted only. */
export type GeneratedReceiptSplit = 'tune' | 'held-out';
export const RECEIPT_TUNE_BASE = 7000;
export const RECEIPT_HELD_OUT_BASE = 97_000;
const NOW = new Date('2025-06-01T00:00:00Z');
const KEYS = ['merchant_name', 'merchant_address', 'date', 'total', 'currency'] as const;

export async function evalGeneratedReceipts(
  deps: ReadDeps,
  opts: {
    split: GeneratedReceiptSplit;
    count: number;
    /** Seeds from base + from: a later block of the split, read without the ones before it. */
    from?: number;
    show?: boolean;
    log?: (line: string) => void;
    layouts?: readonly VariedReceiptLayout[];
  },
): Promise<SetReport[]> {
  const heldOut = opts.split === 'held-out';
  if (opts.show && heldOut) throw new Error('only the tuning seeds may be shown');
  const log = opts.log ?? console.log;
  const base = heldOut ? RECEIPT_HELD_OUT_BASE : RECEIPT_TUNE_BASE;
  const from = opts.from ?? 0;
  const overall = newReport(
    `generated receipts, ${opts.split} seeds ${base + from}…${base + from + opts.count - 1}${opts.layouts?.length ? `, layouts ${opts.layouts.join(', ')}` : ''}`,
    heldOut,
  );
  // Some layouts alone (`layouts`), in turn, when a class of slips is measured by itself.
  const layouts = opts.layouts?.length ? opts.layouts : VARIED_RECEIPT_LAYOUTS;
  for (let i = from; i < from + opts.count; i++) {
    const layout = layouts[i % layouts.length]!;
    // The language turns one step each round of layouts, so every layout meets every language.
    const language = VARIED_RECEIPT_LANGUAGES[(i + Math.floor(i / VARIED_RECEIPT_LAYOUTS.length)) % VARIED_RECEIPT_LANGUAGES.length]!;
    const doc = await generateVariedReceipt({ seed: base + i, layout, language, now: NOW });
    const out = await readDocument({ bytes: doc.bytes, kind: 'jpeg', typeHint: null, now: NOW, lookups: { findInvoiceDuplicate: async () => null } }, deps);
    const expected = Object.fromEntries(KEYS.map((k) => [k, doc.truth.fields[k] ?? null]));
    const name = `${base + i} ${layout}/${language}/${doc.header}`;
    const right = Object.fromEntries(KEYS.map((k) => [k, overall.fields[k]?.correct ?? 0]));
    scoreReading(overall, name, expected, out);
    // Held-out seeds are counted, never named.
    if (heldOut) continue;
    const misses = KEYS.filter((k) => expected[k] !== null && (overall.fields[k]?.correct ?? 0) === right[k]);
    log(`  ${name.padEnd(44)} ${out.documentType.padEnd(8)} ${(out.outcome.code ?? 'verified').padEnd(22)} missed: ${misses.join(', ') || '-'}`);
    if (!opts.show || !misses.length) continue;
    showMisses(out, misses, expected, log);
  }
  return [overall];
}
