/** Evaluates the quality gate: how many good real images it wrongly sends back (target 0: a good photo is never sent back;
 * an image the gate only doubts, for small text, is sent back only if the whole reading then falls short),
 * and how often each degradation of the project's own fixtures gets the code it should.
 * Run: npx tsx bench/eval/quality.ts [dataDir]   (dataDir defaults to ../shared/data) */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { loadConfig } from '../../src/config/env.js';
import type { ReadDeps } from '../../src/pipeline/context.js';
import { judge, thresholdsFor, type QualityGateCode } from '../../src/pipeline/quality/gate.js';
import { createReadDeps } from '../../src/pipeline/read-deps.js';
import { readDocument } from '../../src/pipeline/read-document.js';
import { computeMetrics } from '../../src/pipeline/quality/metrics.js';
import * as degrade from '../../test/fixtures/degrade.js';

/** Folders of good, readable real images and their label files. */
const REAL_SETS = ['mrz', 'qr', 'receipts'] as const;

export interface RealResult {
  set: string;
  file: string;
  /** The code the document is sent back with, or null: the gate's own for a failure no reading can
   * overrule; for a capture doubt (small text), whatever the reading then decided. */
  code: QualityGateCode | null;
  reasons: string[];
  /** True when the gate only doubted the image and the whole reading was run to decide. */
  readThrough: boolean;
  ms: number;
}

/** Reads an image through the whole pipeline; the outcome code when it was sent back for a new photo. */
export type ReadThrough = (bytes: Buffer, file: string) => Promise<QualityGateCode | null>;

export function pipelineReadThrough(deps: ReadDeps): ReadThrough {
  return async (bytes, file) => {
    const kind = /\.png$/i.test(file) ? 'png' : 'jpeg';
    const out = await readDocument({ bytes, kind, typeHint: null, now: new Date(), lookups: { findInvoiceDuplicate: async () => null } }, deps);
    return out.outcome.status === 'rescan_required' ? (out.outcome.code as QualityGateCode) : null;
  };
}

export interface DegradationResult {
  name: string;
  expected: QualityGateCode | 'pass';
  cases: number;
  /** Cases that got exactly the expected verdict. */
  hits: number;
  got: string[];
}

export interface QualityEvaluation {
  real: RealResult[];
  falseRescanRate: number;
  degradations: DegradationResult[];
  /** Metrics time for a 12 MP camera-sized JPEG with a highlight (median of 3 runs), and the
   * longest the event loop was held meanwhile. */
  ms12mp: number;
  maxLoopBlockMs: number;
}

async function realImages(dataDir: string): Promise<Array<{ set: string; file: string }>> {
  const images: Array<{ set: string; file: string }> = [];
  for (const set of REAL_SETS) {
    const labels = await readFile(join(dataDir, set, 'labels.jsonl'), 'utf8');
    for (const line of labels.split('\n')) {
      if (!line.trim()) continue;
      const { file } = JSON.parse(line) as { file?: string };
      if (file && /\.(png|jpe?g)$/i.test(file)) images.push({ set, file: join(set, file) });
    }
  }
  return images;
}

type Maker = () => Promise<Buffer>;
interface Degradation {
  name: string;
  expected: QualityGateCode | 'pass';
  makers: Maker[];
}

/** Each degradation at two strengths or on both base documents, so one lucky value cannot pass. */
function degradations(card: Buffer, page: Buffer): Degradation[] {
  const both = (f: (b: Buffer) => Promise<Buffer>): Maker[] => [() => f(card), () => f(page)];
  return [
    { name: 'clean', expected: 'pass', makers: both(async (b) => b) },
    { name: 'jpeg q70 / q40', expected: 'pass', makers: [...both((b) => degrade.jpeg(b, 70)), ...both((b) => degrade.jpeg(b, 40))] },
    {
      name: 'blur σ0.5 / σ1 / σ2',
      expected: 'pass',
      makers: [...both((b) => degrade.blur(b, 0.5)), ...both((b) => degrade.blur(b, 1)), ...both((b) => degrade.blur(b, 2))],
    },
    { name: 'rotate 2° / -5°', expected: 'pass', makers: [...both((b) => degrade.rotate(b, 2)), ...both((b) => degrade.rotate(b, -5))] },
    { name: 'dim ×0.7 / ×0.5', expected: 'pass', makers: [...both((b) => degrade.darken(b, 0.7)), ...both((b) => degrade.darken(b, 0.5))] },
    {
      name: 'blur σ3 / σ4 / σ6',
      expected: 'QUALITY_GATE_BLUR',
      makers: [...both((b) => degrade.blur(b, 3)), ...both((b) => degrade.blur(b, 4)), ...both((b) => degrade.blur(b, 6))],
    },
    {
      name: 'blur σ4 / σ5 then jpeg q80',
      expected: 'QUALITY_GATE_BLUR',
      makers: [...both(async (b) => degrade.jpeg(await degrade.blur(b, 4), 80)), ...both(async (b) => degrade.jpeg(await degrade.blur(b, 5), 80))],
    },
    {
      name: 'glare over fields / over MRZ (card)',
      expected: 'QUALITY_GATE_GLARE',
      makers: [() => degrade.glare(card), () => degrade.glare(card, { cx: 0.4, cy: 0.8, rx: 0.25, ry: 0.14 })],
    },
    { name: 'darken ×0.3 / ×0.2', expected: 'QUALITY_GATE_DARK', makers: [...both((b) => degrade.darken(b, 0.3)), ...both((b) => degrade.darken(b, 0.2))] },
    {
      name: 'downscale ×0.25 / ×0.2',
      expected: 'QUALITY_GATE_LOW_RESOLUTION',
      makers: [...both((b) => degrade.downscale(b, 0.25)), ...both((b) => degrade.downscale(b, 0.2))],
    },
    {
      name: 'crop through text (4 edges, 2 docs)',
      expected: 'QUALITY_GATE_CUTOFF',
      makers: [
        () => degrade.cropEdge(card, 'right', 0.3),
        () => degrade.cropEdge(card, 'left', 0.3),
        () => degrade.cropEdge(card, 'bottom', 0.135),
        () => degrade.cropEdge(page, 'left', 0.15),
        () => degrade.cropEdge(page, 'right', 0.3),
        () => degrade.cropEdge(page, 'top', 0.1665),
      ],
    },
    {
      name: 'blank / noise only',
      expected: 'QUALITY_GATE_UNREADABLE',
      makers: [() => degrade.blankImage(800, 600, 200, 0), () => degrade.blankImage(800, 600, 200, 10), () => degrade.blankImage(800, 600, 128, 40)],
    },
  ];
}

