import { describe, expect, it } from 'vitest';
import { isRtlLine, reorderWords } from './bidi.js';

const order = (line: string, rtlLine?: boolean) => reorderWords(line.split(' '), (w) => w, rtlLine).join(' ');

describe('reorderWords', () => {
  it('leaves a line without right-to-left letters alone', () => {
    expect(order('Senior Engineer — Acme 2020')).toBe('Senior Engineer — Acme 2020');
  });

  it('reverses a right-to-left line, numbers kept whole', () => {
    expect(order('محمد عبد الله')).toBe('الله عبد محمد');
    expect(order('الدوحة 2020')).toBe('2020 الدوحة');
  });

  it('reverses only the right-to-left run of a line with Latin letters; a dash between them goes with the line', () => {
    expect(order('Referentin Marketing — شركة قطر للبترول')).toBe('Referentin Marketing — للبترول قطر شركة');
  });

  it('is its own inverse: page order back to reading order', () => {
    for (const line of ['محمد عبد الله', 'Referentin Marketing — شركة قطر للبترول', 'الدوحة, Qatar', 'مهندس — بنك 2021 قطر']) {
      expect(order(order(line))).toBe(line);
    }
  });

  it('takes the line direction it is given', () => {
    expect(order('شركة قطر Marketing', true)).toBe('Marketing قطر شركة');
    expect(isRtlLine('بنك 2021')).toBe(true);
    expect(isRtlLine('بنك Doha')).toBe(false);
  });
});
