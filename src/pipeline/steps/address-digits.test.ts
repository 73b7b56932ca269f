import { describe, expect, it } from 'vitest';
import type { ExtractedValue } from '../../doctypes/types.js';
import type { FieldReading } from '../../domain/field.js';
import type { ReadContext } from '../context.js';
import { addressDigitsStep, numbersOf, otherDigits } from './address-digits.js';
import { blankPage, scriptedLegacy } from '../../../test/helpers/scripted-legacy.js';

type Box = [number, number, number, number];
const LINE_BOXES: Box[] = [
  [0.1, 0.2, 0.8, 0.23],
  [0.1, 0.24, 0.8, 0.27],
];
const REGION = { page: 1, box: [0.1, 0.2, 0.8, 0.27] as Box };

/** A receipt whose address both readers read alike, line for line, with the legacy classifier
 * reading `looks[i]` at its i-th crop (three sizes a line), and Tesseract `darkLooks[i]` at its
 * i-th darkened crop (two a line the legacy looks left as read). */
async function agreedAddress(lines: string[], looks: string[], darkLooks: string[] = []) {
  const text = lines.join(', ');
  const value: ExtractedValue = { key: 'merchant_address', value: text, raw: text, region: REGION, confidence: 0.8, parts: LINE_BOXES, partTexts: lines };
  const field: FieldReading = {
    key: 'merchant_address',
    label: 'Merchant address',
    isKey: false,
    value: text,
    status: 'read',
    evidence: ['reader_agree'],
    candidates: [
      { reader: 'tesseract', value: text, raw: text, region: REGION, confidence: 0.8 },
      { reader: 'paddle', value: text, raw: text, region: REGION, confidence: 0.9 },
    ],
    region: REGION,
    reason: null,
    problems: [],
  };
  const { engine, asked } = scriptedLegacy(looks);
  const darkened = scriptedLegacy(darkLooks).engine;
  const ctx = {
    documentType: 'receipt',
    deps: { readers: { legacy: async () => engine, get: async () => darkened } },
    pageImages: [{ page: 1, width: 400, height: 600, png: await blankPage() }],
    readings: [],
    engines: [],
    fields: [field],
    extracted: [
      { reader: 'tesseract', values: [value] },
      { reader: 'paddle', values: [value] },
    ],
    raw: {},
  } as unknown as ReadContext;
  return { ctx, asked };
}