async function timeLargePhoto(card: Buffer): Promise<{ ms: number; maxLoopBlockMs: number }> {
  const photo = await sharp(await degrade.glare(card))
    .resize(4000, 3000, { fit: 'fill' })
    .jpeg({ quality: 90 })
    .toBuffer();
  await computeMetrics(photo);
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const times: number[] = [];
  for (let run = 0; run < 3; run += 1) times.push((await computeMetrics(photo)).ms);
  delay.disable();
  return { ms: times.sort((a, b) => a - b)[1] ?? 0, maxLoopBlockMs: delay.max / 1e6 };
}

/** Without `readThrough`, a capture doubt counts as sent back, as the gate alone would have it. */
export async function evalQuality(dataDir: string, readThrough?: ReadThrough): Promise<QualityEvaluation> {
  const photo = thresholdsFor({ kind: 'photo' });
  const real: RealResult[] = [];
  for (const { set, file } of await realImages(dataDir)) {
    const bytes = await readFile(join(dataDir, file));
    const metrics = await computeMetrics(bytes);
    const verdict = judge(metrics, photo);
    const doubtOnly = verdict.failures.length > 0 && verdict.failures.every((f) => f.doubt);
    const code = doubtOnly && readThrough ? await readThrough(bytes, file) : verdict.code;
    real.push({ set, file, code, reasons: verdict.reasons, readThrough: doubtOnly && readThrough !== undefined, ms: metrics.ms });
  }
  const card = await degrade.renderIdCard();
  const page = await degrade.renderTextPage();
  const results: DegradationResult[] = [];
  for (const d of degradations(card, page)) {
    const got: string[] = [];
    for (const make of d.makers) got.push(judge(await computeMetrics(await make()), photo).code ?? 'pass');
    results.push({ name: d.name, expected: d.expected, cases: got.length, hits: got.filter((g) => g === d.expected).length, got });
  }
  return {
    real,
    falseRescanRate: real.filter((r) => r.code !== null).length / Math.max(1, real.length),
    degradations: results,
    ...(await timeLargePhoto(card).then((t) => ({ ms12mp: t.ms, maxLoopBlockMs: t.maxLoopBlockMs }))),
  };
}

export function printQualityEvaluation(e: QualityEvaluation): void {
  console.log('Good real images (photo profile):');
  for (const set of REAL_SETS) {
    const rows = e.real.filter((r) => r.set === set);
    const rejected = rows.filter((r) => r.code !== null);
    console.log(`  ${set.padEnd(9)} ${rows.length - rejected.length}/${rows.length} passed`);
    for (const r of rejected) console.log(`    sent back${r.readThrough ? ' after reading' : ''}: ${r.file} ${r.code} (${r.reasons.join('; ')})`);
    for (const r of rows.filter((r) => r.readThrough && r.code === null)) console.log(`    doubted, read, kept: ${r.file} (${r.reasons.join('; ')})`);
  }
  const rejected = e.real.filter((r) => r.code !== null).length;
  console.log(`  false-rescan rate: ${rejected}/${e.real.length} = ${(e.falseRescanRate * 100).toFixed(1)}% (target 0)`);
  console.log('Degraded fixtures:');
  for (const d of e.degradations) {
    console.log(
      `  ${d.name.padEnd(38)} expect ${d.expected.replace('QUALITY_GATE_', '').padEnd(14)} ${d.hits}/${d.cases}  [${d.got.map((g) => g.replace('QUALITY_GATE_', '')).join(', ')}]`,
    );
  }
  const times = e.real.map((r) => r.ms).sort((a, b) => a - b);
  console.log(
    `Timing: real images median ${(times[Math.floor(times.length / 2)] ?? 0).toFixed(0)} ms, max ${(times.at(-1) ?? 0).toFixed(0)} ms; 12 MP JPEG ${e.ms12mp.toFixed(0)} ms, event loop held at most ${e.maxLoopBlockMs.toFixed(0)} ms`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const reading = createReadDeps(loadConfig({ DATA_DIR: '/tmp/docread-eval', LOG_LEVEL: 'silent', WORKER_CONCURRENCY: '1' }));
  try {
    printQualityEvaluation(await evalQuality(resolve(process.argv[2] ?? '../shared/data'), pipelineReadThrough(reading.deps)));
  } finally {
    await reading.close();
  }
}
