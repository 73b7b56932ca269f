import { describe, expect, it } from 'vitest';
import { findMerchant } from './merchant.js';
import { readingRows } from './rows.js';
import { placed } from './test-reading.js';

type Entry = [text: string, x: number, y: number, size?: number];
const merchantOf = (entries: Entry[]) => findMerchant(readingRows(placed(entries)))?.name ?? null;

describe('a till receipt merchant', () => {
  it('is the name its registration number stands under, over a logo read as letters above it', () => {
    expect(
      merchantOf([
        ['he Co RR re', 0.2, 0.02, 2.5],
        ['HON HWA HARDWARE TRADING', 0.15, 0.06],
        ['Company Reg. No. : 001055194X', 0.15, 0.08],
        ['NO 37, JALAN MANIS 7, TAMAN SEGAR,', 0.15, 0.1],
      ]),
    ).toBe('HON HWA HARDWARE TRADING');
    expect(
      merchantOf([
        ['BEYOND BROTHERS HARDWARE', 0.15, 0.06],
        ['(872981-V)', 0.3, 0.08],
        ['LOT 1-0-2, JLN 1/50,', 0.15, 0.1],
      ]),
    ).toBe('BEYOND BROTHERS HARDWARE');
  });

  it('stays the large name at the top when no line names a registration', () => {
    expect(
      merchantOf([
        ['GREEN LEAF CAFE', 0.2, 0.02, 2],
        ['12, Jalan Mawar 3', 0.15, 0.06],
        ['43000 Kajang', 0.15, 0.08],
      ]),
    ).toBe('GREEN LEAF CAFE');
  });
});
