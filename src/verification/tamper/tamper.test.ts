import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generateIdCardTd2 } from '../../../test/fixtures/documents/index.js';
import type { FieldReading } from '../../domain/field.js';
import type { Region } from '../../domain/result.js';
import { ELA_OUTLIER_RATIO, elaFigures, elaSigns, errorLevelMap } from './ela.js';
import { assessTamper } from './index.js';
import { editingSoftwareSign, incrementalUpdateSign } from './metadata.js';
import { combineSigns } from './types.js';

describe('metadata signs', () => {
  it('names image editors, not cameras or office software', () => {
    expect(editingSoftwareSign({ software: 'Adobe Photoshop 25.0 (Windows)' })?.weight).toBeGreaterThanOrEqual(0.5);
    expect(editingSoftwareSign({ producer: 'GIMP 2.10' })?.kind).toBe('editing_software');
    expect(editingSoftwareSign({ software: 'Canon EOS firmware 1.0', producer: 'Microsoft® Word for Microsoft 365' })).toBeNull();
  });
  it('weighs PDF incremental updates as a weak sign that more updates strengthen', () => {
    expect(incrementalUpdateSign({ incrementalUpdates: 0 })).toBeNull();
    expect(incrementalUpdateSign({ incrementalUpdates: 1 })!.weight).toBeLessThan(0.5);
    expect(incrementalUpdateSign({ incrementalUpdates: 3 })!.weight).toBeGreaterThan(incrementalUpdateSign({ incrementalUpdates: 1 })!.weight);
  });
  it('combines signs as independent evidence', () => {
    const r = combineSigns(
      ['a'],
      [
        { kind: 'pdf_incremental_update', weight: 0.35, detail: '', fields: [] },
        { kind: 'editing_software', weight: 0.6, detail: '', fields: [] },
      ],
    );
    expect(r.score).toBeCloseTo(0.74, 2);
    expect(r.suspected).toBe(true);
    expect(combineSigns([], [{ kind: 'pdf_incremental_update', weight: 0.35, detail: '', fields: [] }]).suspected).toBe(false);
  });
});

/** What the intake sandbox hands on for a JPEG: the page image and its error-level map. */
async function sandboxView(jpeg: Buffer): Promise<[Buffer, Buffer]> {
  const page = await sharp(jpeg).rotate().png().toBuffer({ resolveWithObject: true });
  return [page.data, await errorLevelMap(jpeg, page.info)];
}

/** The card's document number replaced by the same pixels from a q50 copy, saved again at q70. */
async function pastedNumber(doc: Awaited<ReturnType<typeof generateIdCardTd2>>, genuine: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(doc.bytes).metadata();
  const b = doc.regions!.document_number!.box;
  const [left, top] = [Math.floor(b[0] * width!), Math.floor(b[1] * height!)];
  const size = { width: Math.ceil((b[2] - b[0]) * width!), height: Math.ceil((b[3] - b[1]) * height!) };
  const patch = await sharp(await sharp(doc.bytes).jpeg({ quality: 50 }).toBuffer())
    .extract({ left, top, ...size })
    .png()
    .toBuffer();
  return sharp(genuine)
    .composite([{ input: patch, left, top }])
    .jpeg({ quality: 70 })
    .toBuffer();
}

/** The size of the synthetic pages and maps below. */
const SYNTHETIC = { width: 400, height: 200 };
/** A synthetic grey page or error-level map: `shapes` (SVG) painted on `background`. */
const painted = (background: string, shapes: string): Promise<Buffer> =>
  sharp({ create: { ...SYNTHETIC, channels: 3, background } })
    .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${SYNTHETIC.width}" height="${SYNTHETIC.height}">${shapes}</svg>`) }])
    .greyscale()
    .png()
    .toBuffer();

