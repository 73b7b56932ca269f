import { describe, expect, it } from 'vitest';
import { onlyConfused } from './compare.js';

describe('onlyConfused', () => {
  it('takes a printed number one or two OCR confusions away from the MRZ for a misreading', () => {
    expect(onlyConfused('Z76438323', '776438323')).toBe(true);
    expect(onlyConfused('Z88677159', '288677159')).toBe(true);
    expect(onlyConfused('LX9212857', '1X9212857')).toBe(true);
    expect(onlyConfused('A0B123', 'AOB1Z3')).toBe(true);
  });
  it('keeps a real difference a difference', () => {
    expect(onlyConfused('M06940251', 'MJ6840251')).toBe(false); // 8 for 9 is no OCR confusion
    expect(onlyConfused('Z76438323', 'Z76438324')).toBe(false);
    expect(onlyConfused('Z76438323', '7643832')).toBe(false);
    expect(onlyConfused('000000', 'OOO000')).toBe(false); // more than two characters
    expect(onlyConfused('Z76438323', 'Z76438323')).toBe(false); // the same, not confused
  });
});
