import type { FieldReading } from '../../src/domain/field.js';

/** Where the disputed name stands on the page, for steps that cut its crop. */
export const NAME_REGION = { page: 1, box: [0.1, 0.1, 0.8, 0.14] as [number, number, number, number] };

/** A shop's name Tesseract (LSTM) and PaddleOCR read differently, as reconcile leaves it. */
export const disputedName = (lstm: string, paddle: string, key = 'merchant_name'): FieldReading => ({
  key,
  label: 'Merchant',
  isKey: true,
  value: null,
  status: 'conflict',
  evidence: [],
  candidates: [
    { reader: 'tesseract', value: lstm, raw: lstm, region: NAME_REGION, confidence: 0.8 },
    { reader: 'paddle', value: paddle, raw: paddle, region: NAME_REGION, confidence: 0.9 },
  ],
  region: NAME_REGION,
  reason: `The readers disagree on Merchant (tesseract: "${lstm}", paddle: "${paddle}").`,
  problems: ['FIELD_CONFLICT'],
});
