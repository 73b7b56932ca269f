import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { FieldReading } from '../../domain/field.js';
import { openImage } from '../../imaging/open.js';
import { createAccentEngines } from '../../readers/registry.js';
import type { ReaderSettings } from '../../readers/registry.js';
import type { ReadContext } from '../context.js';
import { greyPixels } from '../../imaging/accent-marks.js';
import { accentedWords, nameAccentsStep } from './name-accents.js';
import { accentContext } from './test-accent-context.js';

describe('accentedWords', () => {
  it('takes a word only when a look read the same word with accents', () => {
    expect(accentedWords('Soren Hartmann', ['Soren Hartmann', 'Sören Hartmann'])).toEqual(new Map([['Soren', 'Sören']]));
    expect(accentedWords('Tomas Fernandez', ['Tomás Fernández'])).toEqual(
      new Map([
        ['Tomas', 'Tomás'],
        ['Fernandez', 'Fernández'],
      ]),
    );
  });

  it('ignores misreadings and words already accented', () => {
    expect(accentedWords('Soren Hartmann', ['Sorem Hartmanm', 'Sörem Härtmanns'])).toEqual(new Map());
    expect(accentedWords('Chloé Schafer', ['Chlóe Schafer'])).toEqual(new Map());
    expect(accentedWords('Leila Nakamura', ['Leila Nakamura', 'Lella Nakamura'])).toEqual(new Map());
  });
});

const nameField = (evidence: FieldReading['evidence']): FieldReading => ({
  key: 'full_name',
  label: 'Full name',
  isKey: false,
  value: 'Soren Hartmann',
  status: 'read',
  evidence,
  candidates: [
    { reader: 'tesseract', value: 'Soren Hartmann', raw: 'Soren Hartmann', region: null, confidence: 0.9 },
    { reader: 'paddle', value: 'Soren Hartmann', raw: 'SorenHartmann', region: null, confidence: 0.9 },
  ],
  region: { page: 1, box: [0.1, 0.1, 0.5, 0.14] },
  reason: null,
  problems: [],
});

const context = (field: FieldReading, looks: string[]) => accentContext('cv', field, looks);

/** Two stand-in accent engines whose reading depends on the height of the crop they are given. */
async function sizedContext(field: FieldReading, read: (height: number) => string): Promise<{ ctx: ReadContext; sizes: number[] }> {
  const { ctx } = await context(field, []);
  const sizes: number[] = [];
  const engine = {
    readRegion: async (png: Buffer) => {
      const { height } = await openImage(png).metadata();
      sizes.push(height!);
      const text = read(height!);
      return { text, confidence: 0.9, lines: [{ text, box: [0, 0, 1, 1], confidence: 0.9, words: [] }] };
    },
  };
  (ctx.deps.readers as { accents: () => Promise<unknown[]> }).accents = async () => [engine, engine];
  return { ctx, sizes };
}

describe('the second look at a photographed name', () => {
  it('withholds a name whose accents a look saw and both page readers left out, showing both readings', async () => {
    const { ctx } = await context(nameField(['reader_agree']), ['Soren Hartmann', 'Sören Hartmann']);
    await nameAccentsStep.run(ctx);
    const [field] = ctx.fields;
    expect(field).toMatchObject({ value: null, status: 'conflict', evidence: [], problems: ['FIELD_CONFLICT'] });
    expect(field!.candidates.at(-1)).toMatchObject({ value: 'Sören Hartmann' });
    expect(field!.reason).toContain('"Sören Hartmann"');
  });

  it("gives the name the accents both looks read alike, keeping the page readers' evidence", async () => {
    const { ctx } = await context(nameField(['reader_agree']), ['Sören Hartmann', 'Sören  Hartmann']);
    await nameAccentsStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: 'Sören Hartmann', status: 'read', evidence: ['reader_agree'], problems: [] });
    expect(ctx.fields[0]!.reason).toContain('all read "Sören Hartmann"');
  });

  it('withholds the name when the looks put different accents on it, or one misread another letter', async () => {
    for (const looks of [
      ['Sôren Hartmann', 'Sören Hartmann'],
      ['Sören Hartmamn', 'Sören Hartmamn'],
    ]) {
      const { ctx } = await context(nameField(['reader_agree']), looks);
      await nameAccentsStep.run(ctx);
      expect(ctx.fields[0], looks.join(' | ')).toMatchObject({ value: null, status: 'conflict' });
    }
  });

  it('withholds the name when both engines agree on a mark at one size of the crop and read another at the other size', async () => {
    const { ctx, sizes } = await sizedContext(nameField(['reader_agree']), (height) => (height > 50 ? 'Sôren Hartmann' : 'Sören Hartmann'));
    await nameAccentsStep.run(ctx);
    // the page-scale crop (a 24 px high value, 40 px letters, margins) and the same at half its size;
    // as they differ, at two more sizes
    expect(sizes).toHaveLength(8);
    expect(sizes[2]).toBe(Math.round(sizes[0]! / 2));
    expect(ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
  });

  it('withholds a name all looks read plain at one size when a look saw accents at the other', async () => {
    const { ctx } = await sizedContext(nameField(['reader_agree']), (height) => (height > 50 ? 'Soren Hartmann' : 'Sören Hartmann'));
    await nameAccentsStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
  });

  it('leaves a name alone when the looks read it plain too', async () => {
    const { ctx } = await context(nameField(['reader_agree']), ['Soren Hartmann', 'Soren Hartmann']);
    await nameAccentsStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: 'Soren Hartmann', status: 'read', evidence: ['reader_agree'] });
  });

  it("never looks again at a name from the file's own text", async () => {
    const { ctx, asked } = await context(nameField(['text_layer']), ['Sören Hartmann']);
    await nameAccentsStep.run(ctx);
    expect(asked[0]).toBe(0);
    expect(ctx.fields[0]!.status).toBe('read');
  });
});

