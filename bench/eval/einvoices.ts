import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReadDeps } from '../../src/pipeline/context.js';
import { readDocument, type ReadOutput } from '../../src/pipeline/read-document.js';
import { canonicalName } from '../../src/domain/normalise.js';
import { atAnEdge, lookalikesApart, nameLetters } from '../../src/pipeline/steps/third-look.js';
import { loadDecisionInput } from '../../src/verification/stored-input.js';
import { NAME_FIELDS, nameDifference, sameFieldValue } from './compare.js';
import { levenshtein } from './text-accuracy.js';

/** The whole pipeline on the European e-invoices of ../shared/data/invoices-eu: once with their
 * embedded EN 16931 XML, once on the `stripped/` copies without it (the page alone). Scored on
 * `result.values` (what the service publishes), with every published value that differs from the
 * label counted as wrong. The XML set is not tuned on (the label is the XML's own content); the
 * stripped set is, on its tuning half only (`strippedSplit`). */

const NOW = new Date('2026-01-01T00:00:00Z');

interface EuLabel {
  file: string;
  embedded_xml: boolean;
  same_invoice_group: string;
  expected: {
    invoice_number: string;
    issue_date: string | null;
    due_date: string | null;
    seller: { name: string | null };
    currency: string | null;
    totals: { grand_total: number | null };
  };
}

export interface SetReport {
  name: string;
  documents: number;
  fields: Record<string, { correct: number; total: number }>;
  verified: number;
  verifiedWrong: number;
  wrongValues: Array<{ file: string; key: string; expected: unknown; got: unknown }>;
  codes: Record<string, number>;
  /** Fields not published as labelled, counted by the field's status ("date not_present"), and a
   * name the readers disputed by how far apart they read it: classes, never documents. */
  missed: Record<string, number>;
  tamperFlagged: number;
  /** Per field, the disputes the legacy classifier's third look saw, those it settled, and of
   * those the values published right (the rest were withheld by later rules, or are wrong values). */
  thirdLook: Record<string, { looked: number; settled: number; right: number }>;
  /** A set nobody tunes on: its wrong values are counted, never named. */
  heldOut: boolean;
  /** How names are compared with the label: `words` for labels made from the document's own data
   * (a published name split inside a word is wrong), `letters` for transcribed ones (receipts). */
  names: 'letters' | 'words';
}

function expectedValues(l: EuLabel): Record<string, unknown> {
  const e = l.expected;
  return {
    invoice_number: e.invoice_number,
    invoice_date: e.issue_date,
    due_date: e.due_date,
    vendor_name: e.seller.name,
    currency: e.currency,
    total: e.totals.grand_total,
  };
}

export function scoreReading(report: SetReport, file: string, expected: Record<string, unknown>, out: ReadOutput): void {
  report.documents++;
  let wrong = 0;
  for (const [key, want] of Object.entries(expected)) {
    if (want === null || want === undefined) continue;
    const f = (report.fields[key] ??= { correct: 0, total: 0 });
    f.total++;
    const got = out.result.values[key];
    if (sameFieldValue(key, want, got, report.names)) f.correct++;
    else if (got !== undefined && got !== null) {
      wrong++;
      report.wrongValues.push({ file, key, expected: want, got });
    } else {
      const kind = missKind(out, key, (v) => sameFieldValue(key, want, v, report.names));
      report.missed[kind] = (report.missed[kind] ?? 0) + 1;
    }
  }
  if (out.result.verified) report.verified++;
  if (out.result.verified && wrong) report.verifiedWrong++;
  const code = out.outcome.code ?? 'verified';
  report.codes[code] = (report.codes[code] ?? 0) + 1;
  if ((out.raw.tamper as { suspected?: boolean } | undefined)?.suspected) report.tamperFlagged++;
  const look = out.raw.third_look as { disputed: string[]; settled: string[] } | undefined;
  for (const key of look?.disputed ?? []) {
    const t = (report.thirdLook[key] ??= { looked: 0, settled: 0, right: 0 });
    t.looked++;
    if (!look!.settled.includes(key)) continue;
    t.settled++;
    if (key in expected && sameFieldValue(key, expected[key], out.result.values[key], report.names)) t.right++;
  }
}

