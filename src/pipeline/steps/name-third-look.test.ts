import { describe, expect, it } from 'vitest';
import type { FieldReading } from '../../domain/field.js';
import { openImage } from '../../imaging/open.js';
import type { ReadContext } from '../context.js';
import { lettersApart, nameThirdLookStep } from './name-third-look.js';

const region = { page: 1, box: [0.1, 0.1, 0.8, 0.14] as [number, number, number, number] };

const disputedName = (lstm: string, paddle: string, key = 'merchant_name'): FieldReading => ({
  key,
  label: 'Merchant',
  isKey: true,
  value: null,
  status: 'conflict',
  evidence: [],
  candidates: [
    { reader: 'tesseract', value: lstm, raw: lstm, region, confidence: 0.8 },
    { reader: 'paddle', value: paddle, raw: paddle, region, confidence: 0.9 },
  ],
  region,
  reason: `The readers disagree on Merchant (tesseract: "${lstm}", paddle: "${paddle}").`,
  problems: ['FIELD_CONFLICT'],
});

/** A stand-in legacy classifier that reads `looks[i]` at the i-th crop size it is given. */
async function context(field: FieldReading, looks: string[], extracted: ReadContext['extracted'] = []): Promise<{ ctx: ReadContext; asked: () => number }> {
  const png = await openImage(Buffer.alloc(400 * 600 * 3, 255), { raw: { width: 400, height: 600, channels: 3 } })
    .png()
    .toBuffer();
  let asked = 0;
  const engine = {
    engine: { name: 'legacy', version: '0' },
    readRegion: async () => {
      const text = looks[Math.min(asked++, looks.length - 1)]!;
      return { text, confidence: 0.7, lines: [{ text, box: [0, 0, 1, 1], confidence: 0.7, words: [{ text, box: [0, 0, 1, 1], confidence: 0.7 }] }] };
    },
  };
  const ctx = {
    deps: { readers: { get: async () => null, legacy: async () => engine } },
    documentType: 'receipt',
    pageImages: [{ page: 1, width: 400, height: 600, png }],
    readings: [],
    engines: [],
    fields: [field],
    extracted,
    raw: {},
  } as unknown as ReadContext;
  return { ctx, asked: () => asked };
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
    await nameThirdLookStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
    expect(asked()).toBe(0);
  });

  it('publishes the reading the legacy classifier shares with PaddleOCR, keeping the dissent among the candidates', async () => {
    const { ctx } = await context(disputedName('UNIHAKIKA INTERNATIONAL SDN BHD', 'UNIHAKKA INTERNATIONAL SDN BHD'), [
      'UNIHAKKA INTERNATIONAL SDN BHD',
      'UNIHAKKA lNTERNATI0NAL SDN BHD',
      'UNIHAKKA INTERNATIONAL SDN BHD',
    ]);
    await nameThirdLookStep.run(ctx);
    const [field] = ctx.fields;
    expect(field).toMatchObject({ value: 'UNIHAKKA INTERNATIONAL SDN BHD', status: 'read', evidence: ['reader_agree'], problems: [] });
    expect(field!.candidates.map((c) => c.reader)).toEqual(['tesseract', 'paddle', 'tesseract_legacy']);
    expect(field!.reason).toContain('"UNIHAKIKA INTERNATIONAL SDN BHD"');
  });

  it('leaves the dispute when a look reads the LSTM’s letters, or no look reads PaddleOCR’s', async () => {
    for (const looks of [
      ['SUPER SEVEN CASH & CARRY SDN BHD', 'SUPER SEVEN CASH & CARRY SDN 3HD', 'SUPER SEVEN CASH & CARRY SDN BHD'],
      ['SUPER SEVEN CASH & CARRY SDN 8HD', 'SUPER SEVEN CA5H & CARRY SDN BHD', 'SUPERSEVEN CASH'],
    ]) {
      const { ctx } = await context(disputedName('SUPER SEVEN CASH & CARRY SDN 3HD', 'SUPER SEVEN CASH & CARRY SDN BHD'), looks);
      await nameThirdLookStep.run(ctx);
      expect(ctx.fields[0], looks.join(' | ')).toMatchObject({ value: null, status: 'conflict', problems: ['FIELD_CONFLICT'] });
    }
  });

  it('does not look at readings far apart, at a person’s name, or where the page readers agree', async () => {
    for (const field of [
      disputedName('tcalive', 'LIM SENG THO HARDWARE TRADING'),
      disputedName('Soren Hartmann', 'Sorem Hartmann', 'full_name'),
      { ...disputedName('ABC MART', 'ABC MART'), status: 'read' as const, value: 'ABC MART', problems: [] },
    ]) {
      const { ctx, asked } = await context(field, ['LIM SENG THO HARDWARE TRADING']);
      await nameThirdLookStep.run(ctx);
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
