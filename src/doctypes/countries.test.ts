import { describe, expect, it } from 'vitest';
import { alpha3OfNumeric, ENGLISH_COUNTRY_NAMES, ICAO_FOR_ISO, lookupIssuingState } from './countries.js';

describe('lookupIssuingState', () => {
  it('ISO 3166-1 alpha-3', () => {
    expect(lookupIssuingState('FRA')).toEqual({ code: 'FRA', name: 'France', kind: 'iso' });
    expect(lookupIssuingState('deu')?.name).toBe('Germany');
  });

  it('ICAO special codes, with MRZ fillers', () => {
    expect(lookupIssuingState('D<<')).toEqual({ code: 'D', name: 'Germany', kind: 'icao_special' });
    for (const code of [
      'GBD',
      'GBN',
      'GBO',
      'GBP',
      'GBS',
      'UNO',
      'UNA',
      'UNK',
      'XBA',
      'XIM',
      'XCC',
      'XCO',
      'XEC',
      'XPO',
      'XES',
      'XMP',
      'XOM',
      'XDC',
      'XXA',
      'XXB',
      'XXC',
      'XXX',
      'EUE',
      'ANT',
      'NTZ',
      'RKS',
    ]) {
      expect(lookupIssuingState(code)?.kind, code).toBe('icao_special');
    }
    expect(lookupIssuingState('UTO')?.kind).toBe('specimen');
  });

  it('anything else is unknown', () => {
    for (const code of ['UT0', 'YTO', 'D<K', '', 'ABCD', 'A<B', 'XX']) expect(lookupIssuingState(code), code).toBeNull();
  });
});

describe('the one country table', () => {
  it('ISO codes resolve from the package: alpha-3 with their names, numeric to alpha-3, English names', () => {
    expect(lookupIssuingState('GBR')).toEqual({ code: 'GBR', name: 'United Kingdom', kind: 'iso' });
    expect(lookupIssuingState('QAT')?.kind).toBe('iso');
    expect(lookupIssuingState('XKX')).toBeNull();
    expect(alpha3OfNumeric('356')).toBe('IND');
    expect(alpha3OfNumeric('276')).toBe('DEU');
    expect(alpha3OfNumeric('983')).toBeNull();
    expect(ENGLISH_COUNTRY_NAMES.find(([alpha3]) => alpha3 === 'CIV')?.[1]).toContain("Côte d'Ivoire");
  });

  it("ICAO 9303's own codes, which ISO lacks, resolve beside it", () => {
    expect(lookupIssuingState('D')).toEqual({ code: 'D', name: 'Germany', kind: 'icao_special' });
    expect(lookupIssuingState('GBN')?.name).toBe('British National (Overseas)');
    expect(lookupIssuingState('XXA')?.name).toBe('Stateless person');
    expect(lookupIssuingState('RKS')?.name).toBe('Kosovo');
    expect(lookupIssuingState('XOM')?.kind).toBe('icao_special');
    expect(ICAO_FOR_ISO.DEU).toBe('D');
  });
});
