import { describe, expect, it } from 'vitest';
import type { Doctype } from '../../doctypes/types.js';
import type { FieldReading } from '../../domain/field.js';
import { openImage } from '../../imaging/open.js';
import type { Box, ReaderOutput } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import { printLookStep } from './print-look.js';

const field = (key: string, status: FieldReading['status']): FieldReading => ({
  key,
  label: key,
  value: status === 'read' ? 'X' : null,
  status,
  evidence: [],
  candidates: [],
  region: null,
  reason: null,
  isKey: true,
  problems: status === 'conflict' ? ['FIELD_CONFLICT'] : [],
});

async function run(fields: FieldReading[]): Promise<{ ctx: ReadContext; asked: Box[][] }> {
  const asked: Box[][] = [];
  const paddle = {
    engine: { name: 'paddle', version: 'test' },
    readCrops: async (_png: Buffer, boxes: Box[]) => {
      asked.push(boxes);
      return boxes.map((b) => {
        const line = { text: 'QUISPE', box: b, confidence: 0.9, words: [] };
        return { box: b, text: line.text, confidence: 0.9, lines: [line], via: 'recogniser' as const };
      });
    },
  };
  const printed: Doctype['printed'] = () => [
    { key: 'surname', region: { page: 1, box: [0.3, 0.2, 0.5, 0.24] } },
    { key: 'given_names', region: { page: 1, box: [0.3, 0.3, 0.5, 0.34] } },
  ];
  const png = await openImage(Buffer.alloc(100 * 100 * 3, 255), { raw: { width: 100, height: 100, channels: 3 } })
    .png()
    .toBuffer();
  const ctx = {
    deps: { readers: { get: async (n: string) => (n === 'paddle' ? paddle : null) } },
    intake: { images: [{ page: 1, width: 100, height: 100, png }] },
    pageImages: [],
    readings: [{ reader: 'tesseract', engine: { name: 'tesseract', version: 'test' }, pages: [], ms: 0, cost_usd: 0 } as ReaderOutput],
    doctype: { printed } as unknown as Doctype,
    fields,
    raw: {},
  } as unknown as ReadContext;
  await printLookStep.run(ctx);
  return { ctx, asked };
}

describe('the print look', () => {
  it('has Paddle read the print of the disputed fields only, where Tesseract found it', async () => {
    const { ctx, asked } = await run([field('surname', 'conflict'), field('given_names', 'read')]);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toHaveLength(1);
    expect(ctx.printLooks).toEqual([{ key: 'surname', reader: 'paddle', raw: 'QUISPE' }]);
  });

  it('reads nothing when no field is disputed', async () => {
    const { ctx, asked } = await run([field('surname', 'read')]);
    expect(asked).toHaveLength(0);
    expect(ctx.printLooks).toBeUndefined();
  });
});
