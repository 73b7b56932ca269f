import { execFileSync } from 'node:child_process';
import { loadConfig } from '../src/config/env.js';
import type { FileKind } from '../src/domain/document-types.js';
import { createReadDeps } from '../src/pipeline/read-deps.js';
import { readDocument } from '../src/pipeline/read-document.js';
import { generateCvDocx, generateInvoicePdf, generateInvoiceScan, generatePassport } from '../test/fixtures/documents/index.js';

/** Reading latency per kind of document (p50, p95), documents per minute at the configured
 * concurrency, and peak resident memory of the process and its sandbox children.
 * Targets on 2 cores: text-layer PDF < 300 ms; photographed ID with both readers < 2.5 s;
 * scanned A4 page < 4 s; peak RSS < 1.5 GB. */
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const config = loadConfig({ DATA_DIR: '/tmp/docread-bench', LOG_LEVEL: 'silent' });
const { deps, close } = createReadDeps(config);
const noLookups = { findInvoiceDuplicate: async () => null };

interface Kind {
  name: string;
  kind: FileKind;
  make: (seed: number) => Promise<Buffer>;
}
const kinds: Kind[] = [
  { name: 'passport photo (JPEG)', kind: 'jpeg', make: async (seed) => (await generatePassport({ seed, photo: true })).bytes },
  { name: 'scanned A4 invoice (300 dpi PNG)', kind: 'png', make: async (seed) => (await generateInvoiceScan({ seed, dpi: 300 })).bytes },
  { name: 'text-layer PDF invoice', kind: 'pdf', make: async (seed) => (await generateInvoicePdf({ seed })).bytes },
  { name: 'DOCX CV', kind: 'docx', make: async (seed) => (await generateCvDocx({ seed })).bytes },
];

let peakRss = 0;
function sampleRss(): void {
  let children = 0;
  try {
    const out = execFileSync('ps', ['-o', 'rss=', '--ppid', String(process.pid)], { encoding: 'utf8' });
    children = out.split('\n').reduce((s, l) => s + (Number(l.trim()) || 0), 0) * 1024;
  } catch {
    // ps exits 1 when there are no children.
  }
  peakRss = Math.max(peakRss, process.memoryUsage().rss + children);
}
const sampler = setInterval(sampleRss, 200);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

console.log(`docread reading benchmark — ${RUNS} runs per kind after one warm-up, concurrency ${config.WORKER_CONCURRENCY}`);
console.log('kind                              p50 ms   p95 ms   docs/min   outcome');
for (const k of kinds) {
  const files = await Promise.all(Array.from({ length: RUNS + 1 }, (_, i) => k.make(100 + i)));
  const read = async (bytes: Buffer) => {
    const t = performance.now();
    const out = await readDocument({ bytes, kind: k.kind, typeHint: null, now: new Date(), lookups: noLookups }, deps);
    return { ms: performance.now() - t, out };
  };
  const warm = await read(files[0]!);
  const times: number[] = [];
  for (const f of files.slice(1)) times.push((await read(f)).ms);
  // Throughput: the same files read with the configured number of documents in flight.
  const started = performance.now();
  const queue = files.slice(1);
  await Promise.all(Array.from({ length: config.WORKER_CONCURRENCY }, async () => {
    for (let f = queue.shift(); f; f = queue.shift()) await read(f);
  }));
  const perMin = (RUNS / ((performance.now() - started) / 1000)) * 60;
  console.log(
    `${k.name.padEnd(33)} ${pct(times, 50).toFixed(0).padStart(6)}   ${pct(times, 95).toFixed(0).padStart(6)}   ${perMin.toFixed(1).padStart(8)}   ${warm.out.outcome.code ?? warm.out.outcome.status} (${warm.out.documentType})`,
  );
}
sampleRss();
clearInterval(sampler);
console.log(`peak RSS (process + sandbox children): ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
await close();
