import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** @gutenye/ocr-common (1.4.x) prepares every model input through plain JavaScript arrays (a push
 * per pixel and channel, then spread and copied) and decodes every recognised line by slicing a
 * copy of each output step: on an MRZ crop that is about a fifth of a detect call's time, all of it
 * on the Paddle thread every passport waits for. These are the same two methods over typed arrays,
 * giving the same numbers: the model sees the same float32 input, and the text and mean confidence
 * come out the same. The package exports neither class, so they are reached by file, beside its
 * entry; a version whose files or methods differ is left as it is. */

interface ImageLike {
  data: Uint8Array | Uint8ClampedArray | Buffer;
  width: number;
  height: number;
}
interface ReshapeOptions {
  mean?: number[];
  std?: number[];
}
interface TensorLike {
  data: Float32Array;
  dims: readonly number[];
}

/** As ModelBase.imageToInput: RGBA pixels as planes B, G, R of (v / 255 - mean) / std. */
export function imageToInput(image: ImageLike, { mean = [0, 0, 0], std = [1, 1, 1] }: ReshapeOptions): { data: Float32Array; width: number; height: number } {
  const src = image.data;
  const n = Math.ceil(src.length / 4);
  const out = new Float32Array(3 * n);
  const [m0, m1, m2] = [mean[0]!, mean[1]!, mean[2]!];
  const [s0, s1, s2] = [std[0]!, std[1]!, std[2]!];
  for (let k = 0, i = 0; k < n; k++, i += 4) {
    out[k] = (src[i + 2]! / 255 - m2) / s2;
    out[n + k] = (src[i + 1]! / 255 - m1) / s1;
    out[2 * n + k] = (src[i]! / 255 - m0) / s0;
  }
  return { data: out, width: image.width, height: image.height };
}

/** As Recognition.decodeText: per output row, the best class per step (the first of equals),
 * blanks and repeats dropped, a character's confidence its first step's; rows in reverse. */
export function decodeText(output: TensorLike, dictionary: readonly string[]): Array<{ text: string; mean: number }> {
  const { data, dims } = output;
  const classes = dims[2]!;
  const rowSize = classes * dims[1]!;
  const lines: Array<{ text: string; mean: number }> = [];
  let ml = dims[0]! - 1;
  for (let l = 0; l < data.length; l += rowSize) {
    let text = '';
    let sum = 0;
    let count = 0;
    let previous = -1;
    for (let i = l; i < l + rowSize; i += classes) {
      let best = data[i]!;
      let idx = 0;
      for (let c = 1; c < classes; c++) {
        const v = data[i + c]!;
        if (v > best) {
          best = v;
          idx = c;
        }
      }
      if (idx !== 0 && idx !== previous) {
        // the package joins an array, in which a missing entry is empty
        text += dictionary[idx - 1] ?? '';
        sum += best;
        count++;
      }
      previous = idx;
    }
    lines[ml] = { text, mean: count ? sum / count : 0 };
    ml--;
  }
  return lines;
}

/** Puts the typed-array methods in place of the package's own; false when its files are not where
 * this version keeps them (the package's methods then stay). */
export async function useTypedArrays(dictionaryPath: string): Promise<boolean> {
  const fromOcrNode = createRequire(createRequire(import.meta.url).resolve('@gutenye/ocr-node'));
  const models = join(dirname(fromOcrNode.resolve('@gutenye/ocr-common')), 'models');
  let ModelBase: { prototype: Record<string, unknown> };
  let Recognition: { prototype: Record<string, unknown> };
  try {
    ({ ModelBase } = await import(pathToFileURL(join(models, 'ModelBase.js')).href));
    ({ Recognition } = await import(pathToFileURL(join(models, 'Recognition.js')).href));
  } catch {
    return false;
  }
  if (typeof ModelBase.prototype.imageToInput !== 'function' || typeof Recognition.prototype.decodeText !== 'function') return false;
  const dictionary = [...readFileSync(dictionaryPath, 'utf8').split('\n'), ' '];
  ModelBase.prototype.imageToInput = imageToInput;
  Recognition.prototype.decodeText = (output: TensorLike) => decodeText(output, dictionary);
  return true;
}
