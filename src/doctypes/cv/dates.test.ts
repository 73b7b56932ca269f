import { describe, expect, it } from 'vitest';
import { findDateRange, isDateOnly, isDuration, normaliseDate } from './dates.js';

describe('CV dates', () => {
  it.each([
    ['Sept 2018 – May 2023', '2018-09', '2023-05'],
    ['09/2018 - heute', '2018-09', 'present'],
    ['2018-09 – présent', '2018-09', 'present'],
    ['März 2019 bis Juli 2021', '2019-03', '2021-07'],
    ['enero de 2020 – actualidad', '2020-01', 'present'],
    ['2014 – 2018', '2014', '2018'],
    ['seit 2020', '2020', 'present'],
    ['June 2023 – present', '2023-06', 'present'],
  ])('%s → %s … %s', (text, start, end) => {
    const r = findDateRange(text);
    expect(r?.start).toBe(start);
    expect(r?.end).toBe(end);
  });

  it('finds a range inside a header and tells date-only lines and durations apart', () => {
    expect(findDateRange('Engineer, Acme (01/2019 – 03/2021)')).toMatchObject({ start: '2019-01', end: '2021-03' });
    expect(isDateOnly('May 2022 – Aug 2022')).toBe(true);
    expect(isDateOnly('Acme 2019')).toBe(false);
    expect(isDuration('2 years 10 months')).toBe(true);
    expect(normaliseDate('Sept. 2018')).toBe('2018-09');
    expect(normaliseDate('13/2018')).toBeNull();
    // "März" typed without its umlaut, or read so by OCR without German data.
    expect(findDateRange('Aug. 2012 - Marz 2015')).toMatchObject({ start: '2012-08', end: '2015-03' });
  });
});
