import { describe, expect, it } from 'vitest';
import { sameValue } from './compare.js';
import { countryCode } from './country-names.js';

describe('countryCode: a printed country as the MRZ code', () => {
  it('reads codes, English, French and Arabic names alike', () => {
    expect(countryCode('USA')).toBe('USA');
    expect(countryCode('United States')).toBe('USA');
    expect(countryCode('UNITED STATES OF AMERICA')).toBe('USA');
    expect(countryCode("ÉTATS-UNIS D'AMÉRIQUE")).toBe('USA');
    expect(countryCode('Etats Unis d Amerique')).toBe('USA');
    expect(countryCode('قطر')).toBe('QAT');
    expect(countryCode('UTO')).toBe('UTO');
    expect(countryCode('D<<')).toBe('D');
  });

  it('gives Germany the MRZ code D however it is printed', () => {
    expect(countryCode('DEU')).toBe('D');
    expect(countryCode('GERMANY')).toBe('D');
    expect(countryCode('Allemagne')).toBe('D');
  });

  it('knows nothing of demonyms or junk', () => {
    expect(countryCode('JORDANIAN')).toBeNull();
    expect(countryCode('UNITED STATES DEPARTME')).toBeNull();
    expect(countryCode('')).toBeNull();
  });

  it('lets the print and the MRZ agree across forms, and differ when they differ', () => {
    expect(sameValue('country', 'USA', 'UNITED STATES')).toBe(true);
    expect(sameValue('country', 'D', 'DEU')).toBe(true);
    expect(sameValue('country', 'FRA', 'UNITED STATES')).toBe(false);
    expect(sameValue('country', 'USA', 'AMERICAN')).toBeNull();
  });
});
