/** Identity documents from the varied generator (five types, six layouts each, clean and in date)
 * through the whole reading: per type and layout the share verified, the documents whose every
 * value is published and right, values published wrong and documents verified with a wrong value
 * (both must stay 0), the outcome codes; per type, each field's right / withheld / wrong counts.
 * Tuning seeds start at ID_TUNE_BASE and may be inspected (`--show` prints their misses); held-out
 * seeds start at 1000 and are only counted. */
import type { FileKind } from '../../src/domain/document-types.js';
import type { FieldValue } from '../../src/domain/result.js';
import { DOCTYPES } from '../../src/doctypes/registry.js';
import { readDocument, type ReadDeps } from '../../src/pipeline/read-document.js';
import { DEFAULT_NOW } from '../../test/fixtures/documents/identity/common.js';
import { generateVariedIdentity, ID_LAYOUTS, ID_TYPES, type IdLayout, type IdType } from '../../test/fixtures/documents/identity/varied.js';
import { sameFieldValue } from './compare.js';

export type IdSplit = 'tune' | 'held-out';
/** Seeds tuning may look at; held-out seeds start at HELD_OUT_BASE. */
export const ID_TUNE_BASE = 1;
export const ID_HELD_OUT_BASE = 1000;

/** Generator truth keys where they differ from the service's field keys. */
const TRUTH_KEY: Record<string, string> = { issuing_state: 'issuing_country', birth_date: 'date_of_birth', issue_date: 'date_of_issue' };

interface FieldTally {
  right: number;
  withheld: number;
  wrong: number;
  /** Of the withheld: the value shown for a person (one reader, or disputed) is the truth. */
  shownRight: number;
}

export interface LayoutRow {
  type: IdType;
  layout: IdLayout;
  documents: number;
  classified: number;
  verified: number;
  /** Every field of the type the truth has is in `values` and right. */
  allRight: number;
  valuesWrong: number;
  verifiedWrong: number;
  codes: Record<string, number>;
  fields: Record<string, FieldTally>;
}

export interface IdentityLayoutEvaluation {
  split: IdSplit;
  seeds: [number, number];
  rows: LayoutRow[];
}

const KIND: Record<string, FileKind> = { 'image/png': 'png', 'image/jpeg': 'jpeg' };

export async function evalIdentityLayouts(opts: {
  deps: ReadDeps;
  count: number;
  seed: number;
  split: IdSplit;
  types?: readonly IdType[];
  show?: boolean;
}): Promise<IdentityLayoutEvaluation> {
  if (opts.show && opts.split !== 'tune') throw new Error('held-out misses are counted, never shown');
  const base = opts.split === 'tune' ? ID_TUNE_BASE : ID_HELD_OUT_BASE + (opts.seed - 1) * 100;
  const rows: LayoutRow[] = [];
  for (const type of opts.types ?? ID_TYPES) {
    for (const layout of ID_LAYOUTS) {
      const row: LayoutRow = { type, layout, documents: 0, classified: 0, verified: 0, allRight: 0, valuesWrong: 0, verifiedWrong: 0, codes: {}, fields: {} };
      for (let i = 0; i < opts.count; i++) {
        const seed = base + i;
        // In date: a clean document of a known type should be verified.
        const doc = await generateVariedIdentity(type, layout, { seed, now: DEFAULT_NOW, expired: false });
        const out = await readDocument(
          { bytes: doc.bytes, kind: KIND[doc.mediaType] ?? 'png', typeHint: null, now: DEFAULT_NOW, lookups: { findInvoiceDuplicate: async () => null } },
          opts.deps,
        );
        const r = out.result;
        row.documents++;
        if (out.documentType === doc.truth.doc_type) row.classified++;
        if (r.verified) row.verified++;
        const code = out.outcome.code ?? 'none';
        row.codes[code] = (row.codes[code] ?? 0) + 1;
        const known = new Set(DOCTYPES.find((d) => d.type === doc.truth.doc_type)?.fields.map((f) => f.key));
        let wrongHere = 0;
        let allRight = true;
        const misses: string[] = [];
        for (const [truthKey, want] of Object.entries(doc.truth.fields)) {
          const key = TRUTH_KEY[truthKey] ?? truthKey;
          if (!known.has(key)) continue;
          const tally = (row.fields[key] ??= { right: 0, withheld: 0, wrong: 0, shownRight: 0 });
          const got: FieldValue | undefined = r.values[key];
          if (got === undefined || got === null) {
            tally.withheld++;
            allRight = false;
            const f = r.fields[key];
            if (f?.value != null && sameFieldValue(key, want, f.value)) tally.shownRight++;
            misses.push(`${key} withheld (${f ? `${f.status ?? ''} ${JSON.stringify(f.value)}; ${(f.reason ?? '').slice(0, 140)}` : 'not read'})`);
          } else if (sameFieldValue(key, want, got)) tally.right++;
          else {
            tally.wrong++;
            wrongHere++;
            allRight = false;
            misses.push(`${key} WRONG: ${JSON.stringify(got)} for ${JSON.stringify(want)}`);
          }
        }
        row.valuesWrong += wrongHere;
        if (r.verified && wrongHere > 0) row.verifiedWrong++;
        if (allRight) row.allRight++;
        if (opts.show && (!r.verified || misses.length > 0))
          console.log(`  ${type}/${layout} seed ${seed}: ${r.decision} ${code} [${r.verification.failed_rules.join(',')}]\n    ${misses.join('\n    ')}`);
      }
      rows.push(row);
    }
  }
  return { split: opts.split, seeds: [base, base + opts.count - 1], rows };
}

