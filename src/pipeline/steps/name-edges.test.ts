import { describe, expect, it } from 'vitest';
import type { FieldReading } from '../../domain/field.js';
import { openImage } from '../../imaging/open.js';
import type { ReadContext } from '../context.js';
import { nameEdgesStep } from './name-edges.js';

const merchant = (evidence: FieldReading['evidence']): FieldReading => ({
  key: 'merchant_name',
  label: 'Merchant',
  isKey: true,
  value: 'HREE STOOGES',
  status: 'read',
  evidence,
  candidates: [
    { reader: 'tesseract', value: 'HREE STOOGES', raw: 'HREE STOOGES', region: null, confidence: 0.9 },
    { reader: 'paddle', value: 'HREE STOOGES', raw: 'HREE STOOGES', region: null, confidence: 0.9 },
  ],
  // the line the readers saw: x 100–300, y 18–42 of a 400 × 600 page
  region: { page: 1, box: [100 / 400, 18 / 600, 300 / 400, 42 / 600] },
  reason: null,
  problems: [],
});

/** A white page with dark letters where the readers saw the name, and, if asked, a faded letter before it. */
async function page(faded: boolean): Promise<Buffer> {
  const px = Buffer.alloc(400 * 600, 255);
  const paint = (x0: number, x1: number, v: number) => {
    for (let y = 18; y < 42; y++) for (let x = x0; x < x1; x++) px[y * 400 + x] = v;
  };
  for (let x = 100; x < 300; x += 16) paint(x, x + 3, 40);
  if (faded) paint(82, 85, 226);
  return openImage(px, { raw: { width: 400, height: 600, channels: 1 } })
    .png()
    .toBuffer();
}

async function run(field: FieldReading, faded: boolean, documentType = 'receipt'): Promise<FieldReading> {
  const ctx = {
    documentType,
    fields: [field],
    pageImages: [{ page: 1, width: 400, height: 600, png: await page(faded) }],
    readings: [],
    raw: {},
  } as unknown as ReadContext;
  await nameEdgesStep.run(ctx);
  return ctx.fields[0]!;
}

describe('name_edges', () => {
  it('withholds a shop name the engines agreed on when a faded letter stands before it', async () => {
    const field = await run(merchant(['reader_agree']), true);
    expect(field.value).toBeNull();
    expect(field.problems).toContain('LOW_CONFIDENCE');
    expect(field.reason).toContain('faint print beyond its start');
  });

  it('leaves a name alone on clean paper, from a text layer, or on another type', async () => {
    expect((await run(merchant(['reader_agree']), false)).value).toBe('HREE STOOGES');
    expect((await run(merchant(['text_layer']), true)).value).toBe('HREE STOOGES');
    expect((await run(merchant(['reader_agree']), true, 'invoice')).value).toBe('HREE STOOGES');
  });
});
