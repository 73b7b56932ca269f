import { describe, expect, it } from 'vitest';
import { lookupIssuingState } from './countries.js';

describe('lookupIssuingState', () => {
  it('ISO 3166-1 alpha-3', () => {
    expect(lookupIssuingState('FRA')).toEqual({ code: 'FRA', name: 'France', kind: 'iso' });
    expect(lookupIssuingState('deu')?.name).toBe('Germany');
  });

  it('ICAO special codes, with MRZ fillers', () => {
    expect(lookupIssuingState('D<<')).toEqual({ code: 'D', name: 'Germany', kind: 'icao_special' });
    for (const code of ['GBD', 'GBN', 'GBO', 'GBP', 'GBS', 'UNO', 'UNA', 'UNK', 'XBA', 'XIM', 'XCC', 'XCO', 'XEC', 'XPO', 'XES', 'XMP', 'XOM', 'XDC', 'XXA', 'XXB', 'XXC', 'XXX', 'EUE', 'ANT', 'NTZ', 'RKS']) {
      expect(lookupIssuingState(code)?.kind, code).toBe('icao_special');
    }
    expect(lookupIssuingState('UTO')?.kind).toBe('specimen');
  });

  it('anything else is unknown', () => {
    for (const code of ['UT0', 'YTO', 'D<K', '', 'ABCD', 'A<B', 'XX']) expect(lookupIssuingState(code), code).toBeNull();
  });
});
