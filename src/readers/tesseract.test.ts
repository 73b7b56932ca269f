import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  charAccuracy,
  ID_FIELDS,
  ID_MRZ,
  renderArabicCard,
  renderIdCard,
  renderTextPage,
  PAGE_LINES,
  type RenderedImage,
} from '../../test/helpers/text-images.js';
import { assessScripts } from './support/scripts.js';
import { createTesseractReader, MRZ_WHITELIST, type TesseractReader } from './tesseract.js';
import type { Box, PageText } from './types.js';

const near = (a: Box, b: Box, tolerance: number): boolean => a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);
const pageImage = (img: RenderedImage) => ({ page: 1, width: img.width, height: img.height, png: img.png });
const textOf = (page: PageText): string => page.lines.map((l) => l.text).join('\n');

describe('Tesseract reader (tesseract.js LSTM, one warm worker)', () => {
  let reader: TesseractReader;
  let card: RenderedImage;
  beforeAll(async () => {
    reader = createTesseractReader({ workers: 1, recycleAfter: 20 });
    [card] = await Promise.all([renderIdCard(), reader.ready()]);
  });
  afterAll(() => reader.close());

  it('reads the fields of an ID card with words where they were drawn', async () => {
    const out = await reader.read({ images: [pageImage(card)] });
    expect(out).toMatchObject({ reader: 'tesseract', cost_usd: 0 });
    const page = out.pages[0]!;
    expect(page.rotation).toBe(0);
    expect(page.scripts).toEqual(['Latin']);
    for (const [label, value] of ID_FIELDS) {
      const line = page.lines.find((l) => charAccuracy(value, l.text) >= 0.9);
      expect(line, value).toBeDefined();
      expect(
        page.lines.some((l) => charAccuracy(label, l.text) >= 0.9),
        label,
      ).toBe(true);
    }
    const words = page.lines.flatMap((l) => l.words);
    for (const drawn of card.texts.filter((t) => !t.text.includes(' '))) {
      const word = words.find((w) => charAccuracy(drawn.text, w.text) >= 0.85);
      expect(word, drawn.text).toBeDefined();
      expect(near(word!.box, drawn.box, 0.015), `${drawn.text}: ${word!.box} vs ${drawn.box}`).toBe(true);
      expect(word!.confidence).toBeGreaterThan(0.3);
      expect(word!.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('reads an MRZ crop with the MRZ alphabet and a block layout', async () => {
    const band = await sharp(card.png).extract({ left: 20, top: 455, width: 700, height: 160 }).png().toBuffer();
    const region = await reader.readRegion(band, { whitelist: MRZ_WHITELIST, psm: 6 });
    expect(region.text).toMatch(/^[A-Z0-9<\n]+$/);
    expect(charAccuracy(ID_MRZ.join('\n'), region.text)).toBeGreaterThanOrEqual(0.95);
    expect(region.lines).toHaveLength(3);
  });

  it('reads a 150 dpi A4 page', async () => {
    const a4 = await renderTextPage(150);
    const out = await reader.read({ images: [pageImage(a4)] });
    expect(charAccuracy(PAGE_LINES.join('\n'), textOf(out.pages[0]!))).toBeGreaterThanOrEqual(0.95);
  });

  it('reads faint print on a slip under a dark surround tile by tile, where one threshold for the whole image loses it', async () => {
    // Paper and light grey ink both lie above the threshold the dark table sets: the whole image at
    // one threshold is paper, while the slip binarised tile by tile shows its lines.
    const lines = ['FROMAGERIE LAURENT', '48 BD VOLTAIRE', '75011 PARIS', 'TOTAL TTC EUR 73,50', 'MERCI ET A BIENTOT'];
    const text = lines.map((l, i) => `<text x="190" y="${140 + i * 70}" font-family="DejaVu Sans Mono" font-size="26" fill="#c4c4c4">${l}</text>`);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#404040"/><rect x="150" y="60" width="500" height="480" fill="#f4f4f4"/>${text.join('')}</svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    const images = [{ page: 1, width: 800, height: 600, png }];
    const page = (await reader.readTiled({ images })).pages[0]!;
    for (const line of lines)
      expect(
        page.lines.some((l) => charAccuracy(line, l.text) >= 0.9),
        line,
      ).toBe(true);
    expect(page.rotation).toBe(0);
    const once = (await reader.read({ images })).pages[0]!;
    expect(lines.filter((line) => once.lines.some((l) => charAccuracy(line, l.text) >= 0.9)).length).toBeLessThan(lines.length);
  });

  it('turns an upside-down page and reads it', async () => {
    const upsideDown = await sharp(card.png).rotate(180).png().toBuffer();
    const out = await reader.read({ images: [{ page: 2, width: card.width, height: card.height, png: upsideDown }] });
    expect(out.pages[0]).toMatchObject({ page: 2, rotation: 180 });
    expect(textOf(out.pages[0]!)).toContain('ERIKSSON');
  });

  it('gives fragments on Arabic, which the page check reports as an unknown script', async () => {
    const arabic = await renderArabicCard();
    const out = await reader.read({ images: [pageImage(arabic)] });
    const assessment = assessScripts(out.pages, reader.scripts);
    expect(reader.scripts).toEqual(['Latin']);
    expect(assessment.fragmented).toBe(true);
  });

  it('refuses an image over the pixel limit before the engine sees it', async () => {
    const small = createTesseractReader({ workers: 1, recycleAfter: 5, maxPixels: 100_000 });
    try {
      await expect(small.read({ images: [pageImage(card)] })).rejects.toMatchObject({ code: 'IMAGE_TOO_LARGE' });
    } finally {
      await small.close();
    }
  });
});

describe("Tesseract's legacy classifier (the third look at a disputed name)", () => {
  it('starts from the full traineddata and reads a printed line with its own recogniser', async () => {
    const legacy = createTesseractReader({ workers: 1, recycleAfter: 20, model: 'legacy' });
    try {
      await legacy.ready();
      expect(legacy.engine.name).toContain('legacy classifier');
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="80"><rect width="100%" height="100%" fill="white"/><text x="10" y="55" font-family="DejaVu Sans" font-size="40">SUPER SEVEN CASH CARRY SDN BHD</text></svg>`;
      const read = await legacy.readRegion(await sharp(Buffer.from(svg)).png().toBuffer(), { psm: 7 });
      expect(charAccuracy('SUPER SEVEN CASH CARRY SDN BHD', read.text.trim())).toBeGreaterThanOrEqual(0.9);
    } finally {
      await legacy.close();
    }
  });

  it('reads a crop alike whatever it read before: it learns no glyph shapes from earlier crops', async () => {
    const legacy = createTesseractReader({ workers: 1, recycleAfter: 20, model: 'legacy' });
    const line = (text: string, font: string) =>
      sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="700" height="70"><rect width="100%" height="100%" fill="white"/><text x="10" y="48" font-family="${font}" font-size="34">${text}</text></svg>`,
        ),
      )
        .blur(1.2)
        .png()
        .toBuffer();
    try {
      const crop = await line('46023 Valencia 118', 'DejaVu Serif');
      const first = await legacy.readRegion(crop, { psm: 7 });
      for (const text of ['46023 46023 Valencia', 'Avda. del Puerto 118', '4444 1111 6666'])
        await legacy.readRegion(await line(text, 'DejaVu Serif'), { psm: 7 });
      const again = await legacy.readRegion(crop, { psm: 7 });
      expect(again.lines.flatMap((l) => l.words.map((w) => [w.text, w.confidence]))).toEqual(
        first.lines.flatMap((l) => l.words.map((w) => [w.text, w.confidence])),
      );
    } finally {
      await legacy.close();
    }
  });
});
