import { describe, expect, it } from 'vitest';
import type { FieldReading } from '../../domain/field.js';
import { openImage } from '../../imaging/open.js';
import { accentMisprintsStep } from './accent-misprints.js';
import { accentContext } from './test-accent-context.js';

const merchant = (value: string, evidence: FieldReading['evidence'] = ['reader_agree'], key = 'merchant_name'): FieldReading => ({
  key,
  label: key === 'merchant_name' ? 'Merchant' : 'Merchant address',
  isKey: key === 'merchant_name',
  value,
  status: 'read',
  evidence,
  candidates: [
    { reader: 'tesseract', value, raw: value, region: null, confidence: 0.9 },
    { reader: 'paddle', value, raw: value, region: null, confidence: 0.9 },
  ],
  region: { page: 1, box: [0.1, 0.1, 0.6, 0.14] },
  reason: null,
  problems: [],
});

const context = (field: FieldReading, looks: string[]) => accentContext('receipt', field, looks);

describe('accent_misprints', () => {
  it('withholds a name the readers agreed on where every look reads an accented letter in place of another', async () => {
    const { ctx } = await context(merchant('Café Lindenblite'), ['Café Lindenblüte', 'Café Lindenblüte']);
    await accentMisprintsStep.run(ctx);
    const [field] = ctx.fields;
    expect([field!.status, field!.value, field!.problems]).toEqual(['conflict', null, ['FIELD_CONFLICT']]);
    expect(field!.reason).toMatch(/"Lindenblite" as "Lindenblüte"/);
    expect(field!.candidates.map((c) => c.value)).toContain('Café Lindenblüte');
  });

  it('withholds an address the readers agreed on where the looks read an accented letter in place of another, each its own accent', async () => {
    const { ctx } = await context(merchant('BAHNHOFSTR. 4A, 80335 MINCHEN', ['reader_agree'], 'merchant_address'), [
      'BAHNHOFSTR. 4A 80335 MÜNCHEN',
      'BAHNHOFSTR. 4A 80335 MÚNCHEN',
    ]);
    await accentMisprintsStep.run(ctx);
    const [field] = ctx.fields;
    expect([field!.key, field!.status, field!.value]).toEqual(['merchant_address', 'conflict', null]);
    expect(field!.reason).toMatch(/"MINCHEN" as "MÜNCHEN"/);
  });

  it("reads an address printed over two lines line by line, as the page read placed them (seed 22324: 'MONCHEN' verified)", async () => {
    const field = merchant('BAHNHOFSTR. 4A, 80335 MONCHEN', ['reader_agree'], 'merchant_address');
    const { ctx } = await context(field, []);
    // Each look reads what a crop shows: the street's line, then the city's; crops' heights noted.
    const heights: number[] = [];
    const look = () => {
      let asked = 0;
      return {
        readRegion: async (png: Buffer) => {
          heights.push((await openImage(png).metadata()).height!);
          const text = ['BAHNHOFSTR. 4A', '80335 MÜNCHEN'][asked++] ?? '';
          return { text, confidence: 0.9, lines: [{ text, box: [0, 0, 1, 1], confidence: 0.9, words: [] }] };
        },
      };
    };
    const engines = [look(), look()];
    ctx.deps.readers.accents = async () => engines as never;
    ctx.extracted = [
      {
        reader: 'tesseract',
        values: [
          {
            key: 'merchant_address',
            value: field.value,
            raw: '',
            region: field.region,
            parts: [
              [0.1, 0.1, 0.6, 0.12],
              [0.1, 0.12, 0.6, 0.14],
            ],
            confidence: 0.9,
          },
        ],
      },
    ];
    await accentMisprintsStep.run(ctx);
    expect([ctx.fields[0]!.status, ctx.fields[0]!.reason]).toEqual(['conflict', expect.stringMatching(/"MONCHEN" as "MÜNCHEN"/)]);
    expect(heights).toHaveLength(4);
  });

  it("leaves the name where the looks read its letters alike, differ, or it rests on the file's text", async () => {
    for (const [name, looks] of [
      // the readers wrote the ü as a u: its accent alone differs
      ['Cafe Lindenblute', ['Café Lindenblüte', 'Café Lindenblüte']],
      // one look read the letter as the readers did
      ['Café Lindenblite', ['Café Lindenblüte', 'Café Lindenblite']],
    ] as const) {
      const { ctx } = await context(merchant(name), [...looks]);
      await accentMisprintsStep.run(ctx);
      expect(ctx.fields[0]!.status, looks.join(' / ')).toBe('read');
    }
    const { ctx, asked } = await context(merchant('Café Lindenblite', ['text_layer']), ['Café Lindenblüte', 'Café Lindenblüte']);
    await accentMisprintsStep.run(ctx);
    expect([ctx.fields[0]!.status, asked[0]]).toEqual(['read', 0]);
  });
});