const pct = (n: number, d: number): string => (d ? `${((100 * n) / d).toFixed(0)}%` : '-');

export function printIdentityLayoutEvaluation(e: IdentityLayoutEvaluation, log: (line: string) => void = console.log): void {
  const tuned = e.split === 'tune' ? 'tuning seeds, may be tuned on' : 'held-out seeds, never tuned on';
  log(`seeds ${e.seeds[0]}–${e.seeds[1]} per layout (${tuned}); clean, in-date documents`);
  log(
    `  ${'type/layout'.padEnd(26)}${'docs'.padStart(5)}${'class'.padStart(7)}${'verified'.padStart(10)}${'all right'.padStart(11)}${'wrong'.padStart(7)}${'ver.wrong'.padStart(10)}  outcome codes`,
  );
  for (const r of e.rows) {
    const codes = Object.entries(r.codes)
      .sort((a, b) => b[1] - a[1])
      .map(([c, n]) => `${c} ${n}`)
      .join(', ');
    log(
      `  ${`${r.type}/${r.layout}`.padEnd(26)}${String(r.documents).padStart(5)}${String(r.classified).padStart(7)}${pct(r.verified, r.documents).padStart(10)}${pct(r.allRight, r.documents).padStart(11)}${String(r.valuesWrong).padStart(7)}${String(r.verifiedWrong).padStart(10)}  ${codes}`,
    );
  }
  for (const type of new Set(e.rows.map((r) => r.type))) {
    const rows = e.rows.filter((r) => r.type === type);
    const docs = rows.reduce((s, r) => s + r.documents, 0);
    const verified = rows.reduce((s, r) => s + r.verified, 0);
    const wrong = rows.reduce((s, r) => s + r.valuesWrong, 0);
    const verifiedWrong = rows.reduce((s, r) => s + r.verifiedWrong, 0);
    log(
      `${type}, all layouts: verified ${pct(verified, docs)} (${verified}/${docs}, goal 70%), values published wrong ${wrong}, verified with a wrong value ${verifiedWrong}`,
    );
    const keys = [...new Set(rows.flatMap((r) => Object.keys(r.fields)))];
    const cells = keys.map((k) => {
      const t = rows.reduce(
        (s, r) => ({
          right: s.right + (r.fields[k]?.right ?? 0),
          withheld: s.withheld + (r.fields[k]?.withheld ?? 0),
          wrong: s.wrong + (r.fields[k]?.wrong ?? 0),
          shownRight: s.shownRight + (r.fields[k]?.shownRight ?? 0),
        }),
        {
          right: 0,
          withheld: 0,
          wrong: 0,
          shownRight: 0,
        },
      );
      const n = t.right + t.withheld + t.wrong;
      // a field never published (one reader by design, as name_ar) still says how often its reading is right
      const shown = t.shownRight ? ` [withheld but read right ${t.shownRight}/${n}]` : '';
      return `${k} ${pct(t.right, n)}${t.wrong ? ` (${t.wrong} wrong)` : ''}${shown}`;
    });
    log(`  right: ${cells.join(', ')}`);
  }
}