export const newReport = (name: string, heldOut = false, names: SetReport['names'] = 'letters'): SetReport => ({
  name,
  heldOut,
  names,
  documents: 0,
  fields: {},
  verified: 0,
  verifiedWrong: 0,
  wrongValues: [],
  codes: {},
  missed: {},
  tamperFlagged: 0,
  thirdLook: {},
});

/** Which sums a mismatch's detail says failed (`arithmetic.ts` words them): a line's quantity ×
 * price, the lines' sum, or subtotal + tax against the total. */
function arithmeticKind(detail: string): string {
  const kinds = [/\bline \d+: /.test(detail) && 'line', /line amounts/.test(detail) && 'lines sum', /total printed/.test(detail) && 'subtotal + tax'];
  return kinds.filter(Boolean).join(' and ') || 'other sum';
}

/** A doubt's reason as a class: its last sentence's opening words, with what was read left out. */
const doubtWords = (reason: string): string =>
  // what was read out first: a name's own full stops and quotes are no sentence's
  (
    reason
      .replace(/"[^"]*"/g, '…')
      .split(/(?<=\.) (?=[A-Z])/)
      .at(-1) ?? reason
  )
    .split(/\s+/)
    .slice(0, 9)
    .join(' ');

/** A name the readers read a letter or two apart, as a class: a glyph read as another or one
 * reader's glyphs more, and why the third look did not settle it (it looked and no look agreed
 * with PaddleOCR alone, or it did not look: the difference at the name's edge, a look-alike
 * pair, or a doubt against PaddleOCR's reading). */
function nearKind(out: ReadOutput, key: string, candidates: Array<{ reader: string; value: unknown }>): string {
  const [lstm, paddle] = ['tesseract', 'paddle'].map((r) => String(candidates.find((c) => c.reader === r)?.value ?? ''));
  const glyphs = nameLetters(lstm!).length === nameLetters(paddle!).length ? 'misread' : 'lost';
  const look = out.raw.third_look as { disputed: string[] } | undefined;
  const why = look?.disputed.includes(key)
    ? 'looked'
    : atAnEdge(lstm!, paddle!)
      ? 'at an edge'
      : lookalikesApart(lstm!, paddle!)
        ? 'look-alikes'
        : 'not looked';
  return `${glyphs}, ${why}`;
}

/** Why a field was not published, as a class: its status, and for a name the readers disputed,
 * how many letters apart their readings were (a near miss a re-read could settle, or another line)
 * and, far apart, which reader read the label (the other misread the line) or none (the line was
 * not the name's); for a value read and withheld by a failed sum, which sums failed and whether
 * the readers read the labelled value. */
function missKind(out: ReadOutput, key: string, isLabel: (value: unknown) => boolean): string {
  const input = loadDecisionInput(out.raw);
  const stored = (input?.fields ?? []).find((f) => f.key === key);
  if (!stored) return `${key} not extracted`;
  const doubted = (input?.problems ?? []).find((p) => p.code === 'ARITHMETIC_MISMATCH' && p.fields?.includes(key));
  if (stored.status === 'read' && doubted)
    return `${key} read (${arithmeticKind(doubted.detail)} failed; ${stored.candidates.some((c) => isLabel(c.value)) ? 'read as labelled' : 'not the label'})`;
  // a name withheld after the readers agreed: the doubt's words, the readings left out
  if (stored.status !== 'conflict' && NAME_FIELDS.has(key) && stored.reason) return `${key} ${stored.status} (${doubtWords(stored.reason)})`;
  if (stored.status !== 'conflict' || !NAME_FIELDS.has(key)) return `${key} ${stored.status}`;
  const values = [...new Set(stored.candidates.map((c) => canonicalName(String(c.value ?? ''))))];
  if (values.length !== 2) return `${key} conflict`;
  const apart = levenshtein(values[0]!, values[1]!);
  if (apart <= 2) return `${key} conflict (1–2 apart: ${nearKind(out, key, stored.candidates)})`;
  if (apart <= 5) return `${key} conflict (3–5 apart)`;
  const right = stored.candidates.filter((c) => isLabel(c.value)).map((c) => c.reader);
  return `${key} conflict (6+ apart, ${right.length ? `${[...new Set(right)].join(' and ')} read the label` : 'neither read the label'})`;
}

