import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import * as degrade from '../../../test/fixtures/degrade.js';
import { computeMetrics } from './metrics.js';

let card: Buffer;

beforeAll(async () => {
  card = await degrade.renderIdCard();
});

describe('computeMetrics', () => {
  it('measures sharpness that falls steadily as blur grows, for the classic and the text-aware figure', async () => {
    const runs = [];
    for (const sigma of [0, 1, 2, 4]) runs.push(await computeMetrics(sigma === 0 ? card : await degrade.blur(card, sigma)));
    for (let i = 1; i < runs.length; i += 1) {
      const [prev, next] = [runs[i - 1]!, runs[i]!];
      expect(next.sharpness.laplacianVariance).toBeLessThan(prev.sharpness.laplacianVariance);
      expect(next.sharpness.laplacianVarianceText).toBeLessThan(prev.sharpness.laplacianVarianceText);
      expect(next.sharpness.edgeRatio).toBeLessThan(prev.sharpness.edgeRatio);
    }
    // The text-aware variance ignores the blank card surface, so it exceeds the whole-image one.
    expect(runs[0]!.sharpness.laplacianVarianceText).toBeGreaterThan(runs[0]!.sharpness.laplacianVariance);
  });

  it('keeps the edge ratio when only the light changes', async () => {
    const clean = await computeMetrics(card);
    const dim = await computeMetrics(await degrade.darken(card, 0.5));
    expect(dim.brightness.p95).toBeLessThan(clean.brightness.p95 * 0.6);
    expect(dim.sharpness.edgeRatio).toBeCloseTo(clean.sharpness.edgeRatio, 1);
  });

  it('reports text height in original pixels, whatever size the image is analysed at', async () => {
    const clean = await computeMetrics(card);
    const doubled = await computeMetrics(await sharp(card).resize({ width: 2000 }).png().toBuffer());
    expect(clean.text.alignedCharacters).toBeGreaterThan(150);
    expect(clean.text.height).toBeGreaterThan(12);
    expect(clean.text.height).toBeLessThan(30);
    expect(doubled.normalised.scale).toBeCloseTo(2, 5);
    expect(doubled.text.height / clean.text.height).toBeGreaterThan(1.7);
    expect(doubled.text.height / clean.text.height).toBeLessThan(2.3);
    expect(clean.text.rows).toBeGreaterThanOrEqual(9);
  });

  it('finds a highlight over the text of a tinted card, but none on the clean card', async () => {
    expect((await computeMetrics(card)).glare.textAreaShare).toBe(0);
    const glared = await computeMetrics(await degrade.glare(card));
    expect(glared.glare.blobs).toBe(1);
    expect(glared.glare.textAreaShare).toBeGreaterThan(0.1);
    expect(glared.glare.paperLevel).toBeLessThan(240);
  });

  it('counts letters clipped by the frame on the edge that cuts them', async () => {
    expect((await computeMetrics(card)).framing.clippedMax).toBe(0);
    const cut = await computeMetrics(await degrade.cropEdge(card, 'right', 0.3));
    expect(cut.framing.clipped.right).toBeGreaterThanOrEqual(4);
    expect(cut.framing.clipped.left + cut.framing.clipped.top + cut.framing.clipped.bottom).toBe(0);
  });

  it('tells pixel noise from document structure by coherence', async () => {
    expect((await computeMetrics(card)).sharpness.coherence).toBeGreaterThan(1);
    const noise = await computeMetrics(await degrade.blankImage(640, 480, 128, 40));
    expect(noise.sharpness.coherence).toBeLessThan(0.4);
    const tiny = await computeMetrics(await degrade.downscale(card, 0.2));
    expect(tiny.sharpness.coherence).toBeNull();
  });
});
