import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { OUTCOME_CODES } from '../../domain/outcome-codes.js';
import * as degrade from '../../../test/fixtures/degrade.js';
import { assessQuality, judge, thresholdsFor, type QualityGateCode } from './gate.js';

let card: Buffer;
let page: Buffer;

beforeAll(async () => {
  card = await degrade.renderIdCard();
  page = await degrade.renderTextPage();
});

async function expectRescan(image: Buffer, code: QualityGateCode, kind: 'photo' | 'scan' = 'photo'): Promise<void> {
  const result = await assessQuality(image, { kind });
  expect(result.code, result.reasons.join('; ')).toBe(code);
  expect(result.passed).toBe(false);
  expect(result.outcome).toEqual(OUTCOME_CODES[code]);
  expect(result.outcome?.status).toBe('rescan_required');
  expect(result.reasons.length).toBeGreaterThan(0);
}

async function expectPass(image: Buffer, kind: 'photo' | 'scan' = 'photo'): Promise<void> {
  const result = await assessQuality(image, { kind });
  expect(result.reasons).toEqual([]);
  expect(result.passed).toBe(true);
  expect(result.code).toBeNull();
  expect(result.outcome).toBeNull();
}

describe('clean fixtures and acceptable degradations pass', () => {
  it('passes the clean ID card and the clean A4 page', async () => {
    await expectPass(card);
    await expectPass(page);
    await expectPass(page, 'scan');
  });

  it('passes JPEG q70, σ0.5 blur, slight rotation and a slightly dim photo', async () => {
    await expectPass(await degrade.jpeg(card, 70));
    await expectPass(await degrade.jpeg(page, 70));
    await expectPass(await degrade.blur(card, 0.5));
    await expectPass(await degrade.rotate(card, 2));
    await expectPass(await degrade.rotate(page, -3));
    await expectPass(await degrade.darken(card, 0.7));
  });
});

describe('each QUALITY_GATE_* code comes from its degradation', () => {
  it('BLUR from a Gaussian blur of σ4 (card) and σ5 (page)', async () => {
    await expectRescan(await degrade.blur(card, 4), 'QUALITY_GATE_BLUR');
    await expectRescan(await degrade.blur(page, 5), 'QUALITY_GATE_BLUR');
  });

  it('GLARE from a highlight over the fields, in the photo profile only', async () => {
    const glared = await degrade.glare(card);
    await expectRescan(glared, 'QUALITY_GATE_GLARE');
    await expectPass(glared, 'scan');
  });

  it('DARK from an under-exposed photo', async () => {
    await expectRescan(await degrade.darken(card, 0.25), 'QUALITY_GATE_DARK');
  });

  it('LOW_RESOLUTION from a document scaled down to tiny text', async () => {
    await expectRescan(await degrade.downscale(card, 0.2), 'QUALITY_GATE_LOW_RESOLUTION');
    await expectRescan(await degrade.downscale(page, 0.25), 'QUALITY_GATE_LOW_RESOLUTION');
  });

  it('CUTOFF from a crop through the text at a side, and through the MRZ at the bottom', async () => {
    await expectRescan(await degrade.cropEdge(card, 'right', 0.3), 'QUALITY_GATE_CUTOFF');
    await expectRescan(await degrade.cropEdge(page, 'left', 0.15), 'QUALITY_GATE_CUTOFF');
    await expectRescan(await degrade.cropEdge(card, 'bottom', 0.135), 'QUALITY_GATE_CUTOFF');
  });

  it('UNREADABLE from a blank frame and from noise alone', async () => {
    await expectRescan(await degrade.blankImage(640, 480, 200, 0), 'QUALITY_GATE_UNREADABLE');
    await expectRescan(await degrade.blankImage(640, 480, 128, 40), 'QUALITY_GATE_UNREADABLE');
  });
});

describe('decision rules', () => {
  it('reports the most actionable problem first when several apply (dark before blur)', async () => {
    const result = await assessQuality(await degrade.darken(await degrade.blur(card, 5), 0.25));
    expect(result.code).toBe('QUALITY_GATE_DARK');
    expect(result.reasons.some((r) => r.startsWith('blur'))).toBe(true);
  });

  it('applies threshold overrides on top of the profile', async () => {
    const result = await assessQuality(card, { thresholds: { minTextHeightPx: 40 } });
    expect(result.code).toBe('QUALITY_GATE_LOW_RESOLUTION');
    expect(thresholdsFor({ kind: 'scan', thresholds: { darkP95Max: 1 } })).toMatchObject({ darkP95Max: 1, checkGlare: false });
  });

  it('judges stored metrics again without decoding', async () => {
    const { metrics } = await assessQuality(await degrade.blur(card, 4));
    expect(judge(metrics, thresholdsFor()).code).toBe('QUALITY_GATE_BLUR');
    expect(judge(metrics, thresholdsFor({ thresholds: { blurLetterSharpnessMin: 0 } })).code).toBeNull();
  });
});

describe('untrusted input', () => {
  it('refuses bytes that are not an image', async () => {
    await expect(assessQuality(Buffer.from('not an image at all'))).rejects.toThrow();
  });

  it('refuses a PNG that declares more pixels than the limit, before decoding it', async () => {
    const tiny = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
    const bomb = Buffer.from(tiny);
    // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC covers type + data.
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    await expect(assessQuality(bomb)).rejects.toThrow(/pixel/i);
  });
});

describe('which failures the reading may overrule', () => {
  const doubts = async (image: Buffer) => (await assessQuality(image)).failures.map((f) => [f.code, f.doubt]);

  it('lets small text be read, never a cut, glare or blur', async () => {
    expect(await doubts(await degrade.downscale(card, 0.2))).toEqual([['QUALITY_GATE_LOW_RESOLUTION', true]]);
    expect(await doubts(await degrade.cropEdge(card, 'bottom', 0.135))).toEqual([['QUALITY_GATE_CUTOFF', false]]);
    expect(await doubts(await degrade.cropEdge(card, 'right', 0.3))).toEqual([['QUALITY_GATE_CUTOFF', false]]);
    expect((await doubts(await degrade.glare(card)))[0]).toEqual(['QUALITY_GATE_GLARE', false]);
    expect((await doubts(await degrade.blur(card, 4)))[0]).toEqual(['QUALITY_GATE_BLUR', false]);
  });
});
