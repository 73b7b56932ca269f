import { describe, expect, it } from 'vitest';
import { findMerchant, looksLikeName } from './merchant.js';
import { readingRows } from './rows.js';
import { placed } from './test-reading.js';

describe('findMerchant', () => {
  it('passes over a logo read as text to the registered name above its registration number', () => {
    const rows = readingRows(
      placed([
        ['he Co RR re', 0.2, 0.02, 2],
        ['GOLDEN HARDWARE TRADING', 0.2, 0.06],
        ['Company Reg. No. : 001055194X', 0.2, 0.08],
        ['NO 37, JALAN MANIS 7,', 0.2, 0.1],
      ]),
    );
    expect(findMerchant(rows)?.name).toBe('GOLDEN HARDWARE TRADING');
  });

  it('tells a name from logo noise and from a legal form alone', () => {
    for (const name of [
      'HON HWA HARDWARE TRADING',
      '99 SPEED MART S/B (519537-X)',
      '29 SPEED HART 5/8 {519837 <',
      'MR. D.I.Y. (M) SDN BHD',
      '7-ELEVEN',
      'BISTRO & CAFE',
    ])
      expect(looksLikeName(name), name).toBe(true);
    for (const noise of ['he Co RR re', 'alin a i DE', '3 1§orolr', 'SDN BHD']) expect(looksLikeName(noise), noise).toBe(false);
  });
});
