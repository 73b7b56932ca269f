import { describe, expect, it } from 'vitest';
import { openImage } from '../../imaging/open.js';
import type { PageImage, ReaderOutput, ReadRequest } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import { receipt } from '../../doctypes/receipt.js';
import { classifyStep } from './classify.js';
import { readStep, readThinPagesTiled } from './read.js';

const W = 300;
const H = 500;

/** A page of text lines on paper whose brightness `paper(x)` gives across it. */
async function page(paper: (x: number) => number): Promise<PageImage> {
  const grey = Buffer.alloc(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const ink = x >= 20 && x < W - 20 && y % 40 >= 13 && y % 40 < 27 && x % 9 < 3;
      grey[y * W + x] = ink ? Math.max(0, paper(x) - 70) : paper(x);
    }
  }
  const png = await openImage(grey, { raw: { width: W, height: H, channels: 1 } })
    .png()
    .toBuffer();
  return { page: 1, width: W, height: H, png };
}

/** Runs the read step with stand-in engines; returns what Tesseract was given and the context. */
async function read(image: PageImage, linesRead: (call: number) => string[] | null = () => null): Promise<{ given: PageImage[]; ctx: ReadContext }> {
  const given: PageImage[] = [];
  const tesseract = {
    scripts: ['latin'],
    read: async (request: ReadRequest): Promise<ReaderOutput> => {
      given.push(...request.images);
      const lines = linesRead(given.length);
      const pages = lines
        ? request.images.map((i) => ({
            page: i.page,
            lines: lines.map((text) => ({
              text,
              box: [0.1, 0.1, 0.9, 0.2] as [number, number, number, number],
              confidence: 0.9,
              words: text.split(' ').map((w) => ({ text: w, box: [0.1, 0.1, 0.2, 0.2] as [number, number, number, number], confidence: 0.9 })),
            })),
          }))
        : [];
      return { reader: 'tesseract', engine: { name: 'tesseract', version: '0' }, pages, ms: 0, cost_usd: 0 };
    },
  };
  const mrzPass = { locate: async () => null };
  const ctx = {
    input: { now: new Date('2025-06-01T00:00:00Z') },
    deps: {
      ocrMaxPixels: 10e6,
      readers: { get: async (name: string) => (name === 'tesseract' ? tesseract : name === 'mrz_pass' ? mrzPass : null) },
    },
    intake: { images: [image] },
    pageImages: [],
    readings: [],
    engines: [],
    problems: [],
    raw: {},
  } as unknown as ReadContext;
  await readStep.run(ctx);
  return { given, ctx };
}

describe('the page Tesseract reads', () => {
  it('is made even when the light falls off across the page, and the page as it came stays for the crops', async () => {
    const image = await page((x) => Math.round(245 - (130 * x) / W));
    const { given, ctx } = await read(image);
    expect(given).toHaveLength(1);
    expect(given[0]!.png.equals(image.png)).toBe(false);
    const { data } = await openImage(given[0]!.png).greyscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    // Bare paper on the dim right side comes out near white.
    expect(data[35 * W + 270]!).toBeGreaterThanOrEqual(235);
    expect(ctx.pageImages[0]!.png.equals(image.png)).toBe(true);
    expect(ctx.evenPages).toHaveLength(1);
    expect(ctx.raw.even_light).toEqual([{ page: 1, paper_ratio: expect.any(Number) }]);
  });

  it('is the page as it came when its light is even', async () => {
    const image = await page(() => 240);
    const { given, ctx } = await read(image);
    expect(given[0]!.png.equals(image.png)).toBe(true);
    expect(ctx.evenPages).toBeUndefined();
  });
});

describe('a page Tesseract read next to nothing from', () => {
  it('is read again made even, whatever its light, and the second read stands when it gives more', async () => {
    const image = await page(() => 240);
    const { given, ctx } = await read(image, (call) => (call === 1 ? [] : ['CAFE DE LA GARE SAS', 'NET A PAYER EUR 5,94', 'CARTE BANCAIRE 5,94']));
    expect(given).toHaveLength(2);
    expect(given[0]!.png.equals(image.png)).toBe(true);
    expect(given[1]!.png.equals(image.png)).toBe(false);
    expect(ctx.readings[0]!.pages[0]!.lines).toHaveLength(3);
    expect(ctx.evenPages).toHaveLength(1);
    expect(ctx.raw.even_light).toEqual([{ page: 1, paper_ratio: expect.any(Number), read_again: true }]);
  });

  it('keeps the first read when the even page reads no more, and reads a page with text once', async () => {
    const image = await page(() => 240);
    const blank = await read(image, () => []);
    expect(blank.given).toHaveLength(2);
    expect(blank.ctx.evenPages).toBeUndefined();
    const read3 = await read(image, () => ['KEDAI ABC', 'TOTAL 9.60', 'CASH 10.00']);
    expect(read3.given).toHaveLength(1);
  });
});

