import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CaptureService, type CaptureResult, type CaptureTarget } from '../../src/capture/check.js';
import { parseMrz } from '../../src/doctypes/mrz/index.js';
import { createPaddleReader } from '../../src/readers/paddle.js';
import { createTesseractReader } from '../../src/readers/tesseract.js';
import { mrzFrame, qrFrame, type MrzBroken, type MrzKind } from '../../test/fixtures/capture-frames.js';

/** The capture check (POST /v1/capture/check) end to end, as the route runs it:
 * (a) QR codes on the camera photos of <dataDir>/qr, per folder, against what zxing's own
 *     black-box tests expect of those folders (they come from zxing/zxing's test resources);
 * (b) MRZ frames: the real images of <dataDir>/mrz, and generated 2 MP frames (passports, ID
 *     cards, visas; every other one with one check digit changed) from seeds never tuned on.
 * "Proven falsely": proven while the printed MRZ fails a check digit, or while a field a check
 * digit covers was read wrong. A proven MRZ whose names (not covered) were misread is counted apart. */

/** zxing/zxing core/src/test/java/com/google/zxing/qrcode/QRCodeBlackBox{1,2}TestCase.java: images
 * that must decode upright (0°). zxing-cpp's own runner uses differently filled folders of the same
 * names (16 and 50 images), so its counts do not transfer. */
const ZXING_EXPECTS: Record<string, number> = { 'qrcode-1': 17, 'qrcode-2': 31 };

const NOW = new Date('2025-06-01T00:00:00Z');

export interface CaptureEvalReport {
  qr: {
    folders: Record<string, { decoded: number; total: number; expected: number | null }>;
    decoded: number;
    total: number;
    wrongText: number;
    misses: string[];
  } | null;
  mrzReal: MrzFigures | null;
  mrzGenerated: MrzFigures;
  qrGenerated: { frames: number; proven: number; codes: number; codesFound: number };
}

interface MrzFigures {
  frames: number;
  /** Frames whose printed MRZ passes every check. */
  printedValid: number;
  proven: number;
  provenFalsely: number;
  provenNamesWrong: number;
  /** Not proven frames whose printed MRZ is broken and whose failing check was named. */
  brokenNamed: number;
  broken: number;
  ms: number[];
  notes: string[];
}

const figures = (): MrzFigures => ({
  frames: 0,
  printedValid: 0,
  proven: 0,
  provenFalsely: 0,
  provenNamesWrong: 0,
  brokenNamed: 0,
  broken: 0,
  ms: [],
  notes: [],
});

async function timed(service: CaptureService, bytes: Buffer, lookFor: CaptureTarget): Promise<{ r: CaptureResult; ms: number }> {
  const started = performance.now();
  const r = await service.check(bytes, { lookFor });
  return { r, ms: performance.now() - started };
}

/** Checked positions: the characters of every field a check digit covers, and the digits themselves. */
function checkedFieldsAgree(read: string[], printed: string[]): boolean {
  const truth = parseMrz(printed, { now: NOW });
  for (const f of Object.values(truth.fields)) {
    if (!f?.checkDigit) continue;
    const { line, start, end } = f.positions;
    if (read[line]?.slice(start, end) !== printed[line]!.slice(start, end)) return false;
  }
  return truth.checks.every((c) => read[c.line]?.[c.position] === printed[c.line]![c.position]);
}

function judgeMrz(f: MrzFigures, r: CaptureResult, printed: string[], id: string, ms: number): void {
  const truth = parseMrz(printed, { now: NOW });
  f.frames++;
  f.ms.push(ms);
  if (truth.valid) f.printedValid++;
  else f.broken++;
  if (r.proven && r.method === 'mrz') {
    f.proven++;
    const lines = r.mrz!.lines;
    if (!truth.valid || !checkedFieldsAgree(lines, printed)) {
      f.provenFalsely++;
      f.notes.push(`PROVEN FALSELY ${id}: ${lines.join(' / ')}`);
    } else if (lines.join('\n') !== printed.join('\n')) {
      f.provenNamesWrong++;
      f.notes.push(`proven, unchecked characters misread ${id}: ${lines.join(' / ')}`);
    }
  } else if (!truth.valid) {
    const failing = truth.checks.filter((c) => !c.valid).map((c) => c.name);
    if (failing.some((name) => r.reasons.some((x) => x.code === 'check_digit_failed' && x.detail.includes(name)))) f.brokenNamed++;
  } else {
    f.notes.push(`not proven ${id}: ${r.reasons.map((x) => x.code).join(', ')}${r.mrz ? ` — read ${r.mrz.lines.join(' / ')}` : ''}`);
  }
}

async function evalQrFolder(dataDir: string, service: CaptureService): Promise<CaptureEvalReport['qr']> {
  const labels = join(dataDir, 'qr', 'labels.jsonl');
  if (!existsSync(labels)) return null;
  const out: NonNullable<CaptureEvalReport['qr']> = { folders: {}, decoded: 0, total: 0, wrongText: 0, misses: [] };
  for (const row of readFileSync(labels, 'utf8').split('\n').filter(Boolean)) {
    const label = JSON.parse(row) as { file: string; expected_texts: string[] };
    const folder = label.file.split('/').at(-2)!;
    const cell = (out.folders[folder] ??= { decoded: 0, total: 0, expected: ZXING_EXPECTS[folder] ?? null });
    const { r } = await timed(service, readFileSync(join(dataDir, 'qr', label.file)), 'qr');
    cell.total++;
    out.total++;
    const texts = r.qr_codes.map((q) => q.text);
    if (texts.some((t) => label.expected_texts.includes(t))) {
      cell.decoded++;
      out.decoded++;
    } else {
      if (texts.length) out.wrongText++;
      out.misses.push(`${label.file}: ${texts.length ? `read ${JSON.stringify(texts)}` : r.reasons.map((x) => x.code).join(', ')}`);
    }
  }
  return out;
}

