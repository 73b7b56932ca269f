import { describe, expect, it } from 'vitest';
import { lineOf } from '../../../test/helpers/identity-readings.js';
import { qid } from '../../doctypes/qid.js';
import { openImage } from '../../imaging/open.js';
import type { Box, Line, Word } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import { arabicLabelsStep } from './arabic-labels.js';

const NOW = new Date(Date.UTC(2025, 5, 1));

/** A QID read by the English model with its small capital labels misread, and an Arabic engine
 * that reads the labels at each row's end (its lines' boxes are fractions of the cut it is given:
 * here the whole page). */
async function context(
  english: Line[],
  arabic: Array<[string, Box]>,
  ink: Box[] = [],
  seen?: (png: Buffer) => Promise<Array<[string, Box]>>,
): Promise<ReadContext> {
  const pixels = Buffer.alloc(400 * 250 * 3, 255);
  // dark print where `ink` says, so that what is painted over can be told from what is not
  for (const [x0, y0, x1, y1] of ink)
    for (let y = Math.round(y0 * 250); y < Math.round(y1 * 250); y++)
      pixels.fill(0, (y * 400 + Math.round(x0 * 400)) * 3, (y * 400 + Math.round(x1 * 400)) * 3);
  const png = await openImage(pixels, { raw: { width: 400, height: 250, channels: 3 } })
    .png()
    .toBuffer();
  const reading = { reader: 'tesseract' as const, engine: { name: 't', version: '1' }, pages: [{ page: 1, lines: english }], ms: 0, cost_usd: 0 };
  const engine = {
    engine: { name: 'tesseract.js LSTM (ara)', version: '1' },
    // right to left: the first word is the rightmost
    readRegion: async (cut: Buffer) => ({
      text: '',
      confidence: 0.9,
      lines: [...arabic, ...((await seen?.(cut)) ?? [])].map(([text, box]) => lineOf(text.split(' ').reverse().join(' '), box)),
    }),
  };
  return {
    deps: { readers: { get: async () => null, arabic: async () => engine } },
    doctype: qid,
    documentType: 'qid',
    pageImages: [{ page: 1, width: 400, height: 250, png }],
    readings: [reading],
    extracted: [{ reader: 'tesseract', values: qid.extract(reading, { now: NOW, pages: reading.pages }) }],
    engines: [],
    raw: {},
  } as unknown as ReadContext;
}

const valuesOf = (ctx: ReadContext) => Object.fromEntries(ctx.extracted[0]!.values.map((v) => [v.key, v.value]));