describe('a page whose paper is still dim in part, though its light passed for even', () => {
  // Paper from 245 down to 175 across the page: about 0.78 of the brightest, judged part by part.
  const dim = () => page((x) => Math.round(245 - (70 * x) / W));
  const HEADER_LOST = ['DATE: 2025-', 'TOTAL AMOU'];
  const WHOLE = ['SUNRISE MINI MARKET SDN BHD', 'NO 12, JALAN SS 2/64', 'DATE: 2025-04-18 Time 15:22', 'TOTAL AMOUNT 93.55'];

  it('is read again made even, and the second read stands when it reads more words', async () => {
    const { given, ctx } = await read(await dim(), (call) => (call === 1 ? HEADER_LOST : WHOLE));
    expect(given).toHaveLength(2);
    expect(ctx.readings[0]!.pages[0]!.lines.map((l) => l.text)).toEqual(WHOLE);
    expect(ctx.evenPages).toHaveLength(1);
    expect(ctx.raw.even_light).toEqual([{ page: 1, paper_ratio: expect.any(Number), read_again: true }]);
    const ratio = (ctx.raw.even_light as Array<{ paper_ratio: number }>)[0]!.paper_ratio;
    expect(ratio).toBeGreaterThan(0.72);
    expect(ratio).toBeLessThanOrEqual(0.8);
  });

  it('keeps the first read when the even page reads less, and is read once when its light is even', async () => {
    const fewer = await read(await dim(), (call) => (call === 1 ? WHOLE : HEADER_LOST));
    expect(fewer.given).toHaveLength(2);
    expect(fewer.ctx.readings[0]!.pages[0]!.lines.map((l) => l.text)).toEqual(WHOLE);
    expect(fewer.ctx.evenPages).toBeUndefined();
    const even = await read(await page(() => 240), (call) => (call === 1 ? HEADER_LOST : WHOLE));
    expect(even.given).toHaveLength(1);
  });
});

describe('the pages Tesseract read thinly, when no document type was recognised', () => {
  const line = (text: string, confidence = 0.9) => ({
    text,
    box: [0.1, 0.1, 0.9, 0.2] as [number, number, number, number],
    confidence,
    words: text.split(' ').map((w) => ({ text: w, box: [0.1, 0.1, 0.2, 0.2] as [number, number, number, number], confidence })),
  });
  const SLIP = [
    'FROMAGERIE LAURENT',
    '48 BD VOLTAIRE',
    '75011 PARIS',
    'Ticket n° 929751',
    '05/05/2025 18:01',
    'TOTAL TTC EUR 73,50',
    'ESPECES 100,00',
    'RENDU 26,50',
  ];

  /** A context whose Tesseract reading holds `first`, and whose engine reads `tiled` tile by tile. */
  async function thin(first: string[], tiled: string[]) {
    const image = await page(() => 200);
    let asked = 0;
    const tesseract = {
      readTiled: async (request: ReadRequest): Promise<ReaderOutput> => {
        asked++;
        return {
          reader: 'tesseract',
          engine: { name: 'tesseract', version: '0' },
          pages: request.images.map((i) => ({ page: i.page, lines: tiled.map((t) => line(t)) })),
          ms: 5,
          cost_usd: 0,
        };
      },
    };
    const ctx = {
      input: { kind: 'jpeg', typeHint: null },
      deps: { readers: { get: async (name: string) => (name === 'tesseract' ? tesseract : null) }, doctypes: [receipt] },
      intake: { images: [image] },
      pageImages: [image],
      readings: [
        { reader: 'tesseract', engine: { name: 'tesseract', version: '0' }, pages: [{ page: 1, lines: first.map((t) => line(t)) }], ms: 10, cost_usd: 0 },
      ],
      engines: [],
      problems: [],
      raw: {},
    } as unknown as ReadContext;
    return { ctx, asked: () => asked };
  }

  it('reads them again tile by tile, and the type is looked for again in the second reading', async () => {
    const { ctx, asked } = await thin(['= pr'], SLIP);
    expect(await classifyStep.run(ctx)).toBeUndefined();
    expect(asked()).toBe(1);
    expect(ctx.documentType).toBe('receipt');
    expect(ctx.problems).toEqual([]);
    expect(ctx.readings[0]!.pages[0]!.lines.map((l) => l.text)).toEqual(SLIP);
    expect(ctx.raw.tiled_pages).toEqual([1]);
  });

  it('keeps the first reading when the tiles read fewer confident words, and does not read a page read well again', async () => {
    const fewer = await thin(['FROMAGERIE LAURENT', 'PARIS'], ['= pr']);
    expect(await readThinPagesTiled(fewer.ctx)).toBe(false);
    expect(fewer.ctx.readings[0]!.pages[0]!.lines.map((l) => l.text)).toEqual(['FROMAGERIE LAURENT', 'PARIS']);
    const well = await thin(SLIP, SLIP);
    expect(await readThinPagesTiled(well.ctx)).toBe(false);
    expect(well.asked()).toBe(0);
  });
});
