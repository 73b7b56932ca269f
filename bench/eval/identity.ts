import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readMrzFromImage } from '../../src/doctypes/identity/mrz-image.js';
import { MRZ_FIELD_KEYS } from '../../src/doctypes/identity/mrz-fields.js';
import { parseMrz, type MrzFieldName, type MrzResult } from '../../src/doctypes/mrz/index.js';
import { readDocument, type ReadDeps } from '../../src/pipeline/read-document.js';
import { createMrzPassReader, type MrzPassReader } from '../../src/readers/mrz-pass.js';
import { createPaddleReader } from '../../src/readers/paddle.js';
import { createTesseractReader } from '../../src/readers/tesseract.js';
import { generateTinyMrzPhoto, TINY_MRZ_KINDS } from '../../test/fixtures/documents/identity/tiny.js';
import { generateIdCardTd1, generateIdCardTd2, generatePassport, generateVisa, type GeneratedDocument } from '../../test/fixtures/documents/index.js';
import { sameFieldValue } from './compare.js';
import { compareWithLabel, type MrzVector } from './mrz.js';
import { mrzSplitOf, type MrzSplit } from './mrz-split.js';

/** MRZ reading from images, end to end (locate → crop → three readings → consensus):
 * (a) the real images in <dataDir>/mrz/images with labels.jsonl, (b) generated passport, ID-card
 * and visa photos (mild rotation, blur, JPEG noise), (c) the same documents as low-resolution
 * camera frames, MRZ capitals 4–7 px tall (identity/tiny.ts; tuning seeds, or with the held-out
 * split held-out seeds, counted only). "Exact" means every character of every MRZ
 * line as printed. Usage: npx tsx bench/eval/identity.ts [dataDir] [count] [seed]. */

export interface IdentityEvalOptions {
  dataDir?: string;
  count: number;
  seed: number;
  /** Read with Paddle as well as Tesseract (default true). */
  paddle?: boolean;
  /** Only the real images of one split (mrz-split.ts); default both. */
  split?: MrzSplit;
  /** The whole reading: each real image is also read through the pipeline and scored on what the
   * service returns (the MRZ lines shown in `fields`, and `values`). */
  deps?: ReadDeps;
}

/** The real images through the whole reading, scored on what the API returns. */
export interface PipelineFigures {
  documents: number;
  /** Every MRZ line shown in `fields` (mrz_line1…3) is the printed one, and no line more. */
  shownExact: number;
  /** MRZ lines in `values` (passed) and how many of them are the printed line. */
  linesInValues: number;
  linesInValuesRight: number;
  lines: number;
  /** Fields the MRZ gives, in `values`: right against the printed MRZ, and wrong (must stay 0). */
  valuesRight: number;
  valuesWrong: number;
  /** Documents verified with a wrong value in `values` (must stay 0). */
  verifiedWrong: number;
  verified: number;
  /** Per field key: [in values and right, printed with a value]. */
  fields: Record<string, [right: number, total: number]>;
  msPerDocument: number;
  misses: string[];
}

export interface SetFigures {
  documents: number;
  /** Full MRZ read exactly (the consensus). */
  exact: number;
  /** Consensus whose check digits all pass. */
  valid: number;
  /** Consensus valid but not exact: a misread that would look certain (names are not checked). */
  validButWrong: number;
  /** Fields of the consensus its check digits verify (status valid) whose value is not the printed
   * one: what would be published as verified and be wrong. Must stay 0. */
  verifiedWrong: number;
  verifiedFields: number;
  /** Exact reads per single reader. */
  perReader: Record<string, number>;
  fields: Record<string, [right: number, total: number]>;
  msPerDocument: number;
  misses: string[];
}

export interface IdentityEvalReport {
  /** Per folder of <dataDir>/mrz and split ("images held-out", "images tune", "images-extra tune"). */
  real: Record<string, SetFigures> | null;
  /** The same, read through the whole pipeline (when deps were given). */
  realPipeline: Record<string, PipelineFigures> | null;
  generated: SetFigures;
  /** Generated low-resolution frames (MRZ capitals 4–7 px tall), of the split's seeds. */
  tiny: SetFigures;
}

