import { describe, expect, it } from 'vitest';
import { lineOf } from '../../../test/helpers/identity-readings.js';
import { qid } from '../../doctypes/qid.js';
import { openImage } from '../../imaging/open.js';
import type { Box, Line } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import { arabicLabelsStep } from './arabic-labels.js';

const NOW = new Date(Date.UTC(2025, 5, 1));

/** A QID read by the English model with its small capital labels misread, and an Arabic engine
 * that reads the labels at each row's end (its lines' boxes are fractions of the cut it is given:
 * here the whole page). */
async function context(english: Line[], arabic: Array<[string, Box]>): Promise<ReadContext> {
  const png = await openImage(Buffer.alloc(400 * 250 * 3, 255), { raw: { width: 400, height: 250, channels: 3 } })
    .png()
    .toBuffer();
  const reading = { reader: 'tesseract' as const, engine: { name: 't', version: '1' }, pages: [{ page: 1, lines: english }], ms: 0, cost_usd: 0 };
  const engine = {
    engine: { name: 'tesseract.js LSTM (ara)', version: '1' },
    // right to left: the first word is the rightmost
    readRegion: async () => ({ text: '', confidence: 0.9, lines: arabic.map(([text, box]) => lineOf(text.split(' ').reverse().join(' '), box)) }),
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
});
