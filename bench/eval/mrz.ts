import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseMrz } from '../../src/doctypes/mrz/index.js';
import type { MrzCheckName, MrzFieldName, MrzResult } from '../../src/doctypes/mrz/index.js';

/** Agreement of parseMrz with the labelled MRZ text vectors (../shared/data/mrz/vectors.json).
 * Labels describe the characters as read, so agreement is measured with repair off; the repaired
 * run is reported beside it. Usage: npx tsx bench/eval/mrz.ts [dataDir] (default ../shared/data). */

export interface MrzVector {
  id: string;
  lines: string[];
  format: string;
  valid: boolean;
  well_formed: boolean;
  fields: Record<string, string> | null;
  checks: Record<string, boolean | null> | null;
}

const LABEL_FORMAT: Record<string, string> = { MRVA: 'MRV-A', MRVB: 'MRV-B', FRENCH_NATIONAL_ID: 'FRENCH_ID' };

/** Label field → our field, and whether the label holds the characters as read (dates) or the value. */
const LABEL_FIELD: Record<string, { ours: MrzFieldName; as: 'raw' | 'value' }> = {
  document_code: { ours: 'document_code', as: 'value' },
  issuing_state: { ours: 'issuing_state', as: 'value' },
  surname: { ours: 'surname', as: 'value' },
  given_names: { ours: 'given_names', as: 'value' },
  document_number: { ours: 'document_number', as: 'value' },
  nationality: { ours: 'nationality', as: 'value' },
  birth_date: { ours: 'date_of_birth', as: 'raw' },
  sex: { ours: 'sex', as: 'value' },
  expiry_date: { ours: 'expiry_date', as: 'raw' },
  personal_number: { ours: 'personal_number', as: 'value' },
  optional: { ours: 'optional_data', as: 'value' },
  optional1: { ours: 'optional_data', as: 'value' },
  optional2: { ours: 'optional_data_2', as: 'value' },
  administrative_code: { ours: 'optional_data', as: 'value' },
};

const LABEL_CHECK: Record<string, MrzCheckName> = {
  document_number: 'document_number',
  birth_date: 'date_of_birth',
  expiry_date: 'expiry_date',
  personal_number: 'personal_number',
  composite: 'composite',
};

export interface VectorComparison {
  id: string;
  format: string;
  formatAgrees: boolean;
  validAgrees: boolean;
  /** label field → agrees */
  fields: Record<string, boolean>;
  /** label check → agrees (a null label, "no verdict", agrees with a check that does not pass) */
  checks: Record<string, boolean>;
}

function ourFieldText(result: MrzResult, name: MrzFieldName, as: 'raw' | 'value'): string | null {
  const f = result.fields[name];
  if (!f) return null;
  if (as === 'raw') return f.raw;
  // the labels keep what was read even where we refuse to publish it
  return f.value ?? f.raw.replace(/<+$/, '').replace(/</g, ' ').trim();
}

export function compareWithLabel(v: MrzVector, result: MrzResult): VectorComparison {
  const fields: Record<string, boolean> = {};
  for (const [label, expected] of Object.entries(v.fields ?? {})) {
    const map = LABEL_FIELD[label];
    if (!map) continue;
    const ours = ourFieldText(result, map.ours, map.as);
    const want = label === 'sex' && expected === '<' ? 'X' : expected;
    fields[label] = ours === want;
  }
  const checks: Record<string, boolean> = {};
  for (const [label, expected] of Object.entries(v.checks ?? {})) {
    const name = LABEL_CHECK[label];
    if (!name) continue;
    const ours = result.checks.find((c) => c.name === name)?.valid ?? false;
    checks[label] = ours === (expected === true);
  }
  return {
    id: v.id,
    format: v.format,
    formatAgrees: (LABEL_FORMAT[v.format] ?? v.format) === result.format,
    validAgrees: v.valid === result.valid,
    fields,
    checks,
  };
}

export function loadMrzVectors(dataDir: string): MrzVector[] {
  return JSON.parse(readFileSync(join(dataDir, 'mrz', 'vectors.json'), 'utf8')) as MrzVector[];
}

