import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { OCRB_CLASSES, OCRB_WEIGHTS_PATH, classify, parseModel, serialiseModel, type GlyphModel } from '../src/readers/ocrb/model.js';
import { INPUT, cutCells, lineSample, type LineSample } from '../test/fixtures/ocrb/cells.js';
import { rngOf, type Rng } from '../test/fixtures/ocrb/render.js';

/** Trains the OCR-B glyph classifier (src/readers/ocrb/model.ts) on rendered, degraded MRZ lines
 * and writes models/ocrb-glyphs.json. Seeded: the same arguments give the same weights.
 *
 *   npx tsx scripts/train-ocrb.ts [--lines 1400] [--epochs 6] [--seed 1]
 *
 * The lines are rendered once; every epoch cuts their cells afresh with new misplacement. The
 * held-out lines (another seed) are never trained on; their accuracy is printed at the end. */

const { values } = parseArgs({
  options: {
    lines: { type: 'string', default: '1400' },
    epochs: { type: 'string', default: '6' },
    seed: { type: 'string', default: '1' },
    hidden: { type: 'string', default: '192,96' },
  },
});
const seed = Number(values.seed);
const hidden = values.hidden!.split(',').map(Number);

async function samples(rng: Rng, count: number): Promise<LineSample[]> {
  const out: LineSample[] = [];
  while (out.length < count) {
    const s = await lineSample(rng);
    if (s) out.push(s);
  }
  return out;
}

function init(rng: Rng): GlyphModel {
  const sizes = [INPUT, ...hidden, OCRB_CLASSES.length];
  return {
    layers: sizes.slice(1).map((outputs, n) => {
      const inputs = sizes[n]!;
      const scale = Math.sqrt(2 / inputs);
      const weights = new Float32Array(inputs * outputs);
      for (let i = 0; i < weights.length; i++) weights[i] = (rng() + rng() + rng() - 1.5) * 2 * scale;
      return { inputs, outputs, weights, bias: new Float32Array(outputs) };
    }),
  };
}

/** Adam over minibatches, softmax cross-entropy. */
function train(model: GlyphModel, x: Float32Array, y: Uint8Array, rng: Rng, lr: number): number {
  const n = y.length;
  const order = Uint32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const L = model.layers;
  const grads = L.map((l) => ({ w: new Float32Array(l.weights.length), b: new Float32Array(l.outputs) }));
  const batch = 64;
  let loss = 0;
  for (let start = 0; start < n; start += batch) {
    for (const g of grads) g.w.fill(0), g.b.fill(0);
    const end = Math.min(n, start + batch);
    for (let k = start; k < end; k++) {
      const idx = order[k]!;
      const input = x.subarray(idx * INPUT, (idx + 1) * INPUT);
      const acts: Float32Array[] = [input];
      for (let li = 0; li < L.length; li++) {
        const l = L[li]!;
        const a = acts[li]!;
        const out = new Float32Array(l.outputs);
        for (let o = 0; o < l.outputs; o++) {
          let s = l.bias[o]!;
          const row = o * l.inputs;
          for (let i = 0; i < l.inputs; i++) s += l.weights[row + i]! * a[i]!;
          out[o] = li < L.length - 1 && s < 0 ? 0 : s;
        }
        acts.push(out);
      }
      const logits = acts[L.length]!;
      let max = -Infinity;
      for (const v of logits) max = Math.max(max, v);
      let sum = 0;
      const p = new Float32Array(logits.length);
      for (let i = 0; i < p.length; i++) sum += p[i] = Math.exp(logits[i]! - max);
      for (let i = 0; i < p.length; i++) p[i]! /= sum;
      loss -= Math.log(Math.max(1e-9, p[y[idx]!]!));
      let delta = p;
      delta[y[idx]!]! -= 1;
      for (let li = L.length - 1; li >= 0; li--) {
        const l = L[li]!;
        const a = acts[li]!;
        const g = grads[li]!;
        const back = new Float32Array(l.inputs);
        for (let o = 0; o < l.outputs; o++) {
          const d = delta[o]!;
          if (d === 0) continue;
          g.b[o]! += d;
          const row = o * l.inputs;
          for (let i = 0; i < l.inputs; i++) {
            g.w[row + i]! += d * a[i]!;
            back[i]! += d * l.weights[row + i]!;
          }
        }
        if (li > 0) for (let i = 0; i < back.length; i++) if (a[i]! <= 0) back[i] = 0;
        delta = back;
      }
    }
    adamStep(model, grads, end - start, lr);
  }
  return loss / n;
}

const adam = new Map<Float32Array, { m: Float32Array; v: Float32Array }>();
let step = 0;
function adamStep(model: GlyphModel, grads: Array<{ w: Float32Array; b: Float32Array }>, size: number, lr: number): void {
  step++;
  const [b1, b2, eps] = [0.9, 0.999, 1e-8];
  const c1 = 1 - b1 ** step;
  const c2 = 1 - b2 ** step;
  model.layers.forEach((l, li) => {
    for (const [param, grad] of [
      [l.weights, grads[li]!.w],
      [l.bias, grads[li]!.b],
    ] as const) {
      let st = adam.get(param);
      if (!st) adam.set(param, (st = { m: new Float32Array(param.length), v: new Float32Array(param.length) }));
      for (let i = 0; i < param.length; i++) {
        const g = grad[i]! / size;
        st.m[i] = b1 * st.m[i]! + (1 - b1) * g;
        st.v[i] = b2 * st.v[i]! + (1 - b2) * g * g;
        param[i]! -= (lr * (st.m[i]! / c1)) / (Math.sqrt(st.v[i]! / c2) + eps);
      }
    }
  });
}

function accuracy(model: GlyphModel, x: Float32Array, y: Uint8Array): number {
  let right = 0;
  for (let k = 0; k < y.length; k++) {
    const p = classify(model, x.subarray(k * INPUT, (k + 1) * INPUT));
    let best = 0;
    for (let i = 1; i < p.length; i++) if (p[i]! > p[best]!) best = i;
    if (best === y[k]) right++;
  }
  return right / y.length;
}

const rng = rngOf(seed);
const started = Date.now();
const train_ = await samples(rng, Number(values.lines));
const held = await samples(rngOf(seed + 1_000_003), 150);
const heldCells = cutCells(held, rngOf(seed + 7));
console.log(`rendered ${train_.length} lines in ${((Date.now() - started) / 1000).toFixed(0)} s`);
const model = init(rng);
const epochs = Number(values.epochs);
for (let e = 0; e < epochs; e++) {
  const { x, y } = cutCells(train_, rng);
  const lr = 0.002 * 0.5 * (1 + Math.cos((Math.PI * e) / epochs));
  const loss = train(model, x, y, rng, lr);
  // written after every epoch, so that a long run can be looked at (and stopped) midway
  const json = serialiseModel(model, { seed, lines: train_.length, epochs: e + 1, hidden, trainedBy: 'scripts/train-ocrb.ts' });
  writeFileSync(OCRB_WEIGHTS_PATH, json);
  const shipped = parseModel(json);
  console.log(
    `epoch ${e + 1}: ${y.length} cells, loss ${loss.toFixed(4)}; held-out ${(100 * accuracy(shipped, heldCells.x, heldCells.y)).toFixed(2)}% of ${heldCells.y.length} cells (int8 weights, ${(json.length / 1024).toFixed(0)} KB)`,
  );
}