async function evalMrzReal(dataDir: string, service: CaptureService): Promise<MrzFigures | null> {
  const labels = join(dataDir, 'mrz', 'labels.jsonl');
  if (!existsSync(labels)) return null;
  const f = figures();
  for (const row of readFileSync(labels, 'utf8').split('\n').filter(Boolean)) {
    const label = JSON.parse(row) as { file: string; lines?: string[] };
    if (!label.lines?.length) continue;
    const { r, ms } = await timed(service, readFileSync(join(dataDir, 'mrz', label.file)), 'mrz');
    judgeMrz(f, r, label.lines, label.file, ms);
  }
  return f;
}

const KINDS: MrzKind[] = ['passport', 'td1', 'td2', 'visa'];
const BROKEN: Record<MrzKind, MrzBroken[]> = {
  passport: ['document_number', 'birth_date', 'expiry_date', 'personal_number', 'composite'],
  td1: ['document_number', 'birth_date', 'expiry_date', 'composite'],
  td2: ['document_number', 'birth_date', 'expiry_date', 'composite'],
  visa: ['document_number', 'birth_date', 'expiry_date'],
};

async function evalMrzGenerated(count: number, seed: number, service: CaptureService): Promise<MrzFigures> {
  const f = figures();
  for (let i = 0; i < count; i++) {
    const kind = KINDS[i % KINDS.length]!;
    const s = seed + i;
    // every other frame has one check digit changed
    const broken = i % 2 === 1 ? BROKEN[kind][Math.floor(i / 2) % BROKEN[kind].length]! : undefined;
    const frame = await mrzFrame({ seed: s, kind, ...(broken ? { broken } : {}) });
    const { r, ms } = await timed(service, frame.bytes, 'mrz');
    judgeMrz(f, r, frame.document.truth.mrz_lines!, `${kind}#${s}${broken ? ` broken ${broken}` : ''}`, ms);
  }
  return f;
}

async function evalQrGenerated(count: number, seed: number, service: CaptureService): Promise<CaptureEvalReport['qrGenerated']> {
  const out = { frames: 0, proven: 0, codes: 0, codesFound: 0 };
  for (let i = 0; i < count; i++) {
    const texts = Array.from({ length: 1 + (i % 3) }, (_, k) => `https://pay.example/${seed + i}/${k}?amount=${(i * 37 + k) % 1000}.50`);
    const frame = await qrFrame({ seed: seed + i, texts });
    const { r } = await timed(service, frame.bytes, 'qr');
    out.frames++;
    if (r.proven) out.proven++;
    out.codes += texts.length;
    out.codesFound += texts.filter((t) => r.qr_codes.some((q) => q.text === t)).length;
  }
  return out;
}

const pct = (n: number, d: number): string => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)}%`);
const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : 0;
};

function printMrz(title: string, f: MrzFigures): void {
  console.log(
    `\n${title}: ${f.frames} frames (${f.printedValid} printed valid, ${f.broken} with a failing printed check digit); p50 ${quantile(f.ms, 0.5).toFixed(0)} ms, p99 ${quantile(f.ms, 0.99).toFixed(0)} ms`,
  );
  console.log(`  proven              ${f.proven}/${f.printedValid} valid frames (${pct(f.proven, f.printedValid)})`);
  console.log(`  PROVEN FALSELY      ${f.provenFalsely}`);
  console.log(`  proven, names misread (not covered by check digits): ${f.provenNamesWrong}`);
  console.log(`  broken frames: not proven with the failing check named ${f.brokenNamed}/${f.broken}`);
  if (f.notes.length) console.log(`  ${f.notes.join('\n  ')}`);
}

export async function evalCapture(opts: { dataDir: string; count: number; seed: number }): Promise<CaptureEvalReport> {
  const tesseract = createTesseractReader({ workers: 1, recycleAfter: 200 });
  const paddle = createPaddleReader({ maxSide: 1600, threads: 1 });
  const service = new CaptureService({ readers: async () => ({ tesseract, paddle }), now: () => NOW });
  try {
    const qr = await evalQrFolder(opts.dataDir, service);
    const mrzReal = await evalMrzReal(opts.dataDir, service);
    const mrzGenerated = await evalMrzGenerated(opts.count, opts.seed, service);
    const qrGenerated = await evalQrGenerated(opts.count, opts.seed, service);
    return { qr, mrzReal, mrzGenerated, qrGenerated };
  } finally {
    await tesseract.close();
    await paddle.close();
  }
}

export function printCaptureEvaluation(report: CaptureEvalReport): void {
  if (report.qr) {
    const q = report.qr;
    console.log(
      `QR photos (../shared/data/qr, not tuned on): ${q.decoded}/${q.total} decoded with the labelled text (${pct(q.decoded, q.total)}); decoded to another text: ${q.wrongText}`,
    );
    for (const [folder, c] of Object.entries(q.folders))
      console.log(`  ${folder.padEnd(10)} ${c.decoded}/${c.total}; zxing's black-box test expects ${c.expected ?? '–'} upright`);
    if (q.misses.length) console.log(`  not decoded:\n    ${q.misses.join('\n    ')}`);
  }
  if (report.mrzReal) printMrz('Real MRZ images (../shared/data/mrz, not tuned on)', report.mrzReal);
  printMrz('Generated 2 MP MRZ frames (seeds not tuned on)', report.mrzGenerated);
  const g = report.qrGenerated;
  console.log(`\nGenerated 2 MP QR frames: ${g.proven}/${g.frames} proven; ${g.codesFound}/${g.codes} codes decoded (1–3 per frame)`);
}
