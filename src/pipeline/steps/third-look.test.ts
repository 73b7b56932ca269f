import { describe, expect, it } from 'vitest';
import type { FieldReading } from '../../domain/field.js';
import type { ReadContext } from '../context.js';
import { READ_STEPS } from '../read-document.js';
import { receipt } from '../../doctypes/receipt.js';
import { lettersApart } from '../../domain/letters-apart.js';
import { thirdLookStep } from './third-look.js';
import { disputedName, NAME_REGION } from '../../../test/helpers/disputed-name.js';
import { blankPage, scriptedLegacy } from '../../../test/helpers/scripted-legacy.js';

const region = NAME_REGION;

/** A stand-in legacy classifier that reads `looks[i]` at the i-th crop size it is given. */
async function context(
  field: FieldReading,
  looks: string[],
  extracted: unknown[] = [],
  paddleAgain?: string,
  paddlePrepared = paddleAgain,
): Promise<{ ctx: ReadContext; asked: () => number; detected: () => number }> {
  const png = await blankPage();
  const { engine, asked } = scriptedLegacy(looks);
  // A stand-in PaddleOCR whose second reading, through its text detector, is `paddleAgain`, and
  // whose reading of the prepared crop (read whole, [0, 0, 1, 1]) is `paddlePrepared`.
  let detected = 0;
  const paddle = {
    readCrops: async (_png: Buffer, boxes: [number, number, number, number][], opts: { detectLines?: boolean }) => {
      if (opts.detectLines) detected++;
      return boxes.map((box) => {
        const text = box[0] === 0 && box[2] === 1 ? paddlePrepared : paddleAgain;
        return { box, text, confidence: 0.9, lines: [{ text, box, confidence: 0.9, words: [] }], via: 'detector' };
      });
    },
  };
  const ctx = {
    deps: { readers: { get: async () => (paddleAgain === undefined ? null : paddle), legacy: async () => engine } },
    documentType: 'receipt',
    doctype: receipt,
    pageImages: [{ page: 1, width: 400, height: 600, png }],
    readings: [],
    engines: [],
    fields: [field],
    extracted,
    raw: {},
  } as unknown as ReadContext;
  return { ctx, asked, detected: () => detected };
}

