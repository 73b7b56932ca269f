import { describe, expect, it } from 'vitest';
import { mrzDateToIso } from './dates.js';

const now = new Date('2026-03-10T00:00:00Z');

describe('mrzDateToIso', () => {
  it('birth dates are never in the future', () => {
    expect(mrzDateToIso('260310', 'birth', now).iso).toBe('2026-03-10');
    expect(mrzDateToIso('260311', 'birth', now).iso).toBe('1926-03-11');
    expect(mrzDateToIso('740812', 'birth', now).iso).toBe('1974-08-12');
    expect(mrzDateToIso('050810', 'birth', now).iso).toBe('2005-08-10');
  });

  it('expiry dates reach up to 30 years ahead', () => {
    expect(mrzDateToIso('120415', 'expiry', now).iso).toBe('2012-04-15');
    expect(mrzDateToIso('560101', 'expiry', now).iso).toBe('2056-01-01');
    expect(mrzDateToIso('570101', 'expiry', now).iso).toBe('1957-01-01');
    expect(mrzDateToIso('961210', 'expiry', now).iso).toBe('1996-12-10');
  });

  it('impossible dates, with leap years decided after the century', () => {
    expect(mrzDateToIso('741301', 'birth', now).problem).toBe('impossible');
    expect(mrzDateToIso('740230', 'birth', now).problem).toBe('impossible');
    expect(mrzDateToIso('740000', 'birth', now).problem).toBe('impossible');
    expect(mrzDateToIso('000229', 'birth', now)).toEqual({ iso: '2000-02-29', problem: null });
    expect(mrzDateToIso('680229', 'birth', now)).toEqual({ iso: '1968-02-29', problem: null });
    expect(mrzDateToIso('690229', 'birth', now).problem).toBe('impossible');
  });

  it('unknown day or month of birth gives a partial date', () => {
    expect(mrzDateToIso('7408<<', 'birth', now)).toEqual({ iso: '1974-08', problem: 'partial' });
    expect(mrzDateToIso('74<<<<', 'birth', now)).toEqual({ iso: '1974', problem: 'partial' });
    expect(mrzDateToIso('74<<12', 'birth', now).problem).toBe('malformed');
    expect(mrzDateToIso('3204<<', 'expiry', now).problem).toBe('malformed');
    expect(mrzDateToIso('74O812', 'birth', now).problem).toBe('malformed');
  });
});
