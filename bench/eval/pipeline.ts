import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { findMrzLines } from '../../src/doctypes/mrz/index.js';
import type { ReadDeps } from '../../src/pipeline/context.js';
import { readDocument } from '../../src/pipeline/read-document.js';
import type { Sample } from './samples.js';
import { sameFieldValue } from './compare.js';
import { charAccuracy } from './text-accuracy.js';

/** The whole pipeline on the labelled samples: classification, per-field accuracy, the readers'
 * character accuracy, the decisions reached, and latency per document. */
export interface CategoryReport {
  category: string;
  documents: number;
  typeAccuracy: number;
  fields: Record<string, { correct: number; total: number }>;
  readerAccuracy: Record<string, { sum: number; n: number }>;
  decisions: Record<string, number>;
  verifiedWrong: number;
  /** Published values (in `result.values`) that differ from the label. */
  wrongValues: number;
  latencyMs: number[];
}

export async function evalPipeline(samples: Sample[], deps: ReadDeps, log: (line: string) => void = console.log): Promise<CategoryReport[]> {
  const reports = new Map<string, CategoryReport>();
  for (const s of samples) {
    const r = reports.get(s.category) ?? {
      category: s.category,
      documents: 0,
      typeAccuracy: 0,
      fields: {},
      readerAccuracy: {},
      decisions: {},
      verifiedWrong: 0,
      wrongValues: 0,
      latencyMs: [],
    };
    reports.set(s.category, r);
    const started = performance.now();
    const out = await readDocument(
      { bytes: readFileSync(s.file), kind: s.kind, typeHint: null, now: new Date(), lookups: { findInvoiceDuplicate: async () => null } },
      deps,
    );
    r.latencyMs.push(performance.now() - started);
    r.documents += 1;
    if (s.expectedTypes.includes(out.documentType)) r.typeAccuracy += 1;
    r.decisions[out.result.decision] = (r.decisions[out.result.decision] ?? 0) + 1;
    let wrong = 0;
    for (const [key, want] of Object.entries(s.expected)) {
      const f = (r.fields[key] ??= { correct: 0, total: 0 });
      f.total += 1;
      const got = out.result.values[key];
      if (sameFieldValue(key, want, got)) f.correct += 1;
      else if (got !== undefined) wrong += 1;
    }
    if (out.result.verified && wrong > 0) r.verifiedWrong += 1;
    r.wrongValues += wrong;
    const readers = (out.raw.readers ?? []) as Array<{ reader: string; pages: Array<{ text: string }> }>;
    for (const reader of readers) {
      // A reader that only read crops (Paddle's cross-read) has no page text to compare.
      if (reader.pages.length === 0) continue;
      const text = reader.pages.map((p) => p.text).join('\n');
      let acc: number | null = null;
      if (s.truthMrz) acc = charAccuracy(s.truthMrz.join('\n'), (findMrzLines(text.split('\n')) ?? []).join('\n'));
      else if (s.truthText) acc = charAccuracy(s.truthText, text);
      if (acc === null) continue;
      const a = (r.readerAccuracy[reader.reader] ??= { sum: 0, n: 0 });
      a.sum += acc;
      a.n += 1;
    }
    log(
      `  ${s.category.padEnd(9)} ${basename(s.file).padEnd(36)} ${out.documentType.padEnd(9)} ${out.result.decision.padEnd(8)} ${(out.outcome.code ?? '-').padEnd(24)} ${Math.round(performance.now() - started)} ms`,
    );
  }
  return [...reports.values()];
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(0)}%` : '-');
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)] ?? 0;

export function printPipelineReport(reports: CategoryReport[], log: (line: string) => void = console.log): void {
  for (const r of reports) {
    log(
      `\n${r.category}: ${r.documents} documents, type recognised ${pct(r.typeAccuracy, r.documents)}, latency p50 ${quantile(r.latencyMs, 0.5).toFixed(0)} ms / p95 ${quantile(r.latencyMs, 0.95).toFixed(0)} ms`,
    );
    log(
      `  fields: ${
        Object.entries(r.fields)
          .map(([k, f]) => `${k} ${pct(f.correct, f.total)} (${f.correct}/${f.total})`)
          .join(', ') || '-'
      }`,
    );
    log(
      `  reader character accuracy: ${
        Object.entries(r.readerAccuracy)
          .map(([k, a]) => `${k} ${pct(a.sum, a.n)} (n=${a.n})`)
          .join(', ') || '-'
      }`,
    );
    log(
      `  decisions: ${Object.entries(r.decisions)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}; verified with a wrong value: ${r.verifiedWrong}; wrong values in values: ${r.wrongValues}`,
    );
  }
}
