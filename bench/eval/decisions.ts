import { readFileSync } from 'node:fs';
import type { FileKind } from '../../src/domain/document-types.js';
import type { FieldValue } from '../../src/domain/result.js';
import type { ReadDeps } from '../../src/pipeline/context.js';
import { readDocument, type ReadOutput } from '../../src/pipeline/read-document.js';
import { DEFAULT_NOW, generateCorpus } from '../../test/fixtures/documents/index.js';
import type { GeneratedDocument } from '../../test/fixtures/documents/types.js';
import { sameFieldValue } from './compare.js';
import { loadSamples } from './samples.js';

/** The decisions the service reaches against the decisions it should reach: a confusion matrix on
 * the project's generated documents and on the labelled samples of ../shared/data, the share
 * verified without a person, and the number verified with a wrong value (which must be 0).
 * Usage from bench/eval.ts: `printDecisionEvaluation(await evalDecisions({ dataDir, count, seed, deps }))`. */

export const EXPECTED = ['verified', 'review'] as const;
export const ACTUAL = ['verified', 'review', 'rescan', 'failed'] as const;

export interface DecisionSet {
  name: string;
  documents: number;
  /** expected → actual → count. */
  matrix: Record<string, Record<string, number>>;
  verifiedWithoutPerson: number;
  verifiedWrong: Array<{ id: string; field: string; expected: FieldValue; got: FieldValue }>;
  flagged: number;
  latencyMs: number[];
}

export interface DecisionEvaluation {
  sets: DecisionSet[];
}

/** Generator truth keys where they differ from the service's field keys. */
const TRUTH_KEY: Record<string, string> = { issuing_state: 'issuing_country', birth_date: 'date_of_birth', issue_date: 'date_of_issue', name: 'full_name' };

/** A generated document should be verified exactly when nothing about it is wrong. */
function expectedOf(doc: GeneratedDocument): 'verified' | 'review' {
  const f = doc.truth.flags ?? {};
  const checksFail = Object.values(f.mrz_checks ?? {}).some((ok) => ok === false);
  return f.expired || checksFail || f.arithmetic_consistent === false ? 'review' : 'verified';
}

function emptySet(name: string): DecisionSet {
  return {
    name,
    documents: 0,
    matrix: Object.fromEntries(EXPECTED.map((e) => [e, Object.fromEntries(ACTUAL.map((a) => [a, 0]))])),
    verifiedWithoutPerson: 0,
    verifiedWrong: [],
    flagged: 0,
    latencyMs: [],
  };
}

function record(set: DecisionSet, id: string, expected: string, out: ReadOutput, truth: Record<string, FieldValue>, ms: number): void {
  set.documents += 1;
  set.latencyMs.push(ms);
  set.matrix[expected]![out.result.decision] = (set.matrix[expected]![out.result.decision] ?? 0) + 1;
  if (out.result.status === 'flagged') set.flagged += 1;
  if (!out.result.verified) return;
  set.verifiedWithoutPerson += 1;
  for (const [key, want] of Object.entries(truth)) {
    const got = out.result.values[key];
    if (got !== undefined && want !== null && !sameFieldValue(key, want, got)) set.verifiedWrong.push({ id, field: key, expected: want, got });
  }
}

const KIND_BY_MEDIA: Record<string, FileKind> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

export async function evalDecisions(opts: {
  dataDir: string | null;
  count: number;
  seed: number;
  deps: ReadDeps;
  log?: (line: string) => void;
}): Promise<DecisionEvaluation> {
  const log = opts.log ?? (() => undefined);
  const lookups = { findInvoiceDuplicate: async () => null };
  const generated = emptySet('generated');
  for await (const item of generateCorpus({ seed: opts.seed, count: opts.count })) {
    const doc = item.document;
    const started = performance.now();
    const out = await readDocument({ bytes: doc.bytes, kind: KIND_BY_MEDIA[doc.mediaType] ?? 'png', typeHint: null, now: DEFAULT_NOW, lookups }, opts.deps);
    const truth = Object.fromEntries(Object.entries(doc.truth.fields).map(([k, v]) => [TRUTH_KEY[k] ?? k, v]));
    const expected = expectedOf(doc);
    record(generated, item.id, expected, out, truth, performance.now() - started);
    log(`  ${item.id.padEnd(34)} expected ${expected.padEnd(8)} got ${out.result.decision.padEnd(8)} ${out.outcome.code ?? ''}`);
  }
  const sets = [generated];
  if (opts.dataDir) {
    // The samples are genuine, in-date documents with labelled values: a perfect reader verifies them.
    const shared = emptySet('shared-data');
    for (const s of loadSamples(opts.dataDir)) {
      const started = performance.now();
      const out = await readDocument({ bytes: readFileSync(s.file), kind: s.kind, typeHint: null, now: new Date(), lookups }, opts.deps);
      record(shared, s.file, 'verified', out, s.expected, performance.now() - started);
      log(`  ${s.file.split('/').slice(-2).join('/').padEnd(44)} got ${out.result.decision.padEnd(8)} ${out.outcome.code ?? ''}`);
    }
    sets.push(shared);
  }
  return { sets };
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(0)}%` : '-');

export function printDecisionEvaluation(e: DecisionEvaluation, log: (line: string) => void = console.log): void {
  for (const s of e.sets) {
    log(`\n${s.name}: ${s.documents} documents; rows expected, columns actual`);
    log(`  ${'expected'.padEnd(10)}${ACTUAL.map((a) => a.padStart(9)).join('')}`);
    for (const exp of EXPECTED) log(`  ${exp.padEnd(10)}${ACTUAL.map((a) => String(s.matrix[exp]![a] ?? 0).padStart(9)).join('')}`);
    log(`  verified without a person: ${s.verifiedWithoutPerson} (${pct(s.verifiedWithoutPerson, s.documents)}); flagged: ${s.flagged}`);
    log(
      `  verified with a wrong value: ${new Set(s.verifiedWrong.map((w) => w.id)).size} documents${s.verifiedWrong.map((w) => `\n    ${w.id} ${w.field}: expected ${JSON.stringify(w.expected)}, got ${JSON.stringify(w.got)}`).join('')}`,
    );
  }
}