describe('error-level analysis by field region', () => {
  it('flags a document for one outlying key field, not for two or three outlying other fields', async () => {
    // A page whose four right-hand fields re-compress far more than the four on the left.
    const { width, height } = SYNTHETIC;
    const page = await painted(
      '#ffffff',
      [0, 1, 2, 3]
        .map(
          (i) => `<rect x="20" y="${10 + i * 45}" width="150" height="30" fill="#444"/><rect x="230" y="${10 + i * 45}" width="150" height="30" fill="#444"/>`,
        )
        .join(''),
    );
    const map = await painted(
      '#000000',
      `<rect x="0" y="0" width="200" height="${height}" fill="#0a0a0a"/><rect x="200" y="0" width="200" height="${height}" fill="#404040"/>`,
    );
    const box = (x: number, i: number): Region => ({ page: 1, box: [x / width, (5 + i * 45) / height, (x + 160) / width, (45 + i * 45) / height] });
    const left = [0, 1, 2, 3, 4].map((i) => ({ key: `left${i}`, region: box(15, i % 4) }));
    const right = (n: number) => [0, 1, 2].slice(0, n).map((i) => ({ key: `right${i}`, region: box(225, i) }));
    const score = async (n: number, keys: string[]) => combineSigns(['jpeg_ela'], await elaSigns(page, map, [...left, ...right(n)], new Set(keys)));
    expect((await score(3, [])).suspected).toBe(false);
    expect((await score(2, [])).suspected).toBe(false);
    expect((await score(1, ['right0'])).suspected).toBe(true);
  });

  it('compares no error levels where a re-save changed next to nothing: a few scattered pixels per field are rounding noise (seeds 22924, 22970)', async () => {
    const { width, height } = SYNTHETIC;
    const page = await painted('#ffffff', `<rect x="0" y="0" width="${width}" height="${height / 2}" fill="#444"/>`);
    // One pixel in 100 changed by `level`, in the right-hand field one in 25: four times as often as in the others.
    const map = async (level: number) => {
      const raw = Buffer.alloc(width * height);
      for (let i = 0; i < raw.length; i++) raw[i] = i % (i % width >= 300 ? 25 : 100) === 0 ? level : 0;
      return sharp(raw, { raw: { width, height, channels: 1 } })
        .png()
        .toBuffer();
    };
    const boxes = [0, 100, 200, 300].map((x, i) => ({ key: `f${i}`, region: { page: 1, box: [x / width, 0, (x + 100) / width, 1] as Region['box'] } }));
    expect(await elaSigns(page, await map(1), boxes, new Set(['f3']))).toEqual([]);
    // The same pattern ten levels deep is a field that re-compresses four times as much.
    expect((await elaSigns(page, await map(10), boxes, new Set(['f3']))).map((s) => s.fields[0])).toEqual(['f3']);
  });

  it('finds a field pasted from a more compressed copy, and nothing on the genuine photo', async () => {
    const doc = await generateIdCardTd2({ seed: 3 });
    const boxes = Object.entries(doc.regions!)
      .filter(([k]) => k !== 'mrz')
      .map(([key, region]) => ({ key, region: region as Region }));
    const genuine = await sharp(doc.bytes).jpeg({ quality: 70 }).toBuffer();
    expect(await elaSigns(...(await sandboxView(genuine)), boxes, new Set(['document_number']))).toEqual([]);

    const view = await sandboxView(await pastedNumber(doc, genuine));
    const figures = await elaFigures(...view, boxes);
    expect(figures!.perField.document_number! / figures!.median).toBeGreaterThan(ELA_OUTLIER_RATIO);
    const signs = await elaSigns(...view, boxes, new Set(['document_number']));
    expect(signs.map((s) => s.fields[0])).toEqual(['document_number']);
    expect(signs[0]!.weight).toBeGreaterThanOrEqual(0.5);
  });

  it('compares no error levels on a page lit unevenly, where a dim field re-compresses more for its contrast', async () => {
    const doc = await generateIdCardTd2({ seed: 3 });
    const regions = Object.entries(doc.regions!).filter(([k]) => k !== 'mrz');
    const { width, height } = await sharp(doc.bytes).metadata();
    const [png, elaMap] = await sandboxView(await pastedNumber(doc, await sharp(doc.bytes).jpeg({ quality: 70 }).toBuffer()));
    const fields = regions.map(([key, region]) => ({ key, value: 'x', isKey: key === 'document_number', region }) as unknown as FieldReading);
    const input = {
      kind: 'jpeg' as const,
      images: [{ page: 1, png, width: width!, height: height! }],
      elaMap,
      metadata: {},
      doctype: null,
      fields,
      readings: [],
    };
    expect((await assessTamper(input)).signs.map((s) => s.kind)).toEqual(['jpeg_ela']);
    const uneven = await assessTamper({ ...input, unevenLight: true });
    expect(uneven.checks).not.toContain('jpeg_ela');
    expect(uneven.signs).toEqual([]);
  });
});
