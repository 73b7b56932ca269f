import { CaptureService, type CaptureTarget } from '../src/capture/check.js';
import { createPaddleReader } from '../src/readers/paddle.js';
import { createTesseractReader } from '../src/readers/tesseract.js';
import { blankImage } from '../test/fixtures/degrade.js';
import { FRAME_2MP, mrzFrame, qrFrame, type MrzKind } from '../test/fixtures/capture-frames.js';

/** `npm run bench:capture`: latency of the capture check on 2 MP frames (1920×1080 JPEG), per kind
 * of frame, as the route runs it (decode, QR pass, MRZ pass, guidance when not proven), after one
 * warm-up check per kind. BENCH_RUNS=N frames per kind (default 20, each a different seed);
 * BENCH_KINDS=qr,mrz,mrz-broken,empty picks kinds. Tesseract 1 engine, PaddleOCR 1 engine, as a
 * small server runs them. */

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const KINDS = (process.env.BENCH_KINDS ?? 'qr,mrz,mrz-broken,empty').split(',');
const MRZ_KINDS: MrzKind[] = ['passport', 'td1', 'td2', 'visa'];

interface Case {
  name: string;
  lookFor: CaptureTarget;
  frame: (i: number) => Promise<Buffer>;
}

const CASES: Case[] = [
  { name: 'qr', lookFor: 'any', frame: async (i) => (await qrFrame({ seed: 500 + i, texts: [`https://example.org/receipt/${i}`] })).bytes },
  { name: 'mrz', lookFor: 'any', frame: async (i) => (await mrzFrame({ seed: 600 + i, kind: MRZ_KINDS[i % 4]! })).bytes },
  { name: 'mrz-broken', lookFor: 'any', frame: async (i) => (await mrzFrame({ seed: 700 + i, kind: 'passport', broken: 'birth_date' })).bytes },
  { name: 'empty', lookFor: 'any', frame: async (i) => blankImage(FRAME_2MP.width, FRAME_2MP.height, 120 + i, 10, i) },
];

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

const tesseract = createTesseractReader({ workers: 1, recycleAfter: 200 });
const paddle = createPaddleReader({ maxSide: 1600, threads: 1 });
await Promise.all([tesseract.ready(), paddle.ready()]);
const service = new CaptureService({ readers: async () => ({ tesseract, paddle }) });
const all: number[] = [];
console.log(`capture check on ${FRAME_2MP.width}×${FRAME_2MP.height} frames, ${RUNS} per kind`);
console.log('kind         p50 ms   p99 ms   proven   steps (p50 ms)');
try {
  for (const c of CASES.filter((k) => KINDS.includes(k.name))) {
    const frames = await Promise.all(Array.from({ length: RUNS + 1 }, (_, i) => c.frame(i)));
    const ms: number[] = [];
    const steps: Record<string, number[]> = {};
    let proven = 0;
    for (const [i, bytes] of frames.entries()) {
      const started = performance.now();
      const r = await service.check(bytes, { lookFor: c.lookFor });
      if (i === 0) continue; // warm-up
      ms.push(performance.now() - started);
      if (r.proven) proven++;
      for (const [step, t] of Object.entries(r.timings_ms)) (steps[step] ??= []).push(t);
    }
    all.push(...ms);
    const stepText = Object.entries(steps)
      .map(([s, t]) => `${s} ${quantile(t, 0.5).toFixed(0)}`)
      .join(', ');
    console.log(
      `${c.name.padEnd(12)} ${quantile(ms, 0.5).toFixed(0).padStart(6)}   ${quantile(ms, 0.99).toFixed(0).padStart(6)}   ${String(proven).padStart(3)}/${ms.length}   ${stepText}`,
    );
  }
  console.log(`${'all'.padEnd(12)} ${quantile(all, 0.5).toFixed(0).padStart(6)}   ${quantile(all, 0.99).toFixed(0).padStart(6)}`);
} finally {
  await tesseract.close();
  await paddle.close();
}
