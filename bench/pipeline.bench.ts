import { readdirSync, readFileSync } from 'node:fs';
import type { FileKind } from '../src/domain/document-types.js';
import { generateCvDocx, generateInvoicePdf, generateInvoiceScan, generatePassport } from '../test/fixtures/documents/index.js';

/** Reading latency per kind of document (p50, p95), documents per minute at the configured
 * concurrency, and peak resident memory of the process and its sandbox children.
 * Targets on 2 cores: text-layer PDF < 300 ms; photographed ID with both readers < 2.5 s;
 * scanned A4 page < 4 s; peak RSS < 1.5 GB. */
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
// The service as shipped (`npm run bench` builds first): compiled JavaScript, whose sandbox
// processes and reader threads start without a TypeScript loader. Run from source, each sandbox
// process alone holds about 230 MB more.
const shipped = (path: string): Promise<unknown> => import(new URL(`../dist/${path}`, import.meta.url).href);
const { loadConfig } = (await shipped('config/env.js')) as typeof import('../src/config/env.js');
const { createReadDeps } = (await shipped('pipeline/read-deps.js')) as typeof import('../src/pipeline/read-deps.js');
const { readDocument } = (await shipped('pipeline/read-document.js')) as typeof import('../src/pipeline/read-document.js');
const config = loadConfig({ DATA_DIR: '/tmp/docread-bench', LOG_LEVEL: 'silent' });
const { deps, close } = createReadDeps(config);
const noLookups = { findInvoiceDuplicate: async () => null };

interface Kind {
  name: string;
  kind: FileKind;
  make: (seed: number) => Promise<Buffer>;
}
const allKinds: Kind[] = [
  { name: 'passport photo (JPEG)', kind: 'jpeg', make: async (seed) => (await generatePassport({ seed, photo: true })).bytes },
  { name: 'scanned A4 invoice (300 dpi PNG)', kind: 'png', make: async (seed) => (await generateInvoiceScan({ seed, dpi: 300 })).bytes },
  { name: 'text-layer PDF invoice', kind: 'pdf', make: async (seed) => (await generateInvoicePdf({ seed })).bytes },
  { name: 'DOCX CV', kind: 'docx', make: async (seed) => (await generateCvDocx({ seed })).bytes },
];
// BENCH_KINDS=passport,scanned picks kinds by a word of their name, to measure one kind's memory alone.
const picked = process.env.BENCH_KINDS?.split(',')
  .map((w) => w.trim().toLowerCase())
  .filter(Boolean);
const kinds = picked?.length ? allKinds.filter((k) => picked.some((w) => k.name.toLowerCase().includes(w))) : allKinds;

const PAGE_BYTES = 4096;
let peakRss = 0;
let peakOwn = 0;
let peakChildren = 0;
/** Reads the children's resident sizes from /proc. Spawning `ps` here blocked the event loop the
 * readers share for tens of milliseconds five times a second, and forking a process of a gigabyte
 * costs more still: the sampler itself added over a second to a passport's p50. */
function childrenRss(): number {
  let children = 0;
  for (const task of readdirSync('/proc/self/task')) {
    let pids: string[];
    try {
      pids = readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ').filter(Boolean);
    } catch {
      continue; // the thread ended between the listing and the read
    }
    for (const pid of pids) {
      try {
        children += Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE_BYTES;
      } catch {
        // the child exited between the listing and the read
      }
    }
  }
  return children;
}
function sampleRss(): void {
  const children = childrenRss();
  const own = process.memoryUsage().rss;
  peakRss = Math.max(peakRss, own + children);
  peakOwn = Math.max(peakOwn, own);
  peakChildren = Math.max(peakChildren, children);
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
  await Promise.all(
    Array.from({ length: config.WORKER_CONCURRENCY }, async () => {
      for (let f = queue.shift(); f; f = queue.shift()) await read(f);
    }),
  );
  const perMin = (RUNS / ((performance.now() - started) / 1000)) * 60;
  console.log(
    `${k.name.padEnd(33)} ${pct(times, 50).toFixed(0).padStart(6)}   ${pct(times, 95).toFixed(0).padStart(6)}   ${perMin.toFixed(1).padStart(8)}   ${warm.out.outcome.code ?? warm.out.outcome.status} (${warm.out.documentType})`,
  );
}
sampleRss();
clearInterval(sampler);
const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0);
console.log(`peak RSS (process + sandbox children): ${mb(peakRss)} MB (process alone ${mb(peakOwn)} MB, children alone ${mb(peakChildren)} MB)`);
await close();
