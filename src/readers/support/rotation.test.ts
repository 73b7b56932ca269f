import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderIdCard, type RenderedImage } from '../../../test/helpers/text-images.js';
import { detectRotation, looksUpright, rotatePng, textAxis, type OrientationPass } from './rotation.js';
import { createTesseractReader, type TesseractReader } from '../tesseract.js';
import { isWordLike, wordLikeScore } from './wordlike.js';

describe('word-likeness', () => {
  it('accepts words and numbers, refuses what rotated text turns into', () => {
    for (const w of ['ERIKSSON', 'Maria,', 'payment', '1974', '(2024)']) expect(isWordLike(w), w).toBe(true);
    for (const w of ['VNNV', 'hLYIg', 'NOSSHI3', 'x', '—', 'mm', 'XKCDQ']) expect(isWordLike(w), w).toBe(false);
  });

  it('scores only confident, horizontal words', () => {
    expect(wordLikeScore([{ text: 'ANNA', confidence: 0.9 }])).toBeCloseTo(3.6, 5);
    expect(wordLikeScore([{ text: 'ANNA', confidence: 0.4 }])).toBe(0);
    expect(wordLikeScore([{ text: 'ANNA', confidence: 0.9, aspect: 0.3 }])).toBe(0);
    expect(looksUpright(Array.from({ length: 12 }, () => ({ text: 'NAME', confidence: 0.95 })))).toBe(true);
    expect(looksUpright([{ text: 'NAME', confidence: 0.95 }])).toBe(false);
  });
});

describe('detectRotation', () => {
  it('keeps a page with too little text unturned', async () => {
    const blank = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const pass: OrientationPass = async () => [{ text: 'ok', confidence: 0.9 }];
    await expect(detectRotation(blank, pass)).resolves.toBe(0);
  });

  it('turns images by quarter turns clockwise', async () => {
    const img = await sharp({ create: { width: 40, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await sharp(await rotatePng(img, 90)).metadata()).toMatchObject({ width: 10, height: 40 });
    expect(await rotatePng(img, 0)).toBe(img);
  });

  it('tells text lines running across from lines running down', async () => {
    const card = await renderIdCard(0.5);
    await expect(textAxis(card.png)).resolves.toBe('horizontal');
    await expect(textAxis(await rotatePng(card.png, 90))).resolves.toBe('vertical');
    await expect(textAxis(await rotatePng(card.png, 180))).resolves.toBe('horizontal');
  });

  describe('with Tesseract as the fast pass', () => {
    let reader: TesseractReader;
    let card: RenderedImage;
    beforeAll(async () => {
      reader = createTesseractReader({ workers: 1, recycleAfter: 50 });
      [card] = await Promise.all([renderIdCard(0.8), reader.ready()]);
    });
    afterAll(() => reader.close());

    it.each([
      [90, 270],
      [270, 90],
      [180, 180],
    ] as const)('finds the turn back for a card turned %i° clockwise', async (turned, back) => {
      const png = await sharp(card.png).rotate(turned).png().toBuffer();
      await expect(reader.detectRotation(png)).resolves.toBe(back);
    });

    it('leaves an upright card alone', async () => {
      await expect(reader.detectRotation(card.png)).resolves.toBe(0);
    });
  });
});