/** The stripped PDFs are split in two halves by a hash of their invoice (`same_invoice_group`), so
 * that one invoice in two profiles never sits on both sides: the page reading may be tuned on the
 * first half; the second is only reported. */
export type StrippedSplit = 'tune' | 'held-out';
export function strippedSplit(l: { same_invoice_group: string }): StrippedSplit {
  return Number.parseInt(createHash('sha1').update(l.same_invoice_group).digest('hex').slice(-8), 16) % 2 === 0 ? 'tune' : 'held-out';
}

export async function evalEInvoices(dataDir: string, deps: ReadDeps, log: (line: string) => void = () => {}): Promise<SetReport[]> {
  const dir = join(dataDir, 'invoices-eu');
  if (!existsSync(join(dir, 'labels.jsonl'))) return [];
  const labels = readFileSync(join(dir, 'labels.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as EuLabel);
  // The labels are the invoices' own XML: a seller's name published with other word breaks is wrong.
  const withXml = newReport('e-invoices with their XML', false, 'words');
  const stripped = {
    tune: newReport('the same without XML (stripped/), tuning half', false, 'words'),
    'held-out': newReport('the same without XML (stripped/), held-out half', true, 'words'),
  };
  for (const l of labels) {
    const out = await readDocument(
      { bytes: readFileSync(join(dir, l.file)), kind: 'pdf', typeHint: null, now: NOW, lookups: { findInvoiceDuplicate: async () => null } },
      deps,
    );
    scoreReading(l.embedded_xml ? withXml : stripped[strippedSplit(l)], l.file, expectedValues(l), out);
    log(`  ${l.file.padEnd(60)} ${out.documentType.padEnd(8)} ${(out.outcome.code ?? 'verified').padEnd(22)} ${out.result.review_reason?.slice(0, 90) ?? ''}`);
  }
  return [withXml, stripped.tune, stripped['held-out']];
}

const pct = (n: number, d: number): string => (d ? `${((100 * n) / d).toFixed(0)}%` : '-');

export function printSetReports(reports: SetReport[], log: (line: string) => void = console.log): void {
  for (const r of reports) {
    log(
      `\n${r.name}: ${r.documents} documents, verified ${pct(r.verified, r.documents)} (${r.verified}), verified with a wrong value ${r.verifiedWrong}, tamper flagged ${r.tamperFlagged}`,
    );
    log(
      `  published and right: ${Object.entries(r.fields)
        .map(([k, f]) => `${k} ${pct(f.correct, f.total)} (${f.correct}/${f.total})`)
        .join(', ')}`,
    );
    log(
      `  outcome codes: ${Object.entries(r.codes)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
    );
    log(
      `  not published, by class: ${
        Object.entries(r.missed)
          .sort()
          .map(([k, n]) => `${k} ${n}`)
          .join(', ') || '-'
      }`,
    );
    const looks = Object.entries(r.thirdLook);
    if (looks.length)
      log(`  third look (disputes seen, settled, of those published right): ${looks.map(([k, t]) => `${k} ${t.looked}/${t.settled}/${t.right}`).join(', ')}`);
    log(
      `  wrong values in values: ${r.wrongValues.length}${r.heldOut ? wrongKinds(r.wrongValues) : r.wrongValues.map((w) => `\n    ${w.file} ${w.key}: ${JSON.stringify(w.expected)} → ${JSON.stringify(w.got)}`).join('')}`,
    );
  }
}

/** A held-out set's wrong values as counts by field (and, for names and addresses, by kind of
 * difference: a line run in before or after, a part left off): what went wrong, without which document. */
function wrongKinds(wrong: SetReport['wrongValues']): string {
  const counts = new Map<string, number>();
  for (const w of wrong) {
    const kind = NAME_FIELDS.has(w.key) || w.key.endsWith('_address') ? `${w.key} (${nameDifference(w.got, w.expected)})` : w.key;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return counts.size ? ` — ${[...counts].map(([k, n]) => `${k} ${n}`).join(', ')}` : '';
}
