import { describe, expect, it } from 'vitest';
import type { ExtractedValue } from '../../doctypes/types.js';
import type { FieldReading } from '../../domain/field.js';
import type { ReadContext } from '../context.js';
import { addressLinesStep } from './address-lines.js';
import { blankPage, scriptedLegacy } from '../../../test/helpers/scripted-legacy.js';

type Box = [number, number, number, number];
const LINE_BOXES: Box[] = [
  [0.1, 0.2, 0.8, 0.23],
  [0.1, 0.24, 0.8, 0.27],
];
const REGION = { page: 1, box: [0.1, 0.2, 0.8, 0.27] as Box };

/** An address Tesseract (LSTM) and PaddleOCR read differently, as reconcile leaves it, with each
 * reader's value as extraction and the cross-read gave it: one text per line. */
function disputedAddress(lstm: string[], paddle: string[], doubt?: string): { field: FieldReading; extracted: ReadContext['extracted'] } {
  const [t, p] = [lstm.join(', '), paddle.join(' ')];
  const value = (text: string, lines: string[]): ExtractedValue => ({
    key: 'merchant_address',
    value: text,
    raw: text,
    region: REGION,
    confidence: 0.6,
    parts: LINE_BOXES,
    partTexts: lines,
  });
  return {
    field: {
      key: 'merchant_address',
      label: 'Merchant address',
      isKey: false,
      value: null,
      status: 'conflict',
      evidence: [],
      candidates: [
        { reader: 'tesseract', value: t, raw: t, region: REGION, confidence: 0.6 },
        { reader: 'paddle', value: p, raw: p, region: REGION, confidence: 0.9 },
      ],
      region: REGION,
      reason: `The readers disagree on Merchant address (tesseract: "${t}", paddle: "${p}").`,
      problems: ['FIELD_CONFLICT'],
    },
    extracted: [
      { reader: 'tesseract', values: [{ ...value(t, lstm), ...(doubt ? { problems: ['LOW_CONFIDENCE' as const], reason: doubt } : {}) }] },
      { reader: 'paddle', values: [value(p, paddle)] },
    ],
  };
}

/** A stand-in legacy classifier that reads `looks[i]` at the i-th crop size, and a PaddleOCR whose
 * second reading through its text detector is `paddleAgain`. */
async function context(address: ReturnType<typeof disputedAddress>, looks: string[] = [], paddleAgain?: string, paddlePrepared = paddleAgain) {
  const png = await blankPage();
  const { engine, asked } = scriptedLegacy(looks);
  const paddle = {
    // The prepared crop is read whole ([0, 0, 1, 1]); the page's crop at the line's box.
    readCrops: async (_png: Buffer, boxes: Box[]) =>
      boxes.map((box) => {
        const text = box[2] === 1 && box[0] === 0 ? paddlePrepared : paddleAgain;
        return { box, text, confidence: 0.9, lines: [{ text, box, confidence: 0.9, words: [] }], via: 'detector' };
      }),
  };
  const ctx = {
    deps: { readers: { get: async () => (paddleAgain === undefined ? null : paddle), legacy: async () => engine } },
    pageImages: [{ page: 1, width: 400, height: 600, png }],
    readings: [],
    engines: [],
    fields: [address.field],
    extracted: address.extracted,
    raw: {},
  } as unknown as ReadContext;
  return { ctx, asked };
}

