import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charAccuracy, ID_FIELDS, ID_MRZ, renderIdCard, type RenderedImage } from '../../test/helpers/text-images.js';
import { unionBox } from './support/geometry.js';
import { workerEntry } from './paddle/worker-client.js';
import { createPaddleReader, type PaddleReader } from './paddle.js';
import type { Box } from './types.js';
import { generatePassport } from '../../test/fixtures/documents/index.js';
import { cropMrzBand, locateMrzBand } from './mrz/locate.js';

const near = (a: Box, b: Box, tolerance: number): boolean => a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);

describe('workerEntry', () => {
  it('starts compiled JS directly and TypeScript through tsx', () => {
    expect(workerEntry('paddle/worker', 'file:///app/dist/src/readers/paddle.js')).toEqual({
      script: new URL('file:///app/dist/src/readers/paddle/worker.js'),
      eval: false,
    });
    const fromSource = workerEntry('paddle/worker', import.meta.url);
    expect(fromSource.eval).toBe(true);
    expect(fromSource.script).toMatch(/tsx\/dist\/esm\/api\/index\.mjs.*register\(\).*paddle\/worker\.ts/);
  });
});

describe('Paddle reader (PP-OCRv4 in a worker thread)', () => {
  let reader: PaddleReader;
  let card: RenderedImage;
  beforeAll(async () => {
    reader = createPaddleReader({ maxSide: 1600, threads: 1 });
    [card] = await Promise.all([renderIdCard(), reader.ready()]);
  });
  afterAll(() => reader.close());

  it('reads an ID card page with words split and placed where they were drawn', async () => {
    const out = await reader.read({ images: [{ page: 1, width: card.width, height: card.height, png: card.png }] });
    expect(out).toMatchObject({ reader: 'paddle', cost_usd: 0 });
    const page = out.pages[0]!;
    expect(page.scripts).toEqual(['Latin']);
    for (const [label, value] of ID_FIELDS) {
      expect(
        page.lines.some((l) => charAccuracy(value, l.text) >= 0.9),
        value,
      ).toBe(true);
      expect(
        page.lines.some((l) => charAccuracy(label, l.text) >= 0.9),
        label,
      ).toBe(true);
    }
    const words = page.lines.flatMap((l) => l.words);
    for (const drawn of card.texts.filter((t) => /^[A-Z0-9 ]+$/.test(t.text))) {
      for (const part of drawn.text.split(' '))
        expect(
          words.some((w) => w.text === part),
          part,
        ).toBe(true);
    }
    const anna = words.find((w) => w.text === 'ANNA')!;
    const maria = words.find((w) => w.text === 'MARIA')!;
    const drawn = card.texts.find((t) => t.text === 'ANNA MARIA')!.box;
    expect(Math.abs(anna.box[0] - drawn[0])).toBeLessThan(0.02);
    expect(Math.abs(maria.box[2] - drawn[2])).toBeLessThan(0.02);
    expect(anna.box[2]).toBeLessThan(maria.box[0]);
    const surname = words.find((w) => w.text === 'ERIKSSON' && w.box[1] < 0.5)!;
    expect(near(surname.box, card.texts.find((t) => t.text === 'ERIKSSON')!.box, 0.02), String(surname.box)).toBe(true);
    expect(words.every((w) => w.confidence > 0 && w.confidence <= 1)).toBe(true);
  });

  it('reads crops of field values and the MRZ band, in page coordinates', async () => {
    const value = card.texts.find((t) => t.text === 'L898902C3')!;
    const mrz = card.texts.filter((t) => ID_MRZ.includes(t.text));
    const mrzBand = unionBox(mrz.map((t) => t.box));
    const [doc, band] = await reader.readCrops(card.png, [value.box, mrzBand]);
    expect(charAccuracy('L898902C3', doc!.text)).toBeGreaterThanOrEqual(0.88);
    expect(near(doc!.lines[0]!.box, value.box, 0.02), String(doc!.lines[0]!.box)).toBe(true);
    // A value on plain card stock stands clear: no detector run needed.
    expect(doc!.via).toBe('recogniser');
    expect(band!.lines).toHaveLength(3);
    // PP-OCRv4 reads 0 for the letter O and may stop a line's trailing filler early.
    expect(charAccuracy(ID_MRZ.join('\n'), band!.text)).toBeGreaterThanOrEqual(0.8);
    band!.lines.forEach((line, i) => expect(Math.abs(line.box[1] - mrz[i]!.box[1])).toBeLessThan(0.02));
  });

  it('runs the detector on every crop when asked, and finds the same text', async () => {
    const boxes = card.texts.filter((t) => ID_FIELDS.some(([, value]) => value === t.text)).map((t) => t.box);
    const [direct, detected] = await Promise.all([reader.readCrops(card.png, boxes), reader.readCrops(card.png, boxes, { detectLines: true })]);
    expect(detected.every((c) => c.via === 'detector')).toBe(true);
    expect(direct.every((c) => c.via === 'recogniser')).toBe(true);
    direct.forEach((c, i) => expect(charAccuracy(detected[i]!.text, c.text), `${c.text} / ${detected[i]!.text}`).toBeGreaterThanOrEqual(0.9));
  });

  it("reads an MRZ crop's pixel rows with the recogniser alone, all of them or only those asked for", async () => {
    const doc = await generatePassport({ seed: 101, photo: { rotateDeg: 2, margin: 50, blurSigma: 0.6, jpegQuality: 80 } });
    const crop = await cropMrzBand(doc.bytes, (await locateMrzBand(doc.bytes))!);
    const printed = doc.truth.mrz_lines!;
    // the MRZ's characters, each its own group (doctypes/mrz/ctc-decode.ts adds look-alikes)
    const MRZ_GROUPS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<'].map((ch) => [ch]);
    const all = await reader.readRows(crop.png, MRZ_GROUPS, { rowsFrom: 'pixels' });
    expect(all.rows.map((r) => r.variants.length)).toEqual([1, 1]);
    for (const [i, l] of all.lines.entries()) expect(charAccuracy(printed[i]!, l.text), l.text).toBeGreaterThanOrEqual(0.9);
    const second = await reader.readRows(crop.png, MRZ_GROUPS, { rowsFrom: 'pixels', only: [1] });
    expect(second.lines).toHaveLength(1);
    expect(second.lines[0]!.text).toBe(all.lines[1]!.text);
  });

  it("reads an MRZ crop's detector rows without the detector's own reading, which comes only when asked for", async () => {
    const doc = await generatePassport({ seed: 101, photo: { rotateDeg: 2, margin: 50, blurSigma: 0.6, jpegQuality: 80 } });
    const crop = await cropMrzBand(doc.bytes, (await locateMrzBand(doc.bytes))!);
    const printed = doc.truth.mrz_lines!;
    const MRZ_GROUPS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<'].map((ch) => [ch]);
    const read = await reader.readRows(crop.png, MRZ_GROUPS);
    expect(read.rows.map((r) => r.variants.length)).toEqual([3, 3]);
    expect(read.rows.map((r) => r.text)).toEqual(['', '']);
    expect(read.lines).toEqual([]);
    const seen = await reader.readDetectorText(crop.png);
    // the same rows, found again: each row's text is keyed by its box
    expect(seen.texts.map((t) => t.box)).toEqual(read.rows.map((r) => r.box));
    seen.texts.forEach((t, i) => expect(charAccuracy(printed[i]!, t.text), t.text).toBeGreaterThanOrEqual(0.9));
    expect(seen.lines).toHaveLength(2);
  });

  it('refuses malformed crop boxes and too many crops', async () => {
    await expect(reader.readCrops(card.png, [[0.5, 0.5, 0.4, 0.6]])).rejects.toThrow(/page fractions/);
    await expect(
      reader.readCrops(
        card.png,
        Array.from({ length: 65 }, () => [0, 0, 0.1, 0.1] as Box),
      ),
    ).rejects.toThrow(/at most 64/);
  });

  it('fails one bad image without losing the engine', async () => {
    const created = reader.stats().created;
    // A cut-off PNG passes the header check on the main thread and fails to decode in the worker.
    const truncated = card.png.subarray(0, 4000);
    await expect(reader.read({ images: [{ page: 1, width: card.width, height: card.height, png: truncated }] })).rejects.toThrow();
    await expect(reader.read({ images: [{ page: 1, width: 1, height: 1, png: Buffer.from('not an image') }] })).rejects.toThrow();
    expect(reader.stats().created).toBe(created);
    const out = await reader.readCrops(card.png, [card.texts[0]!.box]);
    expect(charAccuracy('IDENTITY CARD', out[0]!.text)).toBeGreaterThanOrEqual(0.9);
  });
});