interface Labelled {
  file: string;
  /** Null for an image with no MRZ. */
  lines: string[] | null;
  format: string;
  valid: boolean;
  fields: Record<string, string>;
  checks: Record<string, boolean | null>;
}

const NOW = new Date('2025-06-01T00:00:00Z');
const MRZ_FIELDS: MrzFieldName[] = [
  'document_code',
  'issuing_state',
  'document_number',
  'surname',
  'given_names',
  'nationality',
  'date_of_birth',
  'sex',
  'expiry_date',
  'personal_number',
  'optional_data',
];

const emptyFigures = (): SetFigures => ({
  documents: 0,
  exact: 0,
  valid: 0,
  validButWrong: 0,
  verifiedWrong: 0,
  verifiedFields: 0,
  perReader: {},
  fields: {},
  msPerDocument: 0,
  misses: [],
});
const tally = (f: SetFigures, key: string, ok: boolean): void => {
  const cell = (f.fields[key] ??= [0, 0]);
  if (ok) cell[0]++;
  cell[1]++;
};

async function readOne(png: Buffer, readers: MrzPassReader, truth: string[], figures: SetFigures, id: string): Promise<MrzResult | null> {
  const started = performance.now();
  const read = await readMrzFromImage(png, readers, { now: NOW });
  figures.msPerDocument += performance.now() - started;
  figures.documents++;
  const want = truth.join('\n');
  for (const r of read.readings) {
    if (r.result?.lines.repaired.join('\n') === want) figures.perReader[r.reader] = (figures.perReader[r.reader] ?? 0) + 1;
  }
  const got = read.consensus;
  const exact = got?.lines.join('\n') === want;
  if (exact) figures.exact++;
  if (got?.result.valid) figures.valid++;
  if (got?.result.valid && !exact) figures.validButWrong++;
  if (got) {
    // the characters a verified field stands on, against the same positions as printed
    const at = (lines: readonly string[], f: MrzResult['fields'][MrzFieldName]): string =>
      lines[f!.positions.line]?.slice(f!.positions.start, f!.positions.end) ?? '';
    for (const [name, field] of Object.entries(got.result.fields)) {
      if (field.status !== 'valid') continue;
      figures.verifiedFields++;
      if (at(got.lines, field) !== at(truth, field)) {
        figures.verifiedWrong++;
        figures.misses.push(`${id}: ${name} verified as ${at(got.lines, field)}, printed ${at(truth, field)}`);
      }
    }
  }
  if (!exact) figures.misses.push(`${id}: ${got ? got.lines.join(' / ') : 'no MRZ found'}`);
  return got?.result ?? null;
}

const KIND_OF = (file: string): 'png' | 'jpeg' => (/\.png$/i.test(file) ? 'png' : 'jpeg');