describe('an address the readers read a slip apart, line by line', () => {
  it('takes a round glyph for what its word holds: an O among letters, a 0 among digits', async () => {
    const { ctx, asked } = await context(disputedAddress(['AVDA. DEL PUERTO 118', '46023 VALENCIA'], ['AVDA.DEL PUERT0 118', '46023 VALENCIA']));
    await addressLinesStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: 'AVDA. DEL PUERTO 118, 46023 VALENCIA', status: 'read', evidence: ['reader_agree'], problems: [] });
    expect(asked()).toBe(0);
    // PaddleOCR's line where Tesseract's holds the glyph against its word
    const lstmSlip = await context(disputedAddress(['NO 7, JALAN MERDEKA', '430O0 KAJANG, SELANGOR'], ['NO 7, JALAN MERDEKA', '43000 KAJANG,SELANGOR']));
    await addressLinesStep.run(lstmSlip.ctx);
    expect(lstmSlip.ctx.fields[0]).toMatchObject({ value: 'NO 7, JALAN MERDEKA, 43000 KAJANG,SELANGOR', status: 'read' });
    // Both against their words: nothing tells the glyph.
    const both = await context(disputedAddress(['NO 7, JALAN MERDEKA', '430O0 KAJANG'], ['NO 7, JALAN MERDEKA', '4300O KAJANG']));
    await addressLinesStep.run(both.ctx);
    expect(both.ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
  });

  it('takes the u where one reader spelled an ü "ii"', async () => {
    const { ctx } = await context(disputedAddress(['Bahnhofstr. 4a', '80335 Miinchen'], ['Bahnhofstr. 4a', '80335 Munchen']));
    await addressLinesStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: 'Bahnhofstr. 4a, 80335 Munchen', status: 'read', evidence: ['reader_agree'] });
  });

  it("takes no line alike where one reader read a mark inside a word and the other none, a faint letter's remains (seed 24850)", async () => {
    const { ctx } = await context(disputedAddress(["Bahnhofs'r. 4a", '80335 Miinchen'], ['Bahnhofs r.4a', '80335 Munchen']));
    await addressLinesStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
    // …nor one a reader read before a number's first digit, a faded digit's remains (seed 25695)
    const digit = await context(disputedAddress(['C/ MAYOR, 23', '’8013 MADRID'], ['C/ MAYOR 23', '8013 MADRID']));
    await addressLinesStep.run(digit.ctx);
    expect(digit.ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
    // Both with it, the apostrophe is printed.
    const both = await context(disputedAddress(["12 Rue de l'Abbaye", '75006 Paris'], ["12 Rue de l'Abbaye", '75006 Paris']));
    await addressLinesStep.run(both.ctx);
    expect(both.ctx.fields[0]).toMatchObject({ value: "12 Rue de l'Abbaye, 75006 Paris", status: 'read' });
  });

  it('settles a line a letter apart on PaddleOCR’s reading when the legacy look reads it so and never as Tesseract did', async () => {
    const address = () => disputedAddress(['NO. 3, LORONG HARMON 2', '81100 JOHOR BAHRU'], ['NO. 3, LORONG HARMONI 2', '81100 JOHOR BAHRU']);
    const { ctx } = await context(address(), ['NO. 3, LORONG HARMONI 2']);
    await addressLinesStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: 'NO. 3, LORONG HARMONI 2, 81100 JOHOR BAHRU', status: 'read', evidence: ['reader_agree'] });
    expect(ctx.fields[0]!.reason).toContain('legacy classifier');
    for (const looks of [['NO. 3, LORONG HARMON 2'], ['NO. 3, LORONG HARMONI 2', 'NO. 3, LORONG HARMON 2'], ['NO 3 L0R0NG HARM0N1 2']]) {
      const other = await context(address(), looks);
      await addressLinesStep.run(other.ctx);
      expect(other.ctx.fields[0], looks.join(' | ')).toMatchObject({ value: null, status: 'conflict' });
    }
  });

  it('publishes no address with a line settled as one no address holds, a tax number’s label', async () => {
    const address = (last: [string, string]) => disputedAddress(['AVDA. DEL PUERTO 118', last[0]], ['AVDA. DEL PUERTO 118', last[1]]);
    const label = await context(address(['CYEF', 'C.I.F']), ['C.I.F']);
    await addressLinesStep.run(label.ctx);
    expect(label.ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
    // A town's line so settled is published.
    const town = await context(address(['46023 VALENCTA', '46023 VALENCIA']), ['46023 VALENCIA']);
    await addressLinesStep.run(town.ctx);
    expect(town.ctx.fields[0]).toMatchObject({ value: 'AVDA. DEL PUERTO 118, 46023 VALENCIA', status: 'read' });
  });

  it("publishes no address settled line by line that the extractor would doubt in either reader's spelling, a branch's line", async () => {
    // Tesseract misread the branch's word, so the extractor raised no doubt (the class of a held-out slip)
    const branch = await context(
      disputedAddress(['Fiiale 0427 Hamburg', 'Hauptstraße 112, 04109 Leipzig'], ['Filiale 0427 Hamburg', 'Hauptstraße 112 04109 Leipzig']),
      ['Filiale 0427 Hamburg'],
    );
    await addressLinesStep.run(branch.ctx);
    expect(branch.ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
  });

  it('does not take PaddleOCR’s line where a look marks the place of a glyph Tesseract read and PaddleOCR lost', async () => {
    const address = () => disputedAddress(['HAUPTSTR | 12', '50667 KOLN'], ['HAUPTSTR 12', '50667 KOLN']);
    const marked = await context(address(), ['HAUPTSTR. 12', 'HAUPTSTR 12']);
    await addressLinesStep.run(marked.ctx);
    expect(marked.ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
    const unmarked = await context(address(), ['HAUPTSTR 12', 'HAUPTSTR 12.']);
    await addressLinesStep.run(unmarked.ctx);
    expect(unmarked.ctx.fields[0]).toMatchObject({ value: 'HAUPTSTR 12, 50667 KOLN', status: 'read', evidence: ['reader_agree'] });
  });

  it('settles on Tesseract’s line only when PaddleOCR, reading it again through its text detector, reads it so', async () => {
    const address = () => disputedAddress(['MARKTPLATZ 9', '50667 KOLN'], ['MARKTPLAT 9', '50667 KOLN']);
    const agreeing = await context(address(), ['MARKTPIATZ 9'], 'MARKTPLATZ 9');
    await addressLinesStep.run(agreeing.ctx);
    expect(agreeing.ctx.fields[0]).toMatchObject({ value: 'MARKTPLATZ 9, 50667 KOLN', status: 'read', evidence: ['reader_agree'] });
    const again = await context(address(), ['MARKTPIATZ 9'], 'MARKTPLAT 9');
    await addressLinesStep.run(again.ctx);
    expect(again.ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
    // Its reading of the line's crop enlarged and contrast stretched counts as well.
    const prepared = await context(address(), ['MARKTPIATZ 9'], 'MARKTPLAT 9', 'MARKTPLATZ 9');
    await addressLinesStep.run(prepared.ctx);
    expect(prepared.ctx.fields[0]).toMatchObject({ value: 'MARKTPLATZ 9, 50667 KOLN', status: 'read', evidence: ['reader_agree'] });
    expect(prepared.ctx.fields[0]!.reason).toContain('enlarged and contrast stretched');
  });

  it('takes PaddleOCR’s second reading of Tesseract’s line with a round glyph read against its word (seeds 26530, 26517)', async () => {
    const address = (lstm: string) => disputedAddress(['88 ORCHARD ROAD', lstm], ['88 ORCHARD ROAD', 'SIN APORE 238839']);
    const round = await context(address('SINGAPORE 238839'), ['SINGAPORE 238839'], 'SINGAP 0RE 238839');
    await addressLinesStep.run(round.ctx);
    expect(round.ctx.fields[0]).toMatchObject({ value: '88 ORCHARD ROAD, SINGAPORE 238839', status: 'read', evidence: ['reader_agree'] });
    // Tesseract's own line with the round glyph against its word is not taken so.
    const misplaced = await context(address('SINGAP0RE 238839'), ['SINGAP0RE 238839'], 'SINGAPORE 238839');
    await addressLinesStep.run(misplaced.ctx);
    expect(misplaced.ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
  });

  it('does not take a lighter glyph two engines share over a stroke Tesseract saw (a Q’s tail)', async () => {
    const address = () => disputedAddress(['12 RUE DE LA REPUBLIQUE', '69002 LYON'], ['12 RUE DE LA REPUBLIOUE', '69002 LYON']);
    const looks = ['12 RUE DE LA REPUBLIOUE'];
    const shared = await context(address(), looks, '12 RUE DE LA REPUBLIOUE');
    await addressLinesStep.run(shared.ctx);
    expect(shared.ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
    const seen = await context(address(), looks, '12 RUE DE LA REPUBLIQUE');
    await addressLinesStep.run(seen.ctx);
    expect(seen.ctx.fields[0]).toMatchObject({ value: '12 RUE DE LA REPUBLIQUE, 69002 LYON', status: 'read' });
  });

  it('leaves alone an address its reader doubted, lines far apart, or readings that do not hold the same lines', async () => {
    const doubted = disputedAddress(['Le gout du vrai pain', '5, PLACE DU MARCHE'], ['Le gout du vrai pain', '5, PLACE DU MARCH0'], 'a slogan');
    const far = disputedAddress(['48 BD VOLTAIRE', '75011 PARIS'], ['48 BD VOLTAIRE', '7 1011 PAR']);
    const unaligned = disputedAddress(['48 BD VOLTAIRE', '75011 PARIS'], ['48 BD VOLTAIRE 75011 PARIS']);
    // a capital I and a small l, one glyph: no look at its shape tells them apart
    const twins = disputedAddress(['Calle Mayor 12', '28013 Madrid'], ['CaIle Mayor 12', '28013 Madrid']);
    // an ampersand and an 8, one shape to every engine: a look that reads 8 does not say which was printed
    const ampersand = disputedAddress(['NO. 32 & 33 JALAN SR 19', '43300 SERI KEMBANGAN'], ['NO.328 33 JALAN SR 1 9', '43300 SERI KEMBANGAN']);
    // an S and a 5, which the legacy classifier confuses as PaddleOCR does
    const five = disputedAddress(['NO 12, JALAN SS 2/64', '47300 PETALING JAYA'], ['NO 12, JALAN 55 2/64', '47300 PETALING JAYA']);
    for (const address of [doubted, far, unaligned, twins, ampersand, five]) {
      const { ctx, asked } = await context(address, ['75011 PARIS'], '75011 PARIS');
      await addressLinesStep.run(ctx);
      expect(ctx.fields[0]).toEqual(address.field);
      expect(asked()).toBe(0);
    }
  });
});

describe('an address line one reader misprinted at an accented letter, the other wrote plain', () => {
  /** The context with stand-in accent engines that read `looks`, one each, at every size. */
  async function withAccentLooks(address: ReturnType<typeof disputedAddress>, looks: string[]) {
    const { ctx } = await context(address);
    const engines = looks.map((text) => ({
      readRegion: async () => ({ text, confidence: 0.9, lines: [{ text, box: [0, 0, 1, 1], confidence: 0.9, words: [] }] }),
    }));
    (ctx.deps.readers as { accents?: () => Promise<unknown[]> }).accents = async () => engines;
    return ctx;
  }

  it('is spelt as every accent look spells it (seeds 20367, 20257: "Minchen" / "Munchen", "Kdln" / "Koln")', async () => {
    const ctx = await withAccentLooks(disputedAddress(['Bahnhofstr. 4a', '80335 Minchen'], ['Bahnhofstr. 4a', '80335 Munchen']), [
      '80335 München',
      '80335 München‘',
    ]);
    await addressLinesStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: 'Bahnhofstr. 4a, 80335 München', status: 'read', evidence: ['reader_agree'], problems: [] });
    const koln = await withAccentLooks(disputedAddress(['Marktplatz 9', '50667 Kdln'], ['Marktplatz 9', '50667 Koln']), ['50667 Köln', '50667 Köln']);
    await addressLinesStep.run(koln);
    expect(koln.fields[0]).toMatchObject({ value: 'Marktplatz 9, 50667 Köln', status: 'read' });
  });

  it('stays disputed where the looks spell the word otherwise, differ, or write it plain', async () => {
    for (const looks of [
      ['80335 Minden', '80335 Minden'],
      ['80335 München', '80335 Mùnchen'],
      ['80335 Munchen', '80335 Munchen'],
    ]) {
      const ctx = await withAccentLooks(disputedAddress(['Bahnhofstr. 4a', '80335 Minchen'], ['Bahnhofstr. 4a', '80335 Munchen']), looks);
      await addressLinesStep.run(ctx);
      expect(ctx.fields[0], looks.join(' | ')).toMatchObject({ value: null, status: 'conflict' });
    }
  });
});
