import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qrImage } from '../../../test/fixtures/capture-frames.js';
import type { ReadContext } from '../context.js';
import { qrCodesStep } from './qr-codes.js';

/** A white A4 page at 150 dpi with QR codes at known places. */
async function page(codes: Array<{ text: string; left: number; top: number }>): Promise<Buffer> {
  const layers = await Promise.all(codes.map(async (c) => ({ input: await qrImage(c.text, { moduleSize: 4 }), left: c.left, top: c.top })));
  return sharp({ create: { width: 1240, height: 1754, channels: 3, background: '#ffffff' } })
    .composite(layers)
    .png()
    .toBuffer();
}

function contextWith(images: Buffer[]): ReadContext {
  return { intake: { images: images.map((png, i) => ({ page: i + 1, width: 1240, height: 1754, png })) }, fields: [], engines: [] } as unknown as ReadContext;
}

describe('QR codes in a document become fields with the decoder as evidence', () => {
  it('numbers the codes in page order, with payload, region and evidence', async () => {
    const ctx = contextWith([
      await page([{ text: 'SPC\n0200\n1\nCH4431999123000889012', left: 900, top: 1400 }]),
      await page([{ text: 'https://example.org/verify/ABC123', left: 100, top: 100 }]),
    ]);
    await qrCodesStep.run(ctx);
    expect(ctx.fields.map((f) => [f.key, f.value])).toEqual([
      ['qr_1', 'SPC\n0200\n1\nCH4431999123000889012'],
      ['qr_2', 'https://example.org/verify/ABC123'],
    ]);
    const [first, second] = ctx.fields;
    expect(first!.evidence).toEqual(['decoder']);
    expect(first!.isKey).toBe(false);
    expect(first!.status).toBe('read');
    expect(first!.region!.page).toBe(1);
    // placed at x 900..~1100 of 1240, y 1400..~1600 of 1754
    expect(first!.region!.box[0]).toBeGreaterThan(0.7);
    expect(first!.region!.box[1]).toBeGreaterThan(0.78);
    expect(second!.region!.page).toBe(2);
    expect(second!.region!.box[0]).toBeLessThan(0.2);
    expect(ctx.engines.map((e) => e.name)).toContain('zxing-cpp (zxing-wasm)');
  });

  it('adds nothing to a page without a code', async () => {
    const ctx = contextWith([await page([])]);
    await qrCodesStep.run(ctx);
    expect(ctx.fields).toEqual([]);
    expect(ctx.engines).toEqual([]);
  });
});
