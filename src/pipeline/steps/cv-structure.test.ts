import { describe, expect, it } from 'vitest';
import { openImage } from '../../imaging/open.js';
import type { Box, Line, ReaderOutput } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import { cvStructureStep } from './cv-structure.js';

const line = (text: string, y: number, h = 0.012): Line => ({ text, box: [0.1, y, 0.1 + text.length * 0.008, y + h], confidence: 0.9, words: [] });

/** Tesseract's reading of a photographed one-column CV with two links on its contact line. */
const reading = (): ReaderOutput => ({
  reader: 'tesseract',
  engine: { name: 'tesseract', version: '5' },
  ms: 0,
  cost_usd: 0,
  pages: [
    {
      page: 1,
      lines: [
        line('Ana Silva', 0.05, 0.03),
        line('linkedin.com/in/ana-silva | github.com/anasilva', 0.1),
        line('Experience', 0.15, 0.018),
        line('Data Engineer, Quantix Labs', 0.19),
        line('2019 - 2021', 0.21),
        line('Skills', 0.25, 0.018),
        line('Python, SQL', 0.28),
      ],
    },
  ],
});

/** Readers that read every crop as the given text, one line filling the crop. */
async function context(paddleText: string, tesseractText: string) {
  const png = await openImage(Buffer.alloc(200 * 280 * 3, 255), { raw: { width: 200, height: 280, channels: 3 } })
    .png()
    .toBuffer();
  const asked = { paddle: 0, tesseract: 0 };
  const paddle = {
    readCrops: async (_png: Buffer, boxes: Box[]) => {
      asked.paddle += boxes.length;
      return boxes.map((box) => ({
        box,
        text: paddleText,
        confidence: 0.9,
        lines: [{ text: paddleText, box, confidence: 0.9, words: [] }],
        via: 'recogniser',
      }));
    },
  };
  const tesseract = {
    readRegion: async () => {
      asked.tesseract++;
      return { text: tesseractText, confidence: 0.9, lines: [{ text: tesseractText, box: [0, 0, 1, 1], confidence: 0.9, words: [] }] };
    },
  };
  const ctx = {
    input: { improve: false },
    deps: { readers: { get: async (name: string) => (name === 'paddle' ? paddle : name === 'tesseract' ? tesseract : null) } },
    documentType: 'cv',
    pageImages: [{ page: 1, width: 200, height: 280, png }],
    readings: [reading()],
    problems: [],
    raw: {},
  } as unknown as ReadContext;
  return { ctx, asked };
}

describe("a photographed CV's links", () => {
  it('stand when the second reader reads them in their crop too', async () => {
    const { ctx, asked } = await context('linkedin.com/in/ana-silva|github.com/anasilva', 'unused');
    await cvStructureStep.run(ctx);
    expect(ctx.cv!.contact.links.map((l) => [l.value, l.evidence])).toEqual([
      ['linkedin.com/in/ana-silva', ['reader_agree']],
      ['github.com/anasilva', ['reader_agree']],
    ]);
    expect(asked.tesseract).toBe(0);
    expect(ctx.problems).toEqual([]);
  });

  it('stand as both read them once Tesseract has read the crop again', async () => {
    const { ctx } = await context('linkedin.com/in/ana-silva github.com/anasi1va', 'linkedin.com/in/ana-silva | github.com/anasi1va');
    await cvStructureStep.run(ctx);
    expect(ctx.cv!.contact.links.map((l) => l.value)).toEqual(['linkedin.com/in/ana-silva', 'github.com/anasi1va']);
  });

  it('are left out and sent to a person when the readers never agree', async () => {
    const { ctx } = await context('linkedin.com/in/ana-silva github.com/anasi1va', 'linkedin.com/in/ana-silva | github.com/anasilva');
    await cvStructureStep.run(ctx);
    expect(ctx.cv!.contact.links.map((l) => l.value)).toEqual(['linkedin.com/in/ana-silva']);
    expect(ctx.problems).toEqual([{ code: 'FIELD_CONFLICT', detail: expect.stringContaining('"github.com/anasilva"') }]);
  });
});
