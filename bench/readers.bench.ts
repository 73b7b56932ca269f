/** Reader latency and memory on generated images.
 * Run: npx tsx bench/readers.bench.ts [runs] [all|tesseract|paddle|both]
 * (one phase per process gives a clean peak RSS: freed engine memory is not always returned).
 * Prints per scenario: p50/p95 wall latency; CPU per run of the whole process (all threads; less
 * sensitive than wall time to other load on the machine); the main thread's event-loop
 * utilisation (near 0 when OCR really runs elsewhere) and delay; and peak process RSS. */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { renderIdCard, renderTextPage, type RenderedImage } from '../test/helpers/text-images.js';
import { unionBox } from '../src/readers/support/geometry.js';
import { createPaddleReader, type PaddleReader } from '../src/readers/paddle.js';
import { createTesseractReader, type TesseractReader } from '../src/readers/tesseract.js';

const RUNS = Number(process.argv[2] ?? 5);
const PHASE = process.argv[3] ?? 'all';

interface Row {
  scenario: string;
  runs: number;
  p50: number;
  p95: number;
  cpuMs: number;
  elu: number;
  rssMb: number;
  loopP99: number;
}
const rows: Row[] = [];

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function measure(scenario: string, runs: number, job: () => Promise<unknown>): Promise<void> {
  await job(); // not counted: first use of each image size
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  const eluBefore = performance.eventLoopUtilization();
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await job();
    times.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  const elu = performance.eventLoopUtilization(eluBefore);
  loop.disable();
  clearInterval(sampler);
  times.sort((a, b) => a - b);
  rows.push({
    scenario,
    runs,
    p50: Math.round(percentile(times, 0.5)),
    p95: Math.round(percentile(times, 0.95)),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000 / runs),
    elu: Math.round(elu.utilization * 100),
    rssMb: Math.round(peak / 1e6),
    loopP99: Math.round(loop.percentile(99) / 1e6),
  });
  console.error(`done: ${scenario}`);
}

const page = (img: RenderedImage) => ({ images: [{ page: 1, width: img.width, height: img.height, png: img.png }] });

const [card, photo, a4] = await Promise.all([renderIdCard(1), renderIdCard(2), renderTextPage(300, true)]);
const fieldBoxes = photo.texts.filter((t) => !t.text.includes('<') && t.text !== 'IDENTITY CARD').map((t) => t.box);
const mrzBand = unionBox(photo.texts.filter((t) => t.text.includes('<')).map((t) => t.box));

async function benchTesseract(): Promise<void> {
  const t = createTesseractReader({ workers: 2, recycleAfter: 100 });
  const started = performance.now();
  await t.ready();
  console.error(`tesseract: 2 engines warm in ${Math.round(performance.now() - started)} ms`);
  await measure('tesseract ID 1000×630', RUNS, () => t.read(page(card)));
  await measure('tesseract ID photo 2000×1260', RUNS, () => t.read(page(photo)));
  await measure('tesseract A4 300 dpi full page', Math.max(2, Math.ceil(RUNS / 2)), () => t.read(page(a4)));
  await measure('tesseract 2 × A4 300 dpi in parallel', Math.max(2, Math.ceil(RUNS / 2)), () => Promise.all([t.read(page(a4)), t.read(page(a4))]));
  await t.close();
}

async function benchPaddle(): Promise<void> {
  const p = createPaddleReader({ maxSide: 1600, threads: 1 });
  const started = performance.now();
  await p.ready();
  console.error(`paddle: engine warm in ${Math.round(performance.now() - started)} ms`);
  await measure('paddle ID 1000×630 page', RUNS, () => p.read(page(card)));
  await measure('paddle ID photo 2000×1260 (→1600)', RUNS, () => p.read(page(photo)));
  await measure('paddle A4 300 dpi (→1600)', Math.max(2, Math.ceil(RUNS / 2)), () => p.read(page(a4)));
  await measure(`paddle crops: ${fieldBoxes.length} fields + MRZ band`, RUNS, () => p.readCrops(photo.png, [...fieldBoxes, mrzBand]));
  await measure('paddle crop: MRZ band only', RUNS, () => p.readCrops(photo.png, [mrzBand]));
  await p.close();
}

async function benchBoth(): Promise<void> {
  const tesseract: TesseractReader = createTesseractReader({ workers: 1, recycleAfter: 100 });
  const paddle: PaddleReader = createPaddleReader({ maxSide: 1600, threads: 1 });
  await Promise.all([tesseract.ready(), paddle.ready()]);
  await measure('both (1 engine each): tesseract page + paddle page, ID photo', RUNS, () =>
    Promise.all([tesseract.read(page(photo)), paddle.read(page(photo))]),
  );
  await measure('both (1 engine each): tesseract page + paddle crops, ID photo', RUNS, () =>
    Promise.all([tesseract.read(page(photo)), paddle.readCrops(photo.png, [...fieldBoxes, mrzBand])]),
  );
  await Promise.all([tesseract.close(), paddle.close()]);
}

if (PHASE === 'all' || PHASE === 'tesseract') await benchTesseract();
if (PHASE === 'all' || PHASE === 'paddle') await benchPaddle();
if (PHASE === 'all' || PHASE === 'both') await benchBoth();

const header = ['scenario', 'runs', 'p50 ms', 'p95 ms', 'cpu ms/run', 'main ELU %', 'loop p99 ms', 'peak RSS MB'];
const table = rows.map((r) => [r.scenario, r.runs, r.p50, r.p95, r.cpuMs, r.elu, r.loopP99, r.rssMb].map(String));
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
const fmt = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(fmt(header));
for (const r of table) console.log(fmt(r));
console.log(`Peak RSS is the whole process (main thread, every engine thread); onnxruntime's native memory included.`);