interface FormatFigures {
  count: number;
  formatAgree: number;
  validAgree: number;
  fields: Record<string, [agree: number, total: number]>;
  checks: Record<string, [agree: number, total: number]>;
}

export interface MrzEvalReport {
  wellFormed: number;
  perFormat: Record<string, FormatFigures>;
  disagreements: string[];
  malformed: Array<{ id: string; format: string | null; valid: boolean }>;
  repaired: { becameValid: string[]; repairs: number };
}

const tally = (t: Record<string, [number, number]>, key: string, ok: boolean): void => {
  const cell = (t[key] ??= [0, 0]);
  if (ok) cell[0]++;
  cell[1]++;
};

export async function evalMrzVectors(dataDir: string): Promise<MrzEvalReport> {
  // labels give dates as the YYMMDD read; a fixed date only keeps the run reproducible
  const now = new Date('2026-01-01T00:00:00Z');
  const report: MrzEvalReport = { wellFormed: 0, perFormat: {}, disagreements: [], malformed: [], repaired: { becameValid: [], repairs: 0 } };
  for (const v of loadMrzVectors(dataDir)) {
    const asRead = parseMrz(v.lines, { repair: false, now });
    const repaired = parseMrz(v.lines, { now });
    report.repaired.repairs += repaired.repairs.length;
    if (repaired.valid && !asRead.valid) report.repaired.becameValid.push(v.id);
    if (!v.well_formed) {
      report.malformed.push({ id: v.id, format: asRead.format, valid: asRead.valid });
      continue;
    }
    report.wellFormed++;
    const c = compareWithLabel(v, asRead);
    const figures = (report.perFormat[v.format] ??= { count: 0, formatAgree: 0, validAgree: 0, fields: {}, checks: {} });
    figures.count++;
    if (c.formatAgrees) figures.formatAgree++;
    if (c.validAgrees) figures.validAgree++;
    for (const [k, ok] of Object.entries(c.fields)) tally(figures.fields, k, ok);
    for (const [k, ok] of Object.entries(c.checks)) tally(figures.checks, k, ok);
    const wrong = [
      ...(c.formatAgrees ? [] : ['format']),
      ...(c.validAgrees ? [] : ['valid']),
      ...Object.entries({ ...c.fields, ...c.checks }).flatMap(([k, ok]) => (ok ? [] : [k])),
    ];
    if (wrong.length > 0) report.disagreements.push(`${v.id}: ${wrong.join(', ')}`);
  }
  printReport(report);
  return report;
}

function printReport(r: MrzEvalReport): void {
  console.log(`MRZ vectors: ${r.wellFormed} well-formed`);
  for (const [format, f] of Object.entries(r.perFormat)) {
    const cells = (t: Record<string, [number, number]>): string =>
      Object.entries(t)
        .map(([k, [a, n]]) => `${k} ${a}/${n}`)
        .join(', ');
    console.log(`  ${format}: ${f.count} vectors; format ${f.formatAgree}/${f.count}; valid ${f.validAgree}/${f.count}`);
    console.log(`    fields: ${cells(f.fields)}`);
    console.log(`    checks: ${cells(f.checks)}`);
  }
  console.log(`disagreements: ${r.disagreements.length === 0 ? 'none' : r.disagreements.join('; ')}`);
  console.log(`not well-formed: ${r.malformed.map((m) => `${m.id} → ${m.format ?? 'unrecognised'}${m.valid ? ' (valid)' : ''}`).join(', ')}`);
  console.log(`with repair: ${r.repaired.repairs} repairs; valid only after repair: ${r.repaired.becameValid.join(', ') || 'none'}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dataDir = process.argv[2] ?? join(process.cwd(), '..', 'shared', 'data');
  if (!existsSync(join(dataDir, 'mrz', 'vectors.json'))) {
    console.error(`no ${join(dataDir, 'mrz', 'vectors.json')}`);
    process.exit(1);
  }
  await evalMrzVectors(dataDir);
}
