import { QR_ENGINE } from '../../readers/qr.js';
import { findQrCodes, qrSearchImage } from '../../readers/qr-search.js';
import type { FieldReading } from '../../domain/field.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';

/** QR codes printed on the document (invoices' payment codes, ID cards' verification codes)
 * become fields `qr_1`, `qr_2`… in page order, each with its payload as the value, where it
 * stood as the region, and `decoder` as its evidence: the symbol's error correction vouches for
 * the bytes. They are never key fields, so they inform and never decide. */

/** The search runs on a copy this long first (an A4 page at 300 dpi is 3508 px tall). */
const SEARCH_LONG_SIDE = 1600;
/** Enough for the codes a document carries; a page of codes is not a document we read. */
const MAX_QR_FIELDS = 10;
const MAX_PIXELS = 40e6;

export const qrCodesStep: Step<ReadContext> = {
  name: 'qr_codes',
  async run(ctx) {
    const fields: FieldReading[] = [];
    for (const image of ctx.intake?.images ?? []) {
      if (fields.length >= MAX_QR_FIELDS) break;
      const { decoded } = await findQrCodes(await qrSearchImage(image.png, SEARCH_LONG_SIDE, MAX_PIXELS));
      for (const symbol of decoded.slice(0, MAX_QR_FIELDS - fields.length)) {
        const region = { page: image.page, box: symbol.box };
        const n = fields.length + 1;
        fields.push({
          key: `qr_${n}`,
          label: `QR code ${n}`,
          value: symbol.text,
          status: 'read',
          evidence: ['decoder'],
          candidates: [{ reader: 'zxing', value: symbol.text, raw: symbol.text, region, confidence: 1 }],
          region,
          reason: null,
          isKey: false,
          problems: [],
        });
      }
    }
    if (fields.length) {
      ctx.fields.push(...fields);
      ctx.engines.push(QR_ENGINE);
    }
    return undefined;
  },
};