describe('the numbers of an address both readers agreed on', () => {
  it('withholds the address when the legacy classifier reads a line’s number with another digit at every size', async () => {
    const { ctx } = await agreedAddress(
      ['Avda. del Puerto 118', '16023 Valencia'],
      ['Avda. del Puerto 118', '118', 'Avda del Puerto 118', '46023 Valencia', '46O23 Valencia', '46023 VaIencia'],
    );
    await addressDigitsStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: null, status: 'conflict', evidence: [], problems: ['FIELD_CONFLICT'] });
    expect(ctx.fields[0]!.reason).toContain('"46023"');
    expect(ctx.fields[0]!.candidates.at(-1)).toMatchObject({ reader: 'tesseract_legacy', raw: '46023 Valencia' });
  });

  it('withholds it too where a look set a gap inside the number, its digits the same (seed 22615)', async () => {
    const { ctx } = await agreedAddress(
      ['Avda. del Puerto 118', '16023 Valencia'],
      ['Avda. del Puerto 118', '118', 'Avda del Puerto 118', '4 6023 Valencia', '46023 Valencia', '46023 Valencia'],
    );
    await addressDigitsStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
    expect(ctx.fields[0]!.candidates.at(-1)).toMatchObject({ reader: 'tesseract_legacy', raw: '46023 Valencia' });
  });

  it('keeps it when the looks read the same digits, differ among themselves, or lost a glyph', async () => {
    for (const looks of [
      ['118', '118', '118', '16023 Valencia', '16O23 Valencia', '16023'],
      ['118', '118', '118', '46023 Valencia', '16023 Valencia', '46023 Valencia'],
      ['118', '118', '118', '6023 Valencia', '6023 Valencia', '6023 Valencia'],
      // every look set the gap: none reads the number in the readers' length
      ['118', '118', '118', '4 6023 Valencia', '4 6023 Valencia', '4 6023 Valencia'],
    ]) {
      const { ctx } = await agreedAddress(['Avda. del Puerto 118', '16023 Valencia'], looks);
      await addressDigitsStep.run(ctx);
      expect(ctx.fields[0]).toMatchObject({ value: 'Avda. del Puerto 118, 16023 Valencia', status: 'read' });
    }
  });

  it('withholds it when Tesseract reads a digit with strokes more in both darkened looks at a line (seed 26476)', async () => {
    const { ctx } = await agreedAddress(
      ['No. 3, Lorong Harmoni 2', '31100 Johor Bahru'],
      ['No. 3, Lorong Harmoni 2', 'No 3 Lorong Harmoni 2', 'No. 3, Lorong Harmoni 2', '31100 Johor Bahru', '31100 Johor Bahru', '31100 Johor Bahru'],
      ['No. 3, Lorong Harmoni 2', 'No. 3, Lorong Harmoni 2', '81100 Johor Bahru', '81100 JOHOR BAHRU'],
    );
    await addressDigitsStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: null, status: 'conflict', problems: ['FIELD_CONFLICT'] });
    expect(ctx.fields[0]!.reason).toContain('faint ink made as dark');
    expect(ctx.fields[0]!.reason).toContain('"81100"');
  });

  it('keeps it when the darkened looks differ, read the same digits, or read fewer strokes', async () => {
    const legacy = ['118', '118', '118', '46023 Valencia', '46023 Valencia', '46023 Valencia'];
    for (const darkLooks of [
      ['118', '118', '46023 Valencia', '46623 Valencia'],
      ['118', '118', '46023 Valencia', '46023 Valencia'],
      // darkening adds ink: a 4 it shows as 1 is the darkening's blot, not a faded stroke
      ['118', '118', '16023 Valencia', '16023 Valencia'],
      // one look read nothing
      ['118', '118', '86023 Valencia', ''],
    ]) {
      const { ctx } = await agreedAddress(['Avda. del Puerto 118', '46023 Valencia'], legacy, darkLooks);
      await addressDigitsStep.run(ctx);
      expect(ctx.fields[0]).toMatchObject({ value: 'Avda. del Puerto 118, 46023 Valencia', status: 'read' });
    }
  });

  it('does not look at a line without numbers', async () => {
    const { ctx, asked } = await agreedAddress(['Calle Mayor', 'Valencia'], ['Calle 4', 'Calle 4', 'Calle 4']);
    await addressDigitsStep.run(ctx);
    expect(asked()).toBe(0);
    expect(ctx.fields[0]!.status).toBe('read');
  });

  it('reads a round glyph among digits as a zero, and compares numbers of the same lengths only', () => {
    expect(numbersOf('Jalan 3/4, 430O0 Kajang')).toEqual(['3', '4', '43000']);
    expect(otherDigits(['16023'], ['46023'])).toBe(true);
    expect(otherDigits(['16023'], ['16023'])).toBe(false);
    expect(otherDigits(['16023'], ['1602'])).toBe(false);
    expect(otherDigits(['16023'], ['16023', '4'])).toBe(false);
    expect(otherDigits(['16023'], ['4G023'])).toBe(false);
    // The look's own confusion of whole shapes, a 0 read as 9: no stroke the readers missed.
    expect(otherDigits(['50667'], ['59667'])).toBe(false);
    expect(otherDigits(['3100'], ['3180'])).toBe(true);
    expect(otherDigits(['2B', '16023'], ['28', '16023'])).toBe(false);
  });
});
