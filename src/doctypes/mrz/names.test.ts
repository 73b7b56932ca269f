import { describe, expect, it } from 'vitest';
import { fillerLookingOffsets, frenchGivenNames, splitIcaoNames } from './names.js';

describe('splitIcaoNames', () => {
  it('surname, << and given names separated by single fillers', () => {
    const s = splitIcaoNames('CACADOR<DE<ARAUJO<<ANDRE<ESTEVES<<');
    expect([s.surname.text, s.given.text, s.truncated]).toEqual(['CACADOR DE ARAUJO', 'ANDRE ESTEVES', false]);
    expect([s.given.start, s.given.end]).toEqual([19, 32]);
  });

  it('a name that fills the zone may be truncated', () => {
    const s = splitIcaoNames('VAN<NIEUWENHUIZEN<<GERARD<ROBBERT<MARTI');
    expect([s.surname.text, s.given.text, s.truncated]).toEqual(['VAN NIEUWENHUIZEN', 'GERARD ROBBERT MARTI', true]);
  });

  it('surname only, and given names only', () => {
    expect(splitIcaoNames('SINGLENAME<<<<<<<').given.text).toBe('');
    expect(splitIcaoNames('SINGLENAME<<<<<<<').surname.text).toBe('SINGLENAME');
    const given = splitIcaoNames('<<FIRST<NAME<<<<<<');
    expect([given.surname.text, given.given.text]).toEqual(['', 'FIRST NAME']);
  });
});

describe('frenchGivenNames', () => {
  it('<< separates names; reported with commas', () => {
    expect(frenchGivenNames('MICHEL<<JEAN<<').text).toBe('MICHEL, JEAN');
    expect(frenchGivenNames('CORINNE<<<<<<<').text).toBe('CORINNE');
  });
});

describe('fillerLookingOffsets', () => {
  it('K/C groups in the trailing filler run', () => {
    expect(fillerLookingOffsets('ERIKSSON<<ANNA<<<KK<<C<', 'single')).toEqual([17, 18, 21]);
  });

  it('keeps K in names and initials after a single filler', () => {
    expect(fillerLookingOffsets('NOVAK<<JACK<<<<<', 'single')).toEqual([]);
    expect(fillerLookingOffsets('SMITH<<ANNA<K<<<', 'single')).toEqual([]);
  });

  it('the first given name is kept unless the gap is wider than the separator', () => {
    expect(fillerLookingOffsets('SMITH<<K<<<<', 'single')).toEqual([]);
    expect(fillerLookingOffsets('SMITH<<<<K<<<', 'single')).toEqual([9]);
  });
});
