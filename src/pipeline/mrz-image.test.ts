import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePassport } from '../../test/fixtures/documents/index.js';
import { readMrzFromImage } from '../doctypes/identity/mrz-image.js';
import { passport } from '../doctypes/passport.js';
import { createMrzPassReader } from '../readers/mrz-pass.js';
import { createPaddleReader, type PaddleReader } from '../readers/paddle.js';
import { createTesseractReader, type TesseractReader } from '../readers/tesseract.js';
import type { Box } from '../readers/types.js';
import { reconcile } from './reconcile.js';
import { joiningReadings } from './steps/mrz-pass.js';

const NOW = new Date(Date.UTC(2025, 5, 1));

function iou(a: Box, b: Box): number {
  const ix = Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]));
  const iy = Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const area = (r: Box): number => (r[2] - r[0]) * (r[3] - r[1]);
  return (ix * iy) / (area(a) + area(b) - ix * iy);
}

describe('readMrzFromImage (Tesseract and Paddle, one warm engine each, and the glyph reader)', () => {
  let tesseract: TesseractReader;
  let paddle: PaddleReader;
  beforeAll(async () => {
    tesseract = createTesseractReader({ workers: 1, recycleAfter: 20 });
    paddle = createPaddleReader({ maxSide: 1600, threads: 1 });
    await Promise.all([tesseract.ready(), paddle.ready()]);
  });
  afterAll(() => Promise.all([tesseract.close(), paddle.close()]));

  /** The pipeline's tail on the readings that join the page's (steps/mrz-pass.ts): extract per reader, then reconcile. */
  const reconciled = (read: Awaited<ReturnType<typeof readMrzFromImage>>) =>
    reconcile(
      passport.fields,
      joiningReadings(read).map((r) => ({ reader: r.reader, values: passport.extract(r.output, { now: NOW, pages: r.output.pages }) })),
    );

  for (const photo of [false, true]) {
    it(`reads a ${photo ? 'photographed' : 'clean'} passport: every checked field with mrz_checksum and a region`, async () => {
      const doc = await generatePassport({ seed: 5, photo: photo ? { rotateDeg: 1.5, margin: 45, blurSigma: 0.9, jpegQuality: 72 } : false, expired: false });
      const read = await readMrzFromImage(doc.bytes, createMrzPassReader({ tesseract, paddle }), { now: NOW });
      expect(read.readings.map((r) => r.reader)).toEqual(['mrz_pass', 'tesseract', 'paddle', 'ocrb']);
      expect(read.readings.find((r) => r.reader === 'ocrb')!.standsAlone).toBe(true);
      expect(read.consensus?.lines).toEqual(doc.truth.mrz_lines);
      const fields = new Map(reconciled(read).map((f) => [f.key, f]));
      const zone = doc.regions!.mrz!.box;
      for (const key of [
        'document_code',
        'issuing_country',
        'document_number',
        'surname',
        'given_names',
        'nationality',
        'date_of_birth',
        'sex',
        'expiry_date',
      ]) {
        const f = fields.get(key)!;
        expect(f.status, key).toBe('read');
        expect(iou(f.region!.box, zone), key).toBeGreaterThan(0);
        expect(f.region!.box[0], key).toBeGreaterThanOrEqual(zone[0] - 0.02);
        expect(f.region!.box[2], key).toBeLessThanOrEqual(zone[2] + 0.02);
      }
      for (const key of ['document_number', 'date_of_birth', 'expiry_date']) expect(fields.get(key)!.evidence, key).toContain('mrz_checksum');
      expect(fields.get('document_number')!.value).toBe(doc.truth.fields.document_number);
    });
  }

  it('a broken document-number check digit is read as broken, never as valid', async () => {
    const doc = await generatePassport({ seed: 6, broken: 'document_number', expired: false });
    const read = await readMrzFromImage(doc.bytes, createMrzPassReader({ tesseract, paddle }), { now: NOW });
    const number = reconciled(read).find((f) => f.key === 'document_number')!;
    expect(number.value).toBeNull();
    expect(read.consensus?.result.fields.document_number?.status).toBe('invalid');
  });
});
