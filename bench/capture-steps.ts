import { openFrame } from '../src/capture/frame.js';
import { readOcrbMrz } from '../src/doctypes/identity/ocrb-mrz.js';
import { cutMrzBand, locateMrzBandInCopy } from '../src/readers/mrz/locate.js';
import { readMrzCells } from '../src/readers/ocrb/read.js';
import { mrzPixelRows } from '../src/readers/paddle/mrz-rows.js';
import { mrzFrame, type MrzKind } from '../test/fixtures/capture-frames.js';

/** `npx tsx bench/capture-steps.ts`: CPU time (user + system, every thread of the process, so
 * sharp's own threads count) of each step of the capture check's OCR-B fast path on generated
 * 2 MP frames. CPU time, not wall time: it holds on a loaded machine where wall time does not.
 * BENCH_RUNS=N frames (default 12, kinds in turn, seeds from 600). */

const RUNS = Number(process.env.BENCH_RUNS ?? 12);
const KINDS: MrzKind[] = ['passport', 'td1', 'td2', 'visa'];
const steps: Record<string, number[]> = {};

function cpu<T>(name: string, run: () => T): T {
  const before = process.cpuUsage();
  const out = run();
  const used = process.cpuUsage(before);
  (steps[name] ??= []).push((used.user + used.system) / 1000);
  return out;
}

async function cpuAsync<T>(name: string, run: () => Promise<T>): Promise<T> {
  // sharp works on its own threads: the process's CPU over the call counts them, nothing else runs
  const before = process.cpuUsage();
  const out = await run();
  const used = process.cpuUsage(before);
  (steps[name] ??= []).push((used.user + used.system) / 1000);
  return out;
}

let proven = 0;
for (let i = -1; i < RUNS; i++) {
  const frame = await mrzFrame({ seed: 600 + Math.max(0, i), kind: KINDS[Math.max(0, i) % 4]! });
  if (i === -1) {
    // warm-up: the weights load and the JIT settles
    const f = await openFrame(frame.bytes);
    const band = await locateMrzBandInCopy({ ...f.work, channels: 4 }, f);
    if (band) readOcrbMrz((await cutMrzBand(f.upright, band)).grey);
    Object.keys(steps).forEach((k) => delete steps[k]);
    continue;
  }
  const f = await cpuAsync('decode frame', () => openFrame(frame.bytes));
  const band = await cpuAsync('band search', () => locateMrzBandInCopy({ ...f.work, channels: 4 }, f));
  if (!band) continue;
  const { grey } = await cpuAsync('band cut + straighten (grey pixels)', () => cutMrzBand(f.upright, band));
  const rows = cpu('rows', () => mrzPixelRows(grey));
  if (rows) cpu('cells at every line length (segment + classify)', () => readMrzCells(grey, rows));
  const read = cpu('whole OCR-B read (rows, cells, grammar decode)', () => readOcrbMrz(grey));
  if (read.some((r) => r.lines.map((l) => l.text).join('\n') === frame.document.truth.mrz_lines!.join('\n'))) proven++;
}
const p50 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log(`OCR-B fast path, CPU ms per step (median of ${RUNS} generated 2 MP frames); read exactly on ${proven}/${RUNS}`);
for (const [name, xs] of Object.entries(steps)) console.log(`  ${name.padEnd(48)} ${p50(xs).toFixed(1)}`);
