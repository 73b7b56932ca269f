import { describe, expect, it } from 'vitest';
import { findMerchant } from './merchant.js';
import { readingRows } from './rows.js';
import { placed } from './test-reading.js';

const slip = () =>
  placed([
    ['he Co RR re', 0.2, 0.02, 2.5],
    ['HON HWA HARDWARE TRADING', 0.1, 0.08, 1.4],
    ['NO 37, JALAN MANIS 7, TAMAN SEGAR,', 0.1, 0.11],
    ['56100 CHERAS, KUALA LUMPUR.', 0.1, 0.13],
    ['TAX INVOICE', 0.3, 0.16],
  ]);

describe("a till receipt's merchant", () => {
  it('passes over a logo the reader took for letters at low confidence', () => {
    const reading = slip();
    for (const w of reading.pages[0]!.lines[0]!.words) w.confidence = 0.2;
    expect(findMerchant(readingRows(reading))?.name).toBe('HON HWA HARDWARE TRADING');
  });

  it('keeps a large header line read with confidence as the name', () => {
    expect(findMerchant(readingRows(slip()))?.name).toBe('he Co RR re');
  });
});