function labelsOf(dataDir: string, split: MrzSplit | undefined): Labelled[] | null {
  const labels = join(dataDir, 'mrz', 'labels.jsonl');
  if (!existsSync(labels)) return null;
  return readFileSync(labels, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((row) => JSON.parse(row) as Labelled)
    .filter((label) => !split || mrzSplitOf(label.file) === split);
}

/** Each real image with an MRZ through the whole reading, scored on the returned result: the MRZ
 * lines shown, the lines and MRZ fields in `values` against the printed MRZ (a field whose printed
 * check digit fails is not scored). */
async function evalRealPipeline(dataDir: string, deps: ReadDeps, split: MrzSplit | undefined): Promise<Record<string, PipelineFigures> | null> {
  const labels = labelsOf(dataDir, split);
  if (!labels) return null;
  const folders: Record<string, PipelineFigures> = {};
  for (const label of labels) {
    if (label.lines === null) continue;
    const part = mrzSplitOf(label.file);
    const f = (folders[`${label.file.split('/')[0]!} ${part}`] ??= {
      documents: 0,
      shownExact: 0,
      linesInValues: 0,
      linesInValuesRight: 0,
      lines: 0,
      valuesRight: 0,
      valuesWrong: 0,
      verifiedWrong: 0,
      verified: 0,
      fields: {},
      msPerDocument: 0,
      misses: [],
    });
    const started = performance.now();
    const out = await readDocument(
      {
        bytes: readFileSync(join(dataDir, 'mrz', label.file)),
        kind: KIND_OF(label.file),
        typeHint: null,
        now: NOW,
        lookups: { findInvoiceDuplicate: async () => null },
      },
      deps,
    );
    f.msPerDocument += performance.now() - started;
    f.documents++;
    const r = out.result;
    if (r.verified) f.verified++;
    const shown = [1, 2, 3].map((i) => r.fields[`mrz_line${i}`]?.value ?? null);
    const exact = shown.every((line, i) => line === (label.lines![i] ?? null));
    if (exact) f.shownExact++;
    const notes: string[] = [];
    if (!exact) notes.push(`shown ${shown.filter((l) => l !== null).join(' / ') || 'no MRZ'}`);
    label.lines.forEach((line, i) => {
      f.lines++;
      const passed = r.values[`mrz_line${i + 1}`];
      if (passed === undefined || passed === null) return;
      f.linesInValues++;
      if (passed === line) f.linesInValuesRight++;
      else notes.push(`mrz_line${i + 1} WRONG in values: ${String(passed)}`);
    });
    let wrongHere = 0;
    const truth = parseMrz(label.lines, { now: NOW });
    for (const [name, field] of Object.entries(truth.fields) as Array<[MrzFieldName, MrzResult['fields'][MrzFieldName]]>) {
      // a field printed empty or whose printed check digit fails has no one right value to score
      if (!field || field.value === null || field.value === '' || field.status === 'invalid' || field.checkDigit?.valid === false) continue;
      const key = MRZ_FIELD_KEYS[name];
      const got = r.values[key];
      const cell = (f.fields[key] ??= [0, 0]);
      cell[1]++;
      if (got === undefined || got === null) continue;
      if (sameFieldValue(key, field.value, got)) {
        cell[0]++;
        f.valuesRight++;
      } else {
        wrongHere++;
        notes.push(`${key} WRONG in values: ${JSON.stringify(got)} for ${JSON.stringify(field.value)}`);
      }
    }
    f.valuesWrong += wrongHere;
    if (r.verified && wrongHere > 0) f.verifiedWrong++;
    if (notes.length) f.misses.push(`${label.file} (${r.decision}): ${notes.join('; ')}`);
  }
  return folders;
}

function printPipeline(title: string, f: PipelineFigures, showMisses: boolean): void {
  const pct = (n: number, d: number): string => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)}%`);
  console.log(`\n${title}, whole reading: ${f.documents} images, ${(f.msPerDocument / Math.max(1, f.documents)).toFixed(0)} ms each`);
  console.log(`  full MRZ exact as shown (fields mrz_line1..3)  ${f.shownExact}/${f.documents} (${pct(f.shownExact, f.documents)})`);
  console.log(
    `  MRZ lines in values                            ${f.linesInValuesRight} right of ${f.lines} printed; ${f.linesInValues - f.linesInValuesRight} wrong`,
  );
  console.log(
    `  MRZ fields in values                           ${f.valuesRight} right, ${f.valuesWrong} wrong; verified ${f.verified}, verified with a wrong value ${f.verifiedWrong}`,
  );
  console.log(
    `  in values and right: ${Object.entries(f.fields)
      .map(([k, [right, total]]) => `${k} ${right}/${total}`)
      .join(', ')}`,
  );
  if (showMisses && f.misses.length > 0) console.log(`  not exact or wrong:\n    ${f.misses.join('\n    ')}`);
}

async function evalReal(dataDir: string, readers: MrzPassReader, split: MrzSplit | undefined): Promise<Record<string, SetFigures> | null> {
  const labels = labelsOf(dataDir, split);
  if (!labels) return null;
  const folders: Record<string, SetFigures> = {};
  for (const label of labels) {
    const part = mrzSplitOf(label.file);
    const png = readFileSync(join(dataDir, 'mrz', label.file));
    const figures = (folders[`${label.file.split('/')[0]!} ${part}`] ??= emptyFigures());
    if (label.lines === null) {
      // an image without an MRZ: right when none is found
      const read = await readMrzFromImage(png, readers, { now: NOW });
      if (read.consensus?.result.valid) figures.misses.push(`${label.file}: an MRZ found where there is none (${read.consensus.lines.join(' / ')})`);
      continue;
    }
    const result = await readOne(png, readers, label.lines, figures, label.file);
    const vector: MrzVector = {
      id: label.file,
      lines: label.lines,
      format: label.format,
      valid: label.valid,
      well_formed: true,
      fields: label.fields,
      checks: label.checks,
    };
    const empty = parseMrz(['', ''], { now: NOW });
    for (const [field, ok] of Object.entries(compareWithLabel(vector, result ?? empty).fields)) tally(figures, field, ok);
  }
  return folders;
}

const GENERATORS: Array<[string, (seed: number) => Promise<GeneratedDocument>]> = [
  ['passport', (seed) => generatePassport({ seed, photo: true })],
  ['id-td1', (seed) => generateIdCardTd1({ seed, photo: true })],
  ['id-td2', (seed) => generateIdCardTd2({ seed, photo: true })],
  ['visa-mrva', (seed) => generateVisa({ seed, photo: true, visa: 'MRVA' })],
  ['visa-mrvb', (seed) => generateVisa({ seed, photo: true, visa: 'MRVB' })],
];

/** Seeds of the low-resolution frames: a tuning range whose misses may be looked at, and a
 * held-out range only counted (test/fixtures/documents/README.md). */
const TINY_SEEDS: Record<MrzSplit, number> = { tune: 5000, 'held-out': 9000 };

const TINY_GENERATORS: Array<[string, (seed: number) => Promise<GeneratedDocument>]> = TINY_MRZ_KINDS.map((kind) => [
  `tiny-${kind}`,
  (seed) => generateTinyMrzPhoto({ seed, kind, now: NOW }),
]);

async function evalGenerated(
  count: number,
  seed: number,
  readers: MrzPassReader,
  generators: Array<[string, (seed: number) => Promise<GeneratedDocument>]> = GENERATORS,
): Promise<SetFigures> {
  const figures = emptyFigures();
  for (let i = 0; i < count; i++) {
    const [kind, generate] = generators[i % generators.length]!;
    const doc = await generate(seed + i);
    const truth = doc.truth.mrz_lines!;
    const result = await readOne(doc.bytes, readers, truth, figures, `${kind}#${seed + i}`);
    const expected = parseMrz(truth, { now: NOW });
    for (const name of MRZ_FIELDS) {
      const want = expected.fields[name];
      if (!want || want.value === null || want.value === '') continue;
      tally(figures, name, result?.fields[name]?.value === want.value);
    }
  }
  return figures;
}