describe('the third look at a disputed shop name', () => {
  it('leaves a name line a reader doubted to a person, however the looks read it', async () => {
    const lstm = 'SUSHI KING - MID VALLEV';
    const paddle = 'SUSHI KING - MID VALLEY';
    const doubt = `The name line "${lstm}" may name an outlet after "-"; a person must say where the shop's name ends.`;
    const extracted = [
      {
        reader: 'tesseract',
        values: [{ key: 'merchant_name', value: lstm, raw: lstm, region, confidence: 0.6, problems: ['LOW_CONFIDENCE' as const], reason: doubt }],
      },
      { reader: 'paddle', values: [{ key: 'merchant_name', value: paddle, raw: paddle, region, confidence: 0.6 }] },
    ];
    const { ctx, asked } = await context(disputedName(lstm, paddle), [paddle], extracted);
    await thirdLookStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
    expect(asked()).toBe(0);
  });

  it('publishes the reading the legacy classifier shares with PaddleOCR, keeping the dissent among the candidates', async () => {
    const { ctx } = await context(disputedName('UNIHAKIKA INTERNATIONAL SDN BHD', 'UNIHAKKA INTERNATIONAL SDN BHD'), [
      'UNIHAKKA INTERNATIONAL SDN BHD',
      'UNIHAKKA lNTERNATI0NAL SDN BHD',
      'UNIHAKKA INTERNATIONAL SDN BHD',
    ]);
    await thirdLookStep.run(ctx);
    const [field] = ctx.fields;
    expect(field).toMatchObject({ value: 'UNIHAKKA INTERNATIONAL SDN BHD', status: 'read', evidence: ['reader_agree'], problems: [] });
    expect(field!.candidates.map((c) => c.reader)).toEqual(['tesseract', 'paddle', 'tesseract_legacy']);
    expect(field!.reason).toContain('"UNIHAKIKA INTERNATIONAL SDN BHD"');
  });

  it('leaves the dispute when a look reads the LSTM’s letters, or no look reads PaddleOCR’s', async () => {
    for (const looks of [
      ['SUPER SEVEN CASH & CARRY SDN BHD', 'SUPER SEVEN CASH & CARRY SDN 3HD', 'SUPER SEVEN CASH & CARRY SDN BHD'],
      ['SUPER SEVEN CASH & CARRY SDN 8HD', 'SUPER SEVEN CA5H & CARRY SDN 8HD', 'SUPERSEVEN CASH'],
      // the disputed word read as PaddleOCR did at one size, and as the LSTM did at another
      ['SUPER SEVEN CA5H & CARRY SDN BHD', 'SUPER SEVEN CASH & CARRY 3HD', 'SUPERSEVEN CASH'],
    ]) {
      const { ctx } = await context(disputedName('SUPER SEVEN CASH & CARRY SDN 3HD', 'SUPER SEVEN CASH & CARRY SDN BHD'), looks);
      await thirdLookStep.run(ctx);
      expect(ctx.fields[0], looks.join(' | ')).toMatchObject({ value: null, status: 'conflict', problems: ['FIELD_CONFLICT'] });
    }
  });

  it('reads the crop again with PaddleOCR when no look read PaddleOCR’s name, and settles only on that reading agreeing', async () => {
    const lstm = 'PHARMACIE CENTRALE SA';
    const looks = [lstm, lstm, lstm];
    const agreeing = await context(disputedName(lstm, 'PI ARMACIE CENTRALE SA'), looks, [], 'PHARMACIE CENTRALE SA');
    await thirdLookStep.run(agreeing.ctx);
    expect(agreeing.detected()).toBe(1);
    expect(agreeing.ctx.fields[0]).toMatchObject({ value: lstm, status: 'read', evidence: ['reader_agree'] });
    expect(agreeing.ctx.fields[0]!.reason).toContain('through its text detector');
    // The legacy look, Tesseract as well, counts for neither side: one that read the name
    // otherwise at some sizes (or at all) leaves the second reading to settle it.
    for (const seen of [
      [lstm, 'PHARMAC1E CENTRALE SA', lstm],
      ['PHARMAC1E CENTRA1E SA', 'PHARMAC1E CENTRA1E SA'],
    ]) {
      const garbled = await context(disputedName(lstm, 'PI ARMACIE CENTRALE SA'), seen, [], 'PHARMACIE CENTRALE SA');
      await thirdLookStep.run(garbled.ctx);
      expect(garbled.ctx.fields[0], seen.join(' | ')).toMatchObject({ value: lstm, status: 'read', evidence: ['reader_agree'] });
    }
    // PaddleOCR reading its own letters again, or another name, settles nothing; nor does a look
    // that read PaddleOCR's name.
    for (const [again, seen] of [
      ['PI ARMACIE CENTRALE SA', looks],
      ['PHARMACIE CENTRA1E SA', ['PHARMAC1E CENTRA1E SA']],
      ['PHARMACIE CENTRALE SA', [lstm, 'PI ARMACIE CENTRALE SA', lstm]],
    ] as const) {
      const { ctx } = await context(disputedName(lstm, 'PI ARMACIE CENTRALE SA'), [...seen], [], again);
      await thirdLookStep.run(ctx);
      expect(ctx.fields[0], `${again} / ${seen.join(' | ')}`).toMatchObject({ value: null, status: 'conflict' });
    }
  });

  it('does not take PaddleOCR’s digit for the LSTM’s letter on a look that reads the digit too (seed 21808)', async () => {
    const lstm = 'Farmacia San Miguel S.L.U.';
    const { ctx } = await context(disputedName(lstm, 'Farmacia San Miguel S.1 U.'), Array(3).fill('Farmacia San Miguel 5.1 .U.'));
    await thirdLookStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
    // PaddleOCR's reading of the crop again may still settle it for the LSTM.
    const again = await context(disputedName(lstm, 'Farmacia San Miguel S.1 U.'), Array(3).fill('Farmacia San Miguel 5.1 .U.'), [], lstm);
    await thirdLookStep.run(again.ctx);
    expect(again.ctx.fields[0]).toMatchObject({ value: lstm, status: 'read' });
    // A letter for the LSTM's digit it may settle.
    const letter = await context(disputedName('KEDAI MAJU SDN 3HD', 'KEDAI MAJU SDN BHD'), Array(3).fill('KEDAI MAJU SDN BHD'));
    await thirdLookStep.run(letter.ctx);
    expect(letter.ctx.fields[0]).toMatchObject({ value: 'KEDAI MAJU SDN BHD', status: 'read' });
  });

  it('does not take PaddleOCR’s word for a legal form the LSTM read, on a look that misreads it alike (seed 24071)', async () => {
    const lstm = 'BACKEREI SONNENSCHEIN KG';
    const { ctx } = await context(disputedName(lstm, 'BACKEREI SONNENSCHEIN KC'), Array(3).fill('BACKEREI SONNENSCHEIN KC'));
    await thirdLookStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
    // PaddleOCR's reading of the crop again may still settle it for the LSTM, and a form PaddleOCR
    // spells where the LSTM read none the look may settle.
    const again = await context(disputedName(lstm, 'BACKEREI SONNENSCHEIN KC'), Array(3).fill('BACKEREI SONNENSCHEIN KC'), [], lstm);
    await thirdLookStep.run(again.ctx);
    expect(again.ctx.fields[0]).toMatchObject({ value: lstm, status: 'read' });
    const form = await context(disputedName('BACKEREI SONNENSCHEIN KC', lstm), Array(3).fill(lstm));
    await thirdLookStep.run(form.ctx);
    expect(form.ctx.fields[0]).toMatchObject({ value: lstm, status: 'read' });
  });

  it('reads a name’s crop enlarged and contrast stretched when PaddleOCR’s second reading does not agree, and settles only on that reading agreeing', async () => {
    const lstm = 'SUNRISE MINI MARKET LTD';
    const paddle = 'SUNRISE E MINI MARKET LTD';
    const looks = [lstm, lstm, lstm];
    const agreeing = await context(disputedName(lstm, paddle), looks, [], paddle, 'SUNRISEMINI MARKET LTD');
    await thirdLookStep.run(agreeing.ctx);
    expect(agreeing.detected()).toBe(2);
    expect(agreeing.ctx.fields[0]).toMatchObject({ value: lstm, status: 'read', evidence: ['reader_agree'] });
    expect(agreeing.ctx.fields[0]!.reason).toContain('enlarged and contrast stretched, read "SUNRISEMINI MARKET LTD"');
    expect(agreeing.ctx.fields[0]!.candidates.at(-1)).toMatchObject({ reader: 'paddle', raw: 'SUNRISEMINI MARKET LTD' });
    // Its own letters again, another name, or nothing read leave the dispute to a person; and a
    // look that read PaddleOCR's name leaves no second reading to settle it.
    for (const [prepared, seen] of [
      [paddle, looks],
      ['SUNRISE MINI MARKET LID', looks],
      ['', looks],
      [lstm, [lstm, paddle, lstm]],
    ] as const) {
      const { ctx } = await context(disputedName(lstm, paddle), [...seen], [], paddle, prepared);
      await thirdLookStep.run(ctx);
      expect(ctx.fields[0], `${prepared} / ${seen.join(' | ')}`).toMatchObject({ value: null, status: 'conflict' });
    }
  });

  it('settles on the disputed words alone when the readings’ words line up, whatever the look reads of the rest', async () => {
    const { ctx } = await context(disputedName('BACKEREL SONNENSCHEIN E.K.', 'BACKEREI SONNENSCHEIN E.K.'), [
      'BACKEREI SONNENSCHEIN 5.x.',
      'BACKEREI SONNENSCHEIN 5.x.',
      'BACKEREI SONNENSCHElN 5.x.',
    ]);
    await thirdLookStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: 'BACKEREI SONNENSCHEIN E.K.', status: 'read', evidence: ['reader_agree'] });
    // Words that do not line up with PaddleOCR's (one run together) settle nothing unless the
    // look spells PaddleOCR's letters whole.
    const apart = await context(disputedName('BACKEREL SONNENSCHEIN E.K.', 'BACKEREI SONNENSCHEIN E.K.'), ['BACKEREISONNENSCHEIN 5.x.']);
    await thirdLookStep.run(apart.ctx);
    expect(apart.ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
    const runTogether = await context(disputedName('BACKEREL SONNENSCHEIN E.K.', 'BACKEREI SONNENSCHEIN E.K.'), ['BACKEREISONNENSCHEIN E.K.']);
    await thirdLookStep.run(runTogether.ctx);
    expect(runTogether.ctx.fields[0]).toMatchObject({ value: 'BACKEREI SONNENSCHEIN E.K.', status: 'read' });
  });

  it('settles a dispute at the name’s end when the readings hold different numbers of words, from the look’s own end (seed 26483)', async () => {
    const looks = ['Papelen’a— Central S.L.U.', 'Papelen’a— Central S.L.U.', 'Papelen’a; Central S.L.U.'];
    const { ctx } = await context(disputedName('Papeleria Central SU', 'Papeleria Central S.L.U'), looks);
    await thirdLookStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: 'Papeleria Central S.L.U', status: 'read', evidence: ['reader_agree'] });
    // at the start too
    const start = await context(disputedName('K3 DAI RUNCIT AH SENG', 'KEDAI RUNCIT AH SENG'), ['KEDAI RUNCIT AH 5ENC']);
    await thirdLookStep.run(start.ctx);
    expect(start.ctx.fields[0]).toMatchObject({ value: 'KEDAI RUNCIT AH SENG', status: 'read' });
    // a look that reads the LSTM's end, or neither reading's, settles nothing
    for (const look of ['Papelen’a Central SU', 'Papelen’a Central S.L.', 'S.L.U. Central']) {
      const other = await context(disputedName('Papeleria Central SU', 'Papeleria Central S.L.U'), [look]);
      await thirdLookStep.run(other.ctx);
      expect(other.ctx.fields[0], look).toMatchObject({ value: null, status: 'conflict' });
    }
  });

  it('compares letters, not spaces, and takes the word breaks from a look that spells PaddleOCR’s run-together letters as words', async () => {
    const { ctx } = await context(disputedName('BOULANGERIE DU PARC SAR', 'BOULANGERIEDUPARCSARL'), ['BOULANGERIE DU PARC SARL']);
    await thirdLookStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: 'BOULANGERIE DU PARC SARL', status: 'read', evidence: ['reader_agree'] });
    // …in PaddleOCR's capitals, not the look's small letter among them (seed 20362)
    const small = await context(disputedName('KEDAI BUKU MAjJU JAYA ENTERPRISE', 'KEDAI BUKUMAJU JAYA ENTERPRISE'), ['KEDAI BUKU MAjU JAYA ENTERPRISE']);
    await thirdLookStep.run(small.ctx);
    expect(small.ctx.fields[0]).toMatchObject({ value: 'KEDAI BUKU MAJU JAYA ENTERPRISE', status: 'read' });
    // The registration printed after the name is no part of what the look reads.
    const registered = await context(disputedName('PAPFLERIA CENTRAL', 'PAPELERIACENTRAL'), ['PAPELERIA CENTRAL (230398-H)']);
    await thirdLookStep.run(registered.ctx);
    expect(registered.ctx.fields[0]).toMatchObject({ value: 'PAPELERIA CENTRAL', status: 'read' });
    // Word breaks PaddleOCR set inside the words of wide-set print give way to the look's, as many as the LSTM's (seed 21939).
    const wide = await context(disputedName('BEUCHHANDLUNG AM MARKT GMBH & CO. KG', 'BUCHHANDLUNG AM MARKT GMB H & C O.KG'), [
      'BUCHHANDLUNG AM MARKT GMBH & C0. KG',
    ]);
    await thirdLookStep.run(wide.ctx);
    expect(wide.ctx.fields[0]).toMatchObject({ value: 'BUCHHANDLUNG AM MARKT GMBH & CO. KG', status: 'read' });
    // …but not a look that ran two of PaddleOCR's words together where the LSTM set them apart.
    const runTogether = await context(disputedName('SUNRISE MINI MARKEI', 'SUNRISE MINI MARKET'), ['SUNRISEMINI MARKET']);
    await thirdLookStep.run(runTogether.ctx);
    expect(runTogether.ctx.fields[0]).toMatchObject({ value: 'SUNRISE MINI MARKET', status: 'read' });
    // The LSTM's letters read with PaddleOCR's spacing leave the glyph in doubt.
    const lstmLetters = await context(disputedName('BOULANGERIE DU PARC SAR', 'BOULANGERIEDUPARCSARL'), ['BOULANGERIEDUPARCSAR']);
    await thirdLookStep.run(lstmLetters.ctx);
    expect(lstmLetters.ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
  });

  it('does not take PaddleOCR’s side where the look marks the place of a glyph the LSTM read and PaddleOCR lost', async () => {
    // A faint T: the LSTM read a bar, PaddleOCR nothing, a look marks the place at one size.
    const faint = await context(disputedName('FEINKOS | WEBER OHG', 'FEINKOS WEBER OHG'), ['FEINKOS.‘ WEBER OHG', 'FEINKOS WEBER OHG']);
    await thirdLookStep.run(faint.ctx);
    expect(faint.ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
    // Marks elsewhere are not that place.
    const elsewhere = await context(disputedName('FEINKOS | WEBER OHG', 'FEINKOS WEBER OHG'), ['FEINKOS WEBER. OHG.']);
    await thirdLookStep.run(elsewhere.ctx);
    expect(elsewhere.ctx.fields[0]).toMatchObject({ value: 'FEINKOS WEBER OHG', status: 'read' });
    // A mark PaddleOCR read at that place too is its reading of it, not a glyph it lost.
    const both = await context(disputedName('CAFE CO|. LTD', 'CAFE CO. LTD'), ['CAFE CO. LTD']);
    await thirdLookStep.run(both.ctx);
    expect(both.ctx.fields[0]).toMatchObject({ value: 'CAFE CO. LTD', status: 'read' });
  });

  it('looks at a name one reader ended or began with a mark where the other read a letter: a glyph misread, not one lost at an edge', async () => {
    const { ctx, asked } = await context(disputedName("SUNRISE MINI MARKE'", 'SUNRISE MINI MARKET'), ['SUNRISE MINI MARKET']);
    await thirdLookStep.run(ctx);
    expect(asked()).toBeGreaterThan(0);
    expect(ctx.fields[0]).toMatchObject({ value: 'SUNRISE MINI MARKET', status: 'read', evidence: ['reader_agree'] });
  });

  it('does not look at readings far apart, at a person’s name, or where the page readers agree', async () => {
    for (const field of [
      disputedName('tcalive', 'LIM SENG THO HARDWARE TRADING'),
      // Letters more at the start or the end alone: the edge is faint, and all engines may lose a letter there.
      disputedName('DAI RUNCIT AH SENG ENTERPRISE', 'EDAI RUNCIT AH SENG ENTERPRI SE'),
      disputedName('GREEN LEAF CAFE', 'GREEN LEAF CAF'),
      // A capital I and a small l: one glyph, which no look at its shape tells apart.
      disputedName('Cafeteria El Rincon S.A.', 'Cafeteria EI Rincon S.A.'),
      // An ampersand and an 8: one shape to every engine.
      disputedName('A & W RESTAURANT SDN BHD', 'A 8 W RESTAURANT SDN BHD'),
      disputedName('Soren Hartmann', 'Sorem Hartmann', 'full_name'),
      { ...disputedName('ABC MART', 'ABC MART'), status: 'read' as const, value: 'ABC MART', problems: [] },
    ]) {
      const { ctx, asked } = await context(field, ['LIM SENG THO HARDWARE TRADING']);
      await thirdLookStep.run(ctx);
      expect(asked()).toBe(0);
      expect(ctx.fields[0]).toEqual(field);
    }
  });

  it('counts letters apart as insertions, deletions and substitutions', () => {
    expect(lettersApart('TED HENG', 'TEO HENG')).toBe(1);
    expect(lettersApart('PERNIA AAN', 'PERNIAGAAN')).toBe(1);
    expect(lettersApart('UNIHAKIKA', 'UNIHAKKA')).toBe(1);
    expect(lettersApart('ABC', 'XYZW')).toBe(4);
  });
});

