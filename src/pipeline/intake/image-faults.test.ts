import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endsWhole } from './image-faults.js';
import { DEFAULT_INTAKE_LIMITS, intakeFile, SandboxPool } from './index.js';

const pool = new SandboxPool({ size: 1 });
beforeAll(() => pool.warm());
afterAll(() => pool.close());

/** Noise compresses poorly, so a cut lands inside the picture data, as with a real photo. */
const noise = () => sharp(Buffer.from(Array.from({ length: 400 * 300 * 3 }, (_, i) => (i * 7919) % 251)), { raw: { width: 400, height: 300, channels: 3 } });

async function refusal(bytes: Buffer, kind: 'png' | 'jpeg'): Promise<string> {
  try {
    await intakeFile(bytes, kind, DEFAULT_INTAKE_LIMITS, { pool });
  } catch (err) {
    return (err as { reason: string }).reason;
  }
  throw new Error('the image was read');
}

describe('a damaged image is explained in plain words, without decoder internals', () => {
  it('says a truncated JPEG or PNG is incomplete', async () => {
    const jpeg = await noise().jpeg().toBuffer();
    const png = await noise().png().toBuffer();
    for (const [bytes, kind] of [
      [jpeg.subarray(0, jpeg.length >> 1), 'jpeg'],
      [jpeg.subarray(0, 300), 'jpeg'],
      [png.subarray(0, png.length >> 1), 'png'],
    ] as const) {
      const reason = await refusal(bytes, kind);
      expect(reason, kind).toMatch(/is incomplete: it ends before the picture does/);
      expect(reason, kind).not.toMatch(/vips|target|libpng|SOS|marker|buffer/i);
    }
  });

  it('says a PNG with damaged picture data is damaged', async () => {
    const png = Buffer.from(await noise().png().toBuffer());
    png.fill(0x33, 200, 400);
    const reason = await refusal(png, 'png');
    expect(reason).toMatch(/picture data is damaged/);
    expect(reason).not.toMatch(/vips|target|libpng/i);
  });

  it('knows a whole file by its end marker, padding after a JPEG end included', async () => {
    const jpeg = await noise().jpeg().toBuffer();
    expect(endsWhole(jpeg, 'jpeg')).toBe(true);
    expect(endsWhole(Buffer.concat([jpeg, Buffer.alloc(100)]), 'jpeg')).toBe(true);
    expect(endsWhole(jpeg.subarray(0, jpeg.length - 1), 'jpeg')).toBe(false);
    const png = await noise().png().toBuffer();
    expect(endsWhole(png, 'png')).toBe(true);
    expect(endsWhole(png.subarray(0, png.length - 4), 'png')).toBe(false);
  });
});