function print(title: string, f: SetFigures, showMisses = true): void {
  const pct = (n: number, d: number): string => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)}%`);
  console.log(`\n${title}: ${f.documents} images, ${(f.msPerDocument / Math.max(1, f.documents)).toFixed(0)} ms each`);
  console.log(`  exact full MRZ      ${f.exact}/${f.documents} (${pct(f.exact, f.documents)})`);
  console.log(`  all checks pass     ${f.valid}/${f.documents}; of those not exact: ${f.validButWrong}`);
  console.log(`  verified but wrong  ${f.verifiedWrong} of ${f.verifiedFields} check-digit-verified fields`);
  console.log(
    `  exact per reader    ${
      Object.entries(f.perReader)
        .map(([r, n]) => `${r} ${n}`)
        .join(', ') || 'none'
    }`,
  );
  console.log('  field                right/total');
  for (const [field, [right, total]] of Object.entries(f.fields))
    console.log(`  ${field.padEnd(20)} ${String(right).padStart(4)}/${total} (${pct(right, total)})`);
  if (showMisses && f.misses.length > 0) console.log(`  not exact:\n    ${f.misses.join('\n    ')}`);
}

export async function evalIdentity(opts: IdentityEvalOptions): Promise<IdentityEvalReport> {
  const tesseract = createTesseractReader({ workers: 1, recycleAfter: 200 });
  const paddle = opts.paddle === false ? undefined : createPaddleReader({ maxSide: 1600, threads: 1 });
  try {
    await Promise.all([tesseract.ready(), paddle?.ready()]);
    const readers = createMrzPassReader(paddle ? { tesseract, paddle } : { tesseract });
    const dataDir = opts.dataDir ?? join(process.cwd(), '..', 'shared', 'data');
    const real = await evalReal(dataDir, readers, opts.split);
    const generated = await evalGenerated(opts.count, opts.seed, readers);
    if (real) {
      // held-out misses are counted, never shown: looking at them would be tuning on them
      for (const [folder, figures] of Object.entries(real)) print(`Real MRZ images (mrz/${folder})`, figures, !folder.endsWith('held-out'));
      const all = Object.values(real);
      const exact = all.reduce((s, f) => s + f.exact, 0);
      const documents = all.reduce((s, f) => s + f.documents, 0);
      console.log(
        `\nReal MRZ images, all folders: exact full MRZ ${exact}/${documents}; all checks pass but not exact: ${all.reduce((s, f) => s + f.validButWrong, 0)}; verified but wrong: ${all.reduce((s, f) => s + f.verifiedWrong, 0)}`,
      );
    }
    const realPipeline = opts.deps ? await evalRealPipeline(dataDir, opts.deps, opts.split) : null;
    if (realPipeline) {
      for (const [folder, figures] of Object.entries(realPipeline)) printPipeline(`Real MRZ images (mrz/${folder})`, figures, !folder.endsWith('held-out'));
      const all = Object.values(realPipeline);
      const sum = (k: (f: PipelineFigures) => number): number => all.reduce((s, f) => s + k(f), 0);
      console.log(
        `\nReal MRZ images through the whole reading, all folders: full MRZ exact as shown ${sum((f) => f.shownExact)}/${sum((f) => f.documents)} (consensus ${real ? Object.values(real).reduce((s, f) => s + f.exact, 0) : '–'}); lines right in values ${sum((f) => f.linesInValuesRight)}/${sum((f) => f.lines)}; wrong in values: ${sum((f) => f.valuesWrong + f.linesInValues - f.linesInValuesRight)}; verified with a wrong value: ${sum((f) => f.verifiedWrong)}`,
      );
    }
    print('Generated photos (passport, TD1, TD2, MRV-A, MRV-B)', generated);
    // the tiny frames' held-out seeds are read with the held-out images, their misses not shown
    const tinySplit = opts.split ?? 'tune';
    const tiny = await evalGenerated(opts.count, TINY_SEEDS[tinySplit], readers, TINY_GENERATORS);
    print(`Generated low-resolution frames, MRZ capitals 4–7 px (seeds ${TINY_SEEDS[tinySplit]}…, ${tinySplit})`, tiny, tinySplit === 'tune');
    return { real, realPipeline, generated, tiny };
  } finally {
    await Promise.all([tesseract.close(), paddle?.close()]);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dataDir = process.argv[2] ?? join(process.cwd(), '..', 'shared', 'data');
  await evalIdentity({ dataDir, count: Number(process.argv[3] ?? 50), seed: Number(process.argv[4] ?? 1000) });
}
