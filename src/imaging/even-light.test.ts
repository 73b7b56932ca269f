import { describe, expect, it } from 'vitest';
import { evenLight, paperLight, UNEVEN_LIGHT_RATIO } from './even-light.js';
import { openImage } from './open.js';

const W = 400;
const H = 600;

/** A slip of text lines (ink 70 below the paper) on paper whose brightness `paper(x, y)` gives. */
function slip(paper: (x: number, y: number) => number): Uint8Array {
  const grey = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = paper(x, y);
      // Letters: 3 px stems every 9 px, 14 px tall lines every 40 px, across the slip.
      const ink = x >= 30 && x < W - 30 && y % 40 >= 13 && y % 40 < 27 && x % 9 < 3;
      grey[y * W + x] = ink ? Math.max(0, p - 70) : p;
    }
  }
  return grey;
}

const png = (grey: Uint8Array) =>
  openImage(Buffer.from(grey), { raw: { width: W, height: H, channels: 1 } })
    .png()
    .toBuffer();

async function pixels(image: Buffer): Promise<Uint8Array> {
  const { data } = await openImage(image).greyscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return new Uint8Array(data);
}

describe('even light for a page photographed in uneven light', () => {
  it('makes the paper white on the dim side of a slip whose light falls off across it, keeping the ink dark', async () => {
    // Light falling off from 245 on the left to 115 on the right (a photo's light), as on a till slip.
    const falling = slip((x) => Math.round(245 - (130 * x) / W));
    expect(paperLight(falling, W, H).ratio).toBeLessThan(UNEVEN_LIGHT_RATIO);
    const even = await evenLight(await png(falling));
    expect(even).not.toBeNull();
    const out = await pixels(even!.png);
    // Bare paper between two lines, and a stem's ink, both on the dim right side (paper 130 there).
    const paperAt = out[35 * W + 350]!;
    const inkAt = out[20 * W + 351]!;
    // Before: one threshold between the bright side's ink (175) and the dim side's paper (130)
    // cannot keep both; after, the dim paper is near white and the ink stands ~70 × 255/130 below it.
    expect(paperAt).toBeGreaterThanOrEqual(235);
    expect(inkAt).toBeLessThan(150);
    // The bright side is as it was: paper white, ink dark.
    expect(out[35 * W + 40]!).toBeGreaterThanOrEqual(235);
    expect(out[20 * W + 37]!).toBeLessThan(200);
  });

  it("leaves an evenly lit scan as it is, a dark strip beyond the paper's edge included", async () => {
    // A flatbed scan whose black lid shows 30 px down the right side: the light on the paper is even.
    const scan = slip((x) => (x >= W - 30 ? 10 : 240));
    expect(paperLight(scan, W, H).ratio).toBeGreaterThan(UNEVEN_LIGHT_RATIO);
    expect(await evenLight(await png(scan))).toBeNull();
  });

  it('leaves an evenly lit page as it is, a dark logo block on it included', async () => {
    const scan = slip((x, y) => (x >= 40 && x < 120 && y >= 0 && y < 40 ? 30 : 245));
    expect(paperLight(scan, W, H).ratio).toBeGreaterThan(UNEVEN_LIGHT_RATIO);
    expect(await evenLight(await png(scan))).toBeNull();
  });
});