describe('a QID’s fields found by their Arabic labels', () => {
  it('takes the value after the colon of a row whose English label was misread', async () => {
    const ctx = await context(
      [
        lineOf('ono: 27552846409', [0.3, 0.22, 0.57, 0.26]),
        lineOf('sorn: 14.01.1975', [0.3, 0.33, 0.53, 0.37]),
        lineOf('rue nave: FATIMA AL-AMIN', [0.3, 0.78, 0.65, 0.81]),
      ],
      [
        ['الرقم الشخصي', [0.82, 0.22, 0.94, 0.26]],
        ['تاريخ الميلاد', [0.84, 0.33, 0.94, 0.37]],
        ['الاسم', [0.89, 0.78, 0.93, 0.81]],
      ],
    );
    expect(valuesOf(ctx)).toEqual({});
    await arabicLabelsStep.run(ctx);
    expect(valuesOf(ctx)).toEqual({ id_number: '27552846409', date_of_birth: '1975-01-14', name_en: 'FATIMA AL-AMIN' });
    expect(ctx.engines.map((e) => e.name)).toEqual(['tesseract.js LSTM (ara)']);
  });

  it('takes nothing from a row without a colon, or a value not of the field’s form', async () => {
    const ctx = await context(
      [lineOf('Date of bith 08/01/1958', [0.04, 0.33, 0.36, 0.37]), lineOf('ono: AHMED', [0.3, 0.22, 0.57, 0.26])],
      [
        ['تاريخ الميلاد', [0.58, 0.33, 0.69, 0.37]],
        ['الرقم الشخصي', [0.82, 0.22, 0.94, 0.26]],
      ],
    );
    await arabicLabelsStep.run(ctx);
    expect(valuesOf(ctx)).toEqual({});
  });

  it('takes the value in the page’s value column from a row without a colon, where values stand beside their labels', async () => {
    const ctx = await context(
      [
        row(0.22, 0.255, ['ID', 0.04, 0.058], ['Number', 0.067, 0.138], ['25825012562', 0.181, 0.403]),
        row(0.332, 0.37, ['Date', 0.04, 0.082], ['of', 0.09, 0.107], ['bith', 0.114, 0.153], ['08/01/1958', 0.18, 0.364]),
        row(0.443, 0.483, ['Expires', 0.04, 0.106], ['12/09/2027', 0.182, 0.363]),
        row(0.555, 0.591, ['citizenship', 0.04, 0.138], ['FRANCE', 0.18, 0.319]),
        row(0.779, 0.814, ['Full', 0.04, 0.069], ['name', 0.078, 0.128], ['AHMED', 0.179, 0.31], ['RAHMAN', 0.322, 0.479]),
      ],
      [['تاريخ الميلاد', [0.58, 0.33, 0.69, 0.37]]],
    );
    expect(valuesOf(ctx).date_of_birth).toBeUndefined();
    await arabicLabelsStep.run(ctx);
    expect(valuesOf(ctx).date_of_birth).toBe('1958-01-08');
  });

  it('takes nothing from a row without a colon where values stand under their labels: the row holds the label', async () => {
    const ctx = await context(
      [
        row(0.2, 0.22, ['ID', 0.3, 0.33], ['No.', 0.34, 0.38]),
        row(0.23, 0.27, ['27552846409', 0.3, 0.55]),
        row(0.33, 0.35, ['Natlonallty', 0.3, 0.42]),
        row(0.36, 0.4, ['FRANCE', 0.3, 0.42]),
        row(0.46, 0.48, ['Occupation', 0.3, 0.42]),
        row(0.49, 0.53, ['ENGINEER', 0.3, 0.45]),
      ],
      [['الجنسية', [0.85, 0.33, 0.94, 0.35]]],
    );
    await arabicLabelsStep.run(ctx);
    expect(valuesOf(ctx).nationality).toBeUndefined();
  });

  it('leaves for the Arabic engine a label at the rows’ ends the English read took for a Latin word it was sure of', async () => {
    // "awl" is how the English model read الاسم; painted over, the Arabic engine would not see the label
    const awl: Box = [0.894, 0.789, 0.941, 0.823];
    const ctx = await context(
      [
        row(0.22, 0.263, ['ID.', 0.298, 0.33], ['NO.:', 0.335, 0.358], ['29327647409', 0.375, 0.575], ['p81', 0.896, 0.941, 0.05]),
        row(0.332, 0.375, ['sorn:', 0.298, 0.347], ['19.09.1993', 0.365, 0.53], ['&,6', 0.902, 0.942, 0]),
        row(0.555, 0.596, ['NATIONALITY:', 0.298, 0.405], ['GERMANY', 0.421, 0.57], ['apical', 0.875, 0.941, 0.01]),
        row(0.779, 0.823, ['ru', 0.298, 0.336, 0], ['nave:', 0.343, 0.393], ['KHALID', 0.41, 0.52], ['AL-MANSOURI', 0.53, 0.74], ['awl', awl[0], awl[2], 0.75]),
      ],
      [],
      [awl],
      async (cut) => {
        const { data, info } = await openImage(cut).greyscale().raw().toBuffer({ resolveWithObject: true });
        const at = Math.round(((awl[1] + awl[3]) / 2) * info.height) * info.width + Math.round(((awl[0] + awl[2]) / 2) * info.width);
        return data[at]! < 128 ? [['الاسم', awl]] : [];
      },
    );
    await arabicLabelsStep.run(ctx);
    expect(valuesOf(ctx).name_en).toBe('KHALID AL-MANSOURI');
  });
});

/** A line of words at given left and right edges (page fractions), each [text, x0, x1, confidence?]. */
function row(y0: number, y1: number, ...words: Array<[string, number, number, number?]>): Line {
  const ws: Word[] = words.map(([text, x0, x1, confidence]) => ({ text, box: [x0, y0, x1, y1], confidence: confidence ?? 0.95 }));
  return { text: ws.map((w) => w.text).join(' '), box: [ws[0]!.box[0], y0, ws[ws.length - 1]!.box[2], y1], confidence: 0.95, words: ws };
}