const elsewhere = { page: 1, box: [0.5, 0.3, 0.9, 0.34] as [number, number, number, number] };

/** A disputed date or total as reconcile leaves it: the LSTM's and PaddleOCR's readings. */
const disputedValue = (key: string, lstm: [string | number, string], paddle: [string | number, string], paddleRegion = region): FieldReading => ({
  key,
  label: key,
  isKey: true,
  value: null,
  status: 'conflict',
  evidence: [],
  candidates: [
    { reader: 'tesseract', value: lstm[0], raw: lstm[1], region, confidence: 0.8 },
    { reader: 'paddle', value: paddle[0], raw: paddle[1], region: paddleRegion, confidence: 0.9 },
  ],
  region,
  reason: `The readers disagree on ${key}.`,
  problems: ['FIELD_CONFLICT'],
});

const slipDate = () => disputedValue('date', ['2018-04-30', '30042018 No. .CS-20322'], ['2018-03-30', '30/03/2018 No.:CS-20322']);
const slipTotal = () => disputedValue('total', [54.56, '54.56"'], [54.5, '54.50']);

describe('the third look at a disputed date or total', () => {
  it('publishes the date the legacy classifier reads as PaddleOCR did, parsed by the date parser', async () => {
    const { ctx } = await context(slipDate(), ['3O/O3/2O18 No.', 'Date: 30/03/2018 No.:CS-20322', '30/0 3/2018']);
    await thirdLookStep.run(ctx);
    const [field] = ctx.fields;
    expect(field).toMatchObject({ value: '2018-03-30', status: 'read', evidence: ['reader_agree'], problems: [] });
    expect(field!.candidates.at(-1)).toMatchObject({ reader: 'tesseract_legacy', value: '2018-03-30', raw: 'Date: 30/03/2018 No.:CS-20322' });
    expect(field!.reason).toContain("legacy classifier, read the date's crop as PaddleOCR did");
  });

  it('reads PaddleOCR’s text for its date, with a gap beside a separator closed, in the order the LSTM’s text gives', async () => {
    const field = disputedValue('date', ['2013-03-02', 'A 02-03-13 os SH)1'], ['2 02 -03-18 23 SH 0 1ZJ42', '2 02 -03-18 23 SH 0 1ZJ42']);
    const { ctx } = await context(field, ['2 02-03-18 23 SH', '02 - 03 - 18', '02-O3-1B']);
    await thirdLookStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: '2018-03-02', status: 'read', evidence: ['reader_agree'] });
    // A look that reads the LSTM's year leaves it.
    const again = await context(field, ['02-03-18', '02-03-13', '02-03-18']);
    await thirdLookStep.run(again.ctx);
    expect(again.ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
  });

  it('looks where the LSTM read a date no calendar has, a digit from PaddleOCR’s, and settles only as PaddleOCR read it', async () => {
    const field = () => disputedValue('date', ['18.94.25 08:43 BON 80744692', '18.94.25 08:43 BON 80744692'], ['2025-04-18', '18.04.25 08:43 BON 8 0744692']);
    const settles = await context(field(), ['18.04.25 08:43', '18.04.25 08:43 BON', '1B.04.25']);
    await thirdLookStep.run(settles.ctx);
    expect(settles.ctx.fields[0]).toMatchObject({ value: '2025-04-18', status: 'read', evidence: ['reader_agree'] });
    // A look that reads the LSTM's digits at any size leaves it.
    const split = await context(field(), ['18.04.25 08:43', '18.94.25 08:43', '18.04.25']);
    await thirdLookStep.run(split.ctx);
    expect(split.ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
    // The year first, as a Malaysian slip prints it ("TARIKH 2025/05/67").
    const yearFirst = disputedValue(
      'date',
      ['TARIKH 2025/05/67 Masa 18:11:56', 'TARIKH 2025/05/67 Masa 18:11:56'],
      ['2025-05-07', 'TARIKH 2025/05/07 Masa 18:11:56'],
    );
    const looked = await context(yearFirst, ['TARIKH 2025/05/07 Masa 18:11:56']);
    await thirdLookStep.run(looked.ctx);
    expect(looked.ctx.fields[0]).toMatchObject({ value: '2025-05-07', status: 'read', evidence: ['reader_agree'] });
    // Two digits apart, it is not looked at.
    const far = await context(disputedValue('date', ['18.94.26', '18.94.26'], ['2025-04-18', '18.04.25']), ['18.04.25']);
    await thirdLookStep.run(far.ctx);
    expect(far.asked()).toBe(0);
    // Nor is a year PaddleOCR read with two digits where the LSTM read four: its box cut the year
    // ("29-04-20" of "29-84-2025", seed 26006), and a look at it reads the same two.
    const cut = await context(disputedValue('date', ['29-84-2025 22:53', '29-84-2025 22:53'], ['2020-04-29', '29-04-20']), ['29-04-20']);
    await thirdLookStep.run(cut.ctx);
    expect(cut.asked()).toBe(0);
    const valid = await context(disputedValue('date', ['2026-04-29', '29-04-2026 22:53'], ['2020-04-29', '29-04-20']), ['29-04-20']);
    await thirdLookStep.run(valid.ctx);
    expect(valid.asked()).toBe(0);
  });

  it('publishes the total the legacy classifier reads as PaddleOCR did, keeping the doubts PaddleOCR had about it', async () => {
    const doubt = 'The total was placed under a plain "Total" with no sums that add up.';
    const extracted = [
      { reader: 'paddle', values: [{ key: 'total', value: 54.5, raw: '54.50', region, confidence: 0.6, problems: ['ARITHMETIC_MISMATCH'], reason: doubt }] },
    ];
    const { ctx } = await context(slipTotal(), ['T0TAL 54.5O', 'TOTAL RM 54.50', 'TOTAL 54. 50'], extracted);
    await thirdLookStep.run(ctx);
    const [field] = ctx.fields;
    expect(field).toMatchObject({ value: 54.5, status: 'read', evidence: ['reader_agree'], problems: ['ARITHMETIC_MISMATCH'] });
    expect(field!.reason).toContain(doubt);
    expect(field!.candidates.at(-1)).toMatchObject({ reader: 'tesseract_legacy', value: 54.5 });
  });

  it('looks at PaddleOCR’s crop too when it placed the value elsewhere, and settles from it', async () => {
    const field = disputedValue('total', [12.8, '12.80'], [12.3, 'TOTAL 12.30'], elsewhere);
    const { ctx, asked } = await context(field, ['', '', '', 'TOTAL 12.30', 'TOTAL 12.30', 'TOTAL 12.30']);
    await thirdLookStep.run(ctx);
    expect(asked()).toBe(6);
    expect(ctx.fields[0]).toMatchObject({ value: 12.3, status: 'read', region: elsewhere });
  });

  it('leaves the dispute when a look reads the LSTM’s value, in any order or without separators, or none reads PaddleOCR’s', async () => {
    const cases: Array<[FieldReading, string[]]> = [
      [slipDate(), ['30/03/2018', '30042018', '30/03/2018']],
      [slipDate(), ['30/03/2018', '30/04/2018', '30/03/2018']],
      [slipDate(), ['30/03/2018', '04/30/2018', '30/03/2018']],
      // The classifier's dash is a hyphen: "02-03—13" is the LSTM's 2 March 2013.
      [disputedValue('date', ['2013-03-02', '02-03-13'], ['2018-03-02', '02-03-18']), ['02-03-18', '02-03—13', '02-03-18']],
      // Read month first, "03/02/2018" is PaddleOCR's date, but PaddleOCR's "02/03/2018" is day first.
      [disputedValue('date', ['2018-03-08', '08/03/2018'], ['2018-03-02', '02/03/2018']), ['03/02/2018', '03/02/2018', '03/02/2018']],
      [slipTotal(), ['54.50', '54.56', '54.50']],
      [slipTotal(), ['54.56 54.50', '54.50', '54.50']],
      // The amount that stands last is the value; an earlier 54.50 on the row is another figure.
      [slipTotal(), ['54.50 58.50', '54.60', '5450']],
    ];
    for (const [field, looks] of cases) {
      const { ctx } = await context(field, looks);
      await thirdLookStep.run(ctx);
      expect(ctx.fields[0], looks.join(' | ')).toMatchObject({ value: null, status: 'conflict', problems: ['FIELD_CONFLICT'] });
    }
  });

  it('does not read a date’s or a total’s crop enlarged: the re-read step has read it so', async () => {
    for (const [field, again, prepared] of [
      [slipTotal(), '54.60', '54.56'],
      [slipDate(), '30/08/2018', '30042018'],
    ] as const) {
      const { ctx, detected } = await context(field, ['5 4 . 5 6', '5 4 . 5 6', '5 4 . 5 6'], [], again, prepared);
      await thirdLookStep.run(ctx);
      expect(ctx.fields[0], field.key).toMatchObject({ value: null, status: 'conflict' });
      expect(detected(), field.key).toBe(1);
    }
  });

  it('does not look at values more than a digit apart, a day and month swapped, or a third reading', async () => {
    const third = slipTotal();
    third.candidates.push({ reader: 'judge', value: 54.5, raw: '54.50', region, confidence: 0.5 });
    for (const field of [
      disputedValue('total', [54.56, '54.56'], [45.5, '45.50']),
      disputedValue('total', [1545, '1545.00'], [54.5, '54.50']),
      disputedValue('date', ['2013-03-02', '02-03-13'], ['2018-03-12', '12-03-18']),
      disputedValue('date', ['2018-02-03', '03/02/2018'], ['2018-03-02', '02/03/2018']),
      disputedValue('due_date', ['2018-04-30', '30/04/2018'], ['2018-03-30', '30/03/2018']),
      third,
    ]) {
      const { ctx, asked } = await context(field, ['54.50 30/03/2018 02-03-18']);
      await thirdLookStep.run(ctx);
      expect(asked(), field.key).toBe(0);
      expect(ctx.fields[0]).toEqual(field);
    }
  });

  it('settles before the finance rules, which still check a total so settled', () => {
    const names = READ_STEPS.map((s) => s.name);
    expect(names.indexOf('third_look')).toBeGreaterThan(names.indexOf('reconcile'));
    expect(names.indexOf('third_look')).toBeLessThan(names.indexOf('rules'));
  });
});