/** A page with the name printed in bold in the field's region, and stand-in engines that read the
 * given texts with each word's box where its ink is (the ink's runs, split at the wide gaps). */
async function printedContext(printed: string, looks: string[], read: FieldReading = nameField(['reader_agree'])): Promise<ReadContext> {
  const field = { ...read, region: { page: 1, box: [0.05, 0.1, 0.6, 0.14] as [number, number, number, number] } };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1200"><rect width="100%" height="100%" fill="#fff"/><text x="44" y="162" font-family="DejaVu Sans" font-size="32" font-weight="bold">${printed}</text></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const { ctx } = await context(field, []);
  (ctx.pageImages as { png: Buffer; width: number; height: number }[])[0] = { ...ctx.pageImages[0]!, png, width: 800, height: 1200 };
  const engines = looks.map((text) => ({
    readRegion: async (crop: Buffer) => {
      const img = await greyPixels(crop);
      const inkAt = (x: number) => {
        for (let y = 0; y < img.height; y++) if (img.data[y * img.width + x]! < 128) return true;
        return false;
      };
      const runs: [number, number][] = [];
      for (let x = 0; x < img.width; x++)
        if (inkAt(x)) runs.at(-1) && x - runs.at(-1)![1] < img.height * 0.15 ? (runs.at(-1)![1] = x + 1) : runs.push([x, x + 1]);
      const words = text.split(' ').map((w, i) => ({ text: w, box: [runs[i]![0] / img.width, 0.05, runs[i]![1] / img.width, 0.95], confidence: 0.9 }));
      return { text, confidence: 0.9, lines: [{ text, box: [0, 0, 1, 1], confidence: 0.9, words }] };
    },
  }));
  (ctx.deps.readers as { accents: () => Promise<unknown[]> }).accents = async () => engines;
  return ctx;
}

describe('the marks in the pixels, where the looks differ', () => {
  it("publishes the looks' spelling whose marks the name's pixels show", async () => {
    const ctx = await printedContext('Sören Hartmann', ['Sôren Hartmann', 'Sören Hartmann']);
    await nameAccentsStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: 'Sören Hartmann', status: 'read', evidence: ['reader_agree'], problems: [] });
    expect(ctx.fields[0]!.reason).toContain('marks measured above its letters');
  });

  it('withholds the name when the marks fit no spelling a look read', async () => {
    const ctx = await printedContext('Sôren Hartmann', ['Sóren Hartmann', 'Sören Hartmann']);
    await nameAccentsStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
  });

  it('withholds the name when the pixels show no marks though a look saw some', async () => {
    const ctx = await printedContext('Soren Hartmann', ['Soren Hartmann', 'Sören Hartmann']);
    await nameAccentsStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
  });

  it('withholds a name all looks read alike when its pixels show the marks of another spelling', async () => {
    const ctx = await printedContext('Sören Hartmann', ['Sóren Hartmann', 'Sóren Hartmann']);
    await nameAccentsStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
  });
});

/** The page readers disputing a name: Tesseract's English model and PaddleOCR. */
const disputedName = (tesseract: string, paddle: string): FieldReading => ({
  ...nameField([]),
  value: null,
  status: 'conflict',
  problems: ['FIELD_CONFLICT'],
  candidates: [
    { reader: 'tesseract', value: tesseract, raw: tesseract, region: null, confidence: 0.9 },
    { reader: 'paddle', value: paddle, raw: paddle, region: null, confidence: 0.9 },
  ],
});

