import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
// registers the Node backend (sharp images, onnxruntime-node) the package's models run on
import '@gutenye/ocr-node';

/** @gutenye/ocr-node's Ocr.detect runs the text detector, then the package's recogniser on every
 * box it found. Here the two stages are apart, so that a caller needing only the boxes (an MRZ
 * crop, whose rows our own recogniser reads under the MRZ grammar) does not pay for that
 * recognition: on an MRZ crop it is about 70% of a detect call. The package exports neither
 * model class; they are reached by file, beside its entry, as in ocr-common-fast.ts. */

/** A box the detector found (its four corners, in the image's pixels) and its cut-out. */
export interface DetectedBox {
  box: number[][];
  image: unknown;
}

/** A line as the package reads it: boxes read with a mean confidence of at least 0.5, those on
 * one midline joined. */
export interface DetectedLine {
  text: string;
  mean: number;
  box?: number[][];
}

export interface PaddleOcr {
  /** As the package's Ocr.detect: the boxes found, then read. */
  detect(image: Buffer): Promise<DetectedLine[]>;
  /** The text detector alone. */
  boxes(image: Buffer): Promise<DetectedBox[]>;
  /** The package's recognition of boxes the detector found. */
  recognise(boxes: DetectedBox[]): Promise<DetectedLine[]>;
}

interface Stage<In, Out> {
  run(input: In): Promise<Out>;
}
interface StageClass<In, Out> {
  create(options: object): Promise<Stage<In, Out>>;
}

export async function createPaddleOcr(options: { models: object; onnxOptions: object }): Promise<PaddleOcr> {
  const fromOcrNode = createRequire(createRequire(import.meta.url).resolve('@gutenye/ocr-node'));
  const models = join(dirname(fromOcrNode.resolve('@gutenye/ocr-common')), 'models', 'index.js');
  const { Detection, Recognition } = (await import(pathToFileURL(models).href)) as {
    Detection: StageClass<Buffer, DetectedBox[]>;
    Recognition: StageClass<DetectedBox[], DetectedLine[]>;
  };
  const detection = await Detection.create(options);
  const recognition = await Recognition.create(options);
  return {
    detect: async (image) => recognition.run(await detection.run(image)),
    boxes: (image) => detection.run(image),
    recognise: (boxes) => recognition.run(boxes),
  };
}
