import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CELL_H, CELL_W } from './cell.js';

/** A small multilayer perceptron over one normalised MRZ cell (cell.ts): ReLU hidden layers and a
 * softmax over the 37 MRZ characters. Trained by scripts/train-ocrb.ts on rendered OCR-B; its
 * weights ship in models/ocrb-glyphs.json as int8 with one scale per output unit (a quarter of
 * float32's size; the rounding moves accuracy by far less than the training noise). */

export const OCRB_CLASSES = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';
export const OCRB_INPUT = CELL_W * CELL_H;

export interface DenseLayer {
  inputs: number;
  outputs: number;
  /** outputs × inputs, row-major. */
  weights: Float32Array;
  bias: Float32Array;
  /** The same weights input by input (inputs × outputs), for a forward pass that skips the zero
   * inputs (paper pixels, units the ReLU shut): made once for a loaded model, which is never
   * trained further. */
  byInput?: Float32Array;
}

export interface GlyphModel {
  layers: DenseLayer[];
}

export const OCRB_WEIGHTS_PATH = fileURLToPath(new URL('../../../models/ocrb-glyphs.json', import.meta.url));

interface StoredLayer {
  inputs: number;
  outputs: number;
  scales: number[];
  /** int8 weights, base64. */
  q: string;
  bias: number[];
}

interface StoredModel {
  format: 'ocrb-mlp-int8';
  classes: string;
  cell: [number, number];
  layers: StoredLayer[];
}

export function serialiseModel(model: GlyphModel, meta: Record<string, unknown>): string {
  const layers: StoredLayer[] = model.layers.map((l) => {
    const q = new Int8Array(l.inputs * l.outputs);
    const scales: number[] = [];
    for (let o = 0; o < l.outputs; o++) {
      let max = 1e-8;
      for (let i = 0; i < l.inputs; i++) max = Math.max(max, Math.abs(l.weights[o * l.inputs + i]!));
      const scale = max / 127;
      scales.push(Number(scale.toPrecision(6)));
      for (let i = 0; i < l.inputs; i++) q[o * l.inputs + i] = Math.round(l.weights[o * l.inputs + i]! / scale);
    }
    return {
      inputs: l.inputs,
      outputs: l.outputs,
      scales,
      q: Buffer.from(q.buffer).toString('base64'),
      bias: [...l.bias].map((b) => Number(b.toPrecision(6))),
    };
  });
  const stored: StoredModel & { meta: Record<string, unknown> } = { format: 'ocrb-mlp-int8', classes: OCRB_CLASSES, cell: [CELL_W, CELL_H], layers, meta };
  return JSON.stringify(stored);
}

export function parseModel(json: string): GlyphModel {
  const stored = JSON.parse(json) as StoredModel;
  if (stored.format !== 'ocrb-mlp-int8' || stored.classes !== OCRB_CLASSES || stored.cell[0] !== CELL_W || stored.cell[1] !== CELL_H)
    throw new Error('ocrb: the weights file does not match this reader');
  let inputs = OCRB_INPUT;
  const layers = stored.layers.map((l) => {
    if (l.inputs !== inputs || l.scales.length !== l.outputs || l.bias.length !== l.outputs) throw new Error('ocrb: malformed weights');
    const raw = Buffer.from(l.q, 'base64');
    if (raw.length !== l.inputs * l.outputs) throw new Error('ocrb: malformed weights');
    const q = new Int8Array(raw.buffer, raw.byteOffset, raw.length);
    const weights = new Float32Array(q.length);
    for (let o = 0; o < l.outputs; o++) for (let i = 0; i < l.inputs; i++) weights[o * l.inputs + i] = q[o * l.inputs + i]! * l.scales[o]!;
    const byInput = new Float32Array(weights.length);
    for (let o = 0; o < l.outputs; o++) for (let i = 0; i < l.inputs; i++) byInput[i * l.outputs + o] = weights[o * l.inputs + i]!;
    inputs = l.outputs;
    return { inputs: l.inputs, outputs: l.outputs, weights, bias: Float32Array.from(l.bias), byInput };
  });
  if (inputs !== OCRB_CLASSES.length) throw new Error('ocrb: malformed weights');
  return { layers };
}

let loaded: GlyphModel | null = null;

/** The shipped model, read once per process. */
export function glyphModel(): GlyphModel {
  loaded ??= parseModel(readFileSync(OCRB_WEIGHTS_PATH, 'utf8'));
  return loaded;
}

/** Each layer's activations for one input (ReLU between layers; the last holds logits). */
export function forward(model: GlyphModel, input: Float32Array): Float32Array[] {
  const acts: Float32Array[] = [];
  let x = input;
  model.layers.forEach((l, n) => {
    const y = new Float32Array(l.outputs);
    const hidden = n < model.layers.length - 1;
    if (l.byInput) {
      // Each output's sum in the same order (bias, then input by input), zero inputs left out:
      // adding their zero products changes no sum, so the result is the row-major pass's, bit for bit.
      const { inputs, outputs, byInput, bias } = l;
      const sums = new Float64Array(outputs);
      for (let o = 0; o < outputs; o++) sums[o] = bias[o]!;
      for (let i = 0; i < inputs; i++) {
        const xi = x[i]!;
        if (xi === 0) continue;
        for (let o = 0, w = i * outputs; o < outputs; o++, w++) sums[o] = sums[o]! + byInput[w]! * xi;
      }
      for (let o = 0; o < outputs; o++) y[o] = hidden && sums[o]! < 0 ? 0 : sums[o]!;
    } else {
      for (let o = 0; o < l.outputs; o++) {
        let s = l.bias[o]!;
        const row = o * l.inputs;
        for (let i = 0; i < l.inputs; i++) s += l.weights[row + i]! * x[i]!;
        y[o] = hidden && s < 0 ? 0 : s;
      }
    }
    acts.push(y);
    x = y;
  });
  return acts;
}

export function softmax(logits: Float32Array): Float32Array {
  let max = -Infinity;
  for (const v of logits) max = Math.max(max, v);
  const out = new Float32Array(logits.length);
  let sum = 0;
  for (let i = 0; i < logits.length; i++) sum += out[i] = Math.exp(logits[i]! - max);
  for (let i = 0; i < out.length; i++) out[i]! /= sum;
  return out;
}

/** The class probabilities of one cell. */
export function classify(model: GlyphModel, input: Float32Array): Float32Array {
  return softmax(forward(model, input).at(-1)!);
}