describe('a name the page readers dispute only where its accents are', () => {
  it('is settled by a spelling the looks read that has the marks the pixels show', async () => {
    const ctx = await printedContext('Aiko Müller', ['Aiko Müller', 'Aiko Múller'], disputedName('Aiko Miiller', 'Aiko Muller'));
    await nameAccentsStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: 'Aiko Müller', status: 'read', evidence: ['reader_agree'], problems: [] });
    expect(ctx.fields[0]!.reason).toContain('"Aiko Miiller"');
  });

  it('stays disputed when the pixels do not show the marks, or the readers differ elsewhere', async () => {
    for (const [printed, tesseract, paddle] of [
      ['Aiko Miller', 'Aiko Miller', 'Aiko Muller'],
      ['Aiko Müller', 'Aika Miller', 'Aiko Muller'],
    ] as const) {
      const ctx = await printedContext(printed, ['Aiko Müller', 'Aiko Müller'], disputedName(tesseract, paddle));
      await nameAccentsStep.run(ctx);
      expect(ctx.fields[0], printed).toMatchObject({ value: null, status: 'conflict' });
    }
  });
});

describe("a shop's name on a slip", () => {
  const shopName = (tesseract: string, paddle: string): FieldReading => ({ ...disputedName(tesseract, paddle), key: 'merchant_name', label: 'Merchant' });
  const onSlip = async (printed: string, looks: string[], field: FieldReading) => {
    const ctx = await printedContext(printed, looks, field);
    (ctx as { documentType: string }).documentType = 'receipt';
    return ctx;
  };

  it('is settled where the readers dispute only an accented letter one of them misprinted (seed 20317)', async () => {
    const ctx = await onSlip(
      'Café Lindenblüte GmbH',
      ['Café Lindenblüte GmbH', 'Café Lindenblüte GmbH'],
      shopName('Café Lindenblite GmbH', 'Café Lindenblute GmbH'),
    );
    await nameAccentsStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: 'Café Lindenblüte GmbH', status: 'read', evidence: ['reader_agree'], problems: [] });
  });

  it("takes a word read alike but for a letter's case as Tesseract read it (seed 20456)", async () => {
    const ctx = await onSlip('Bar El Rincón', ['Bar El Rincón', 'Bar El Rincón'], shopName('Bar El Rincén', 'Bar EL Rincon'));
    await nameAccentsStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: 'Bar El Rincón', status: 'read', evidence: ['reader_agree'] });
  });

  it('is not looked at where the readers agree, or differ otherwise than a misprint does', async () => {
    let looked = 0;
    for (const field of [
      { ...nameField(['reader_agree']), key: 'merchant_name', value: 'Cafe Lindenblute GmbH' },
      shopName('Cafe Lindenblute GmbH', 'Cafe Lindenblute'),
      shopName('Cafe Lindenblute GmbH', 'Cafe Rosengarten GmbH'),
    ]) {
      const ctx = await onSlip('Café Lindenblüte GmbH', ['Café Lindenblüte GmbH', 'Café Lindenblüte GmbH'], field);
      (ctx.deps.readers as { accents: () => Promise<unknown[]> }).accents = async () => {
        looked++;
        return [];
      };
      await nameAccentsStep.run(ctx);
    }
    expect(looked).toBe(0);
  });
});

describe('the accent engines (real Tesseract, the npm language data)', () => {
  const settings = { TESSERACT_ACCENT_LANGS: 'fra,deu,spa;spa,fra,deu' } as ReaderSettings;
  const engines = createAccentEngines(settings)();
  afterAll(async () => Promise.all(engines.map((e) => e.close())));

  it('are none when the setting says none', () => {
    expect(createAccentEngines({ TESSERACT_ACCENT_LANGS: 'none' } as ReaderSettings)()).toEqual([]);
  });

  it('see the accents of names that English-model OCR writes plain', async () => {
    for (const name of ['Sören Hartmann', 'Tomás Fernández', 'Émilie Dubois']) {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="90"><rect width="100%" height="100%" fill="#fff"/><text x="20" y="60" font-family="DejaVu Sans" font-size="40" font-weight="bold">${name}</text></svg>`;
      const png = await sharp(Buffer.from(svg)).png().toBuffer();
      const looks = await Promise.all(engines.map(async (e) => (await e.readRegion(png, { psm: 6 })).lines.map((l) => l.text).join(' ')));
      const plain = name.normalize('NFD').replace(/\p{M}/gu, '');
      expect(accentedWords(plain, looks).size, `${name}: ${looks.join(' | ')}`).toBeGreaterThan(0);
    }
  });
});
