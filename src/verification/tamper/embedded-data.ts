import { describeMismatch, type EmbeddedMismatch } from '../../doctypes/finance/einvoice/compare.js';
import type { TamperSign } from './types.js';

export interface EmbeddedComparison {
  mismatches: EmbeddedMismatch[];
  /** The file's own text is compared exactly; OCR may misread a digit, so its differences weigh less. */
  comparedWith: 'text_layer' | 'ocr';
}

/** A visible invoice that states another total, IBAN, seller or number than its embedded XML:
 * from the file's own text one such difference is enough for a person to look (0.6); read by OCR
 * it is a weaker sign (0.3) that needs another. */
export function embeddedDataSigns(c: EmbeddedComparison): TamperSign[] {
  const weight = c.comparedWith === 'text_layer' ? 0.6 : 0.3;
  return c.mismatches.map((m) => ({ kind: 'embedded_data_mismatch', weight, detail: describeMismatch(m), fields: [m.field] }));
}
