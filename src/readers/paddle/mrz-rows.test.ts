import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generatePassport } from '../../../test/fixtures/documents/index.js';
import { cropMrzBand, locateMrzBand } from '../mrz/locate.js';
import { mrzPixelRows } from './mrz-rows.js';
import type { GreyImage } from './words.js';

async function greyOf(png: Buffer): Promise<GreyImage> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

describe('mrzPixelRows', async () => {
  const doc = await generatePassport({ seed: 101, photo: { rotateDeg: 2, margin: 50, blurSigma: 0.6, jpegQuality: 80 } });
  const crop = await greyOf((await cropMrzBand(doc.bytes, (await locateMrzBand(doc.bytes))!)).png);

  it("finds a passport crop's two lines, one above the other, each most of the crop wide", () => {
    const rows = mrzPixelRows(crop)!;
    expect(rows).toHaveLength(2);
    expect(rows[0]!.y1).toBeLessThanOrEqual(rows[1]!.y0);
    for (const r of rows) expect(r.x1 - r.x0).toBeGreaterThan(crop.width * 0.8);
  });

  it('ignores the background beyond the document edge at the side of the crop', () => {
    const edged = { ...crop, data: crop.data.slice() };
    for (let y = 0; y < edged.height; y++) edged.data.fill(30, y * edged.width, y * edged.width + Math.round(edged.width * 0.015));
    expect(mrzPixelRows(edged)).toHaveLength(2);
  });

  it('gives null for what is not two or three lines: one line, or no ink', () => {
    const oneLine = { ...crop, height: mrzPixelRows(crop)![0]!.y1 + 2 };
    oneLine.data = crop.data.slice(0, oneLine.width * oneLine.height);
    expect(mrzPixelRows(oneLine)).toBeNull();
    expect(mrzPixelRows({ data: new Uint8Array(400 * 60).fill(240), width: 400, height: 60 })).toBeNull();
  });
});
