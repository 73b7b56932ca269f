import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ReadDeps } from '../../src/pipeline/context.js';
import { readDocument, type ReadOutput } from '../../src/pipeline/read-document.js';
import { DECISION_INPUT_KEY } from '../../src/verification/stored-input.js';
import { newReport, scoreReading, type SetReport } from './einvoices.js';

/** The SROIE receipts of ../shared/data/receipts read by the whole pipeline (OCR, cross-read,
 * reconcile, rules) and scored on `result.values`. The folder is split once, by file name, so
 * that tuning never looks at what the figures are reported on:
 * - tune: the receipts numbered under 200 (000, 005, 010 … 195): the first twenty, which the receipt
 *   work was built on, and twenty of the later additions, moved in when twenty gave too few
 *   failure classes to learn from;
 * - held-out: the later additions from 205 on (205, 215 … 615, every tenth with offset 5).
 * Only the tuning split may print what the readers saw (`show`). */
export type ReceiptSplit = 'tune' | 'held-out';

const NOW = new Date('2026-01-01T00:00:00Z');

interface ReceiptLabel {
  file: string;
  expected: { company: string; date: string; total: string; address: string };
}

/** Which split a receipt belongs to, from its SROIE number. */
export function receiptSplit(file: string): ReceiptSplit {
  const n = Number(basename(file).replace(/\D/g, ''));
  return n < 200 ? 'tune' : 'held-out';
}

interface StoredField {
  key: string;
  status: string;
  evidence: string[];
  reason: string | null;
  candidates: Array<{ reader: string; value: unknown; raw: string }>;
}

/** For a tuning receipt (never a held-out one): why each missed field was not published as
 * labelled, with every reader's candidates and page text. */
export function showMisses(out: ReadOutput, misses: string[], expected: Record<string, unknown>, log: (line: string) => void): void {
  log(`    reasons: ${out.result.review_reasons.join(' | ')}`);
  const stored = ((out.raw[DECISION_INPUT_KEY] as { fields?: StoredField[] } | undefined)?.fields ?? []) as StoredField[];
  for (const k of misses) {
    log(`    ${k}: label ${JSON.stringify(expected[k])}, published ${JSON.stringify(out.result.values[k] ?? null)}`);
    const f = stored.find((x) => x.key === k);
    if (!f) continue;
    log(`      status ${f.status}, evidence ${f.evidence.join('+') || '-'}, reason ${f.reason ?? '-'}`);
    for (const c of f.candidates) log(`      ${c.reader}: ${JSON.stringify(c.value)} from ${JSON.stringify(c.raw)}`);
  }
  const readers = (out.raw.readers ?? []) as Array<{ reader: string; pages: Array<{ text: string }> }>;
  for (const r of readers) for (const p of r.pages) log(`    --- ${r.reader}\n${p.text.replace(/^/gm, '      | ')}`);
  log(`    re_read: ${JSON.stringify(out.raw.re_read ?? null)}`);
}

export async function evalReceiptsPipeline(
  dataDir: string,
  deps: ReadDeps,
  opts: { split: ReceiptSplit; limit?: number; show?: boolean; log?: (line: string) => void },
): Promise<SetReport[]> {
  const dir = join(dataDir, 'receipts');
  if (!existsSync(join(dir, 'labels.jsonl'))) return [];
  if (opts.show && opts.split !== 'tune') throw new Error('only the tuning split may be shown');
  const log = opts.log ?? console.log;
  const labels = readFileSync(join(dir, 'labels.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as ReceiptLabel)
    .filter((l) => receiptSplit(l.file) === opts.split)
    .slice(0, opts.limit ?? Number.POSITIVE_INFINITY);
  const report = newReport(`SROIE receipts, ${opts.split} split (${labels.length})`, opts.split === 'held-out');
  for (const l of labels) {
    const ext = l.file.split('.').pop()!.toLowerCase();
    const out = await readDocument(
      {
        bytes: readFileSync(join(dir, l.file)),
        kind: ext === 'png' ? 'png' : 'jpeg',
        typeHint: null,
        now: NOW,
        lookups: { findInvoiceDuplicate: async () => null },
      },
      deps,
    );
    const e = l.expected;
    // SROIE writes some totals with their currency mark ("$8.20").
    const expected = { merchant_name: e.company, merchant_address: e.address, date: e.date, total: Number(String(e.total).replace(/[^\d.-]/g, '')) };
    const wasRight = Object.fromEntries(Object.keys(expected).map((k) => [k, report.fields[k]?.correct ?? 0]));
    scoreReading(report, basename(l.file), expected, out);
    const misses = Object.keys(expected).filter((k) => (report.fields[k]?.correct ?? 0) === wasRight[k]);
    // a held-out receipt is told by counts only: which file missed what is for the tuning split
    if (opts.split !== 'tune') continue;
    const looked = (out.raw.third_look as { settled: string[] } | undefined)?.settled ?? [];
    log(
      `  ${basename(l.file)} ${out.documentType.padEnd(8)} ${(out.outcome.code ?? 'verified').padEnd(24)} missed: ${misses.join(', ') || '-'}${looked.length ? `; third look settled ${looked.join(', ')}` : ''}`,
    );
    if (!opts.show || !misses.length) continue;
    showMisses(out, misses, expected, log);
  }
  return [report];
}
