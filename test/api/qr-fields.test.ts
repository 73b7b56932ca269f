import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qrImage } from '../fixtures/capture-frames.js';
import { generateInvoiceScan } from '../fixtures/documents/index.js';
import { harnessPerSuite, upload, waitFinished } from '../helpers/harness.js';

/** A QR code printed on a document is reported in its result: a field `qr_1` whose value is the
 * payload, with `decoder` as its evidence, published in `values` (it is no key field and decides
 * nothing), and zxing among the engines. */
describe('QR codes in uploaded documents', () => {
  const h = harnessPerSuite({ env: { TESSERACT_WORKERS: '1', PADDLE_WORKERS: '1' } });

  it('reports the payment QR code of a scanned invoice as qr_1 with decoder evidence', async () => {
    const payload = 'SPC\n0200\n1\nCH4431999123000889012\nS\nDemo AG';
    const invoice = await generateInvoiceScan({ seed: 31, photo: false });
    const meta = await sharp(invoice.bytes).metadata();
    const code = await sharp(await qrImage(payload, { moduleSize: 5 }))
      .png()
      .toBuffer();
    const codeMeta = await sharp(code).metadata();
    const withQr = await sharp(invoice.bytes)
      .composite([{ input: code, left: meta.width! - codeMeta.width! - 40, top: meta.height! - codeMeta.height! - 40 }])
      .png()
      .toBuffer();

    const key = await h.key('qr-fields');
    const res = await upload(h, key, { filename: 'invoice-with-qr.png', bytes: withQr });
    expect(res.statusCode).toBe(202);
    const doc = await waitFinished(h, key, res.json().id, 180_000);
    const field = doc.result.fields.qr_1;
    expect(field.value).toBe(payload);
    expect(field.evidence).toEqual(['decoder']);
    expect(field.status).toBe('passed');
    expect(field.region.page).toBe(1);
    expect(field.region.box[0]).toBeGreaterThan(0.5);
    expect(doc.result.values.qr_1).toBe(payload);
    expect(doc.result.field_evidence.qr_1).toBe('deterministic');
    expect(doc.result.fields.qr_2).toBeUndefined();
  }, 240_000);
});
