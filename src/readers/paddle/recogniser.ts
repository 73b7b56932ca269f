import { readFileSync } from 'node:fs';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import sharp from 'sharp';
import type { GreyImage, Rect } from './words.js';

/** PaddleOCR's PP-OCRv4 line recogniser run directly on one text line, without the detector.
 * @gutenye/ocr-node only exposes detection followed by recognition; on a crop that is already one
 * line, detection is most of the cost. This runs the same recognition model file the package ships
 * and decodes it the same way (CTC, greedy). */

/** Height the model was trained at. */
const MODEL_HEIGHT = 48;
/** The model gives one output step per 8 input columns: narrower input gives none. */
const MIN_WIDTH = 8;
/** Widest input: a line longer than this is shrunk to fit (very long lines lose a little detail). */
const MAX_WIDTH = 2560;

export interface RecognisedChar {
  text: string;
  confidence: number;
}

export interface RecognisedLine {
  text: string;
  /** Mean of the characters' probabilities, 0..1; 0 when nothing was read. */
  confidence: number;
  chars: RecognisedChar[];
}

export interface LineRecogniser {
  /** Reads the text in `rect` of `img` as one line, surrounded by `pad` pixels of the `paper`
   * grey (the model reads best with a margin, and the page's own margin may hold a neighbour). */
  recognise(img: GreyImage, rect: Rect, around: { pad: number; paper: number }): Promise<RecognisedLine>;
  release(): Promise<void>;
}

/** Per output step, the probability of the CTC blank (column 0) and of each group of the model's
 * characters (column g + 1 sums group g), so a caller can decode under its own grammar. */
export interface StepProbabilities {
  steps: number;
  /** steps × (groups + 1), row-major. */
  data: Float32Array;
}

export interface PaddleLineRecogniser extends LineRecogniser {
  /** As `recognise`, but the raw per-step probabilities of the given character groups (each a
   * list of the dictionary's characters whose probabilities are summed, e.g. `['A', 'a']`). */
  stepProbabilities(
    img: GreyImage,
    rect: Rect,
    around: { pad: number; paper: number; stretch?: number },
    groups: readonly (readonly string[])[],
  ): Promise<StepProbabilities>;
}

export async function createLineRecogniser(opts: {
  modelPath: string;
  dictionaryPath: string;
  sessionOptions: InferenceSession.SessionOptions;
}): Promise<PaddleLineRecogniser> {
  const session = await InferenceSession.create(opts.modelPath, opts.sessionOptions);
  // Index 0 of the output is the CTC blank; the dictionary's characters follow, then the space.
  const dictionary = [...readFileSync(opts.dictionaryPath, 'utf8').split('\n'), ' '];
  const classOf = new Map(dictionary.map((ch, i) => [ch, i + 1]));
  const input = session.inputNames[0]!;
  const output = session.outputNames[0]!;

  /** The model's output for one line: per step, a probability for each class (the export ends in a softmax). */
  /** `stretch` widens the line before it is read: more output steps per character. */
  async function run(
    img: GreyImage,
    rect: Rect,
    { pad, paper, stretch = 1 }: { pad: number; paper: number; stretch?: number },
  ): Promise<{ data: Float32Array; steps: number; classes: number } | null> {
    const width = rect.x1 - rect.x0;
    const height = rect.y1 - rect.y0;
    if (width < 2 || height < 2) return null;
    // sharp resizes before it extends, so the margin is added at model scale.
    const margin = Math.round((pad * MODEL_HEIGHT) / (height + 2 * pad));
    const innerHeight = MODEL_HEIGHT - 2 * margin;
    const innerWidth = Math.max(MIN_WIDTH, Math.min(MAX_WIDTH - 2 * margin, Math.round((stretch * width * innerHeight) / height)));
    const modelWidth = innerWidth + 2 * margin;
    const resized = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } })
      .extract({ left: rect.x0, top: rect.y0, width, height })
      .resize({ width: innerWidth, height: innerHeight, fit: 'fill' })
      .extend({ top: margin, bottom: margin, left: margin, right: margin, background: { r: paper, g: paper, b: paper } })
      .greyscale()
      .raw()
      .toBuffer();
    const tensor = new Tensor('float32', toModelInput(resized), [1, 3, MODEL_HEIGHT, modelWidth]);
    const result = await session.run({ [input]: tensor });
    const probabilities = result[output]!;
    const [, steps, classes] = probabilities.dims as [number, number, number];
    return { data: probabilities.data as Float32Array, steps, classes };
  }

  return {
    async recognise(img, rect, around) {
      const out = await run(img, rect, around);
      if (!out) return { text: '', confidence: 0, chars: [] };
      return decodeGreedy(out.data, out.steps, out.classes, dictionary);
    },
    async stepProbabilities(img, rect, around, groups) {
      const out = await run(img, rect, around);
      if (!out) return { steps: 0, data: new Float32Array(0) };
      const columns = groups.map((g) => g.flatMap((ch) => (classOf.has(ch) ? [classOf.get(ch)!] : [])));
      const width = groups.length + 1;
      const data = new Float32Array(out.steps * width);
      for (let t = 0; t < out.steps; t++) {
        const base = t * out.classes;
        data[t * width] = out.data[base]!;
        columns.forEach((cols, g) => {
          let sum = 0;
          for (const c of cols) sum += out.data[base + c]!;
          data[t * width + g + 1] = sum;
        });
      }
      return { steps: out.steps, data };
    },
    release: () => session.release(),
  };
}

/** Grey pixels as the model's three identical channels, scaled to 0..1 as @gutenye/ocr-common does
 * for this model export. */
export function toModelInput(grey: Uint8Array): Float32Array {
  const plane = grey.length;
  const out = new Float32Array(plane * 3);
  for (let i = 0; i < plane; i++) {
    const v = grey[i]! / 255;
    out[i] = v;
    out[plane + i] = v;
    out[2 * plane + i] = v;
  }
  return out;
}

/** Best class per step, repeats collapsed, blanks dropped; a character's probability is its best step's. */
export function decodeGreedy(data: Float32Array, steps: number, classes: number, dictionary: string[]): RecognisedLine {
  const chars: RecognisedChar[] = [];
  let previous = 0;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bestScore = Number.NEGATIVE_INFINITY;
    const base = t * classes;
    for (let c = 0; c < classes; c++) {
      const score = data[base + c]!;
      if (score > bestScore) {
        bestScore = score;
        best = c;
      }
    }
    if (best !== 0 && best === previous) {
      const last = chars.at(-1)!;
      last.confidence = Math.max(last.confidence, bestScore);
    } else if (best !== 0) {
      chars.push({ text: dictionary[best - 1] ?? '', confidence: bestScore });
    }
    previous = best;
  }
  const confidence = chars.length ? chars.reduce((s, c) => s + c.confidence, 0) / chars.length : 0;
  return { text: chars.map((c) => c.text).join(''), confidence, chars };
}
