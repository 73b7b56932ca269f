import { describe, expect, it } from 'vitest';
import type { FieldCandidate, FieldReading } from '../../domain/field.js';
import type { ReaderOutput } from '../../readers/types.js';
import type { MrzReading } from './mrz-reading.js';
import { namesInPrint, printBacked, settleByPrint, settleEmptyByCheck, type PrintedValue } from './settle.js';

const cand = (reader: string, value: string): FieldCandidate => ({ reader, value, raw: value, region: null, confidence: 0.9 });
const print = (reader: string, raw: string, value: string | null = raw): PrintedValue => ({ reader, raw, value });
const conflict = (key: string, candidates: FieldCandidate[]): FieldReading => ({
  key,
  label: key,
  value: null,
  status: 'conflict',
  evidence: [],
  candidates,
  region: null,
  reason: 'The readers disagree.',
  isKey: true,
  problems: ['FIELD_CONFLICT'],
});

describe('printBacked', () => {
  it('takes the one reading the print reads alike, by two engines', () => {
    const found = printBacked('name', [cand('tesseract', 'QUISPE'), cand('mrz_pass', 'QUISPE'), cand('paddle', 'OUSPE')], [print('paddle', 'QUISPE')], false);
    expect(found?.value).toBe('QUISPE');
  });
  it('sides with the print against two readings of one engine', () => {
    const found = printBacked('name', [cand('tesseract', 'MATEQ'), cand('mrz_pass', 'MATEQ'), cand('paddle', 'MATEO')], [print('tesseract', 'Mateo')], false);
    expect(found?.value).toBe('MATEO');
  });
  it('settles nothing on one engine alone (its MRZ and its print)', () => {
    expect(printBacked('name', [cand('tesseract', 'MATEO'), cand('paddle', 'MATEQ')], [print('tesseract', 'MATEO')], false)).toBeNull();
  });
  it('settles nothing when the print reads two readings alike, or none', () => {
    const both = [print('tesseract', 'MATEO'), print('paddle', 'MATEQ')];
    expect(printBacked('name', [cand('tesseract', 'MATEO'), cand('paddle', 'MATEQ')], both, false)).toBeNull();
    expect(printBacked('name', [cand('tesseract', 'MATEO'), cand('paddle', 'MATEQ')], [print('paddle', 'MATE')], false)).toBeNull();
  });
  it("compares in the print's own form (a transliterated name, a country name)", () => {
    expect(printBacked('name', [cand('tesseract', 'MUELLER'), cand('paddle', 'MUELER')], [print('paddle', 'MÜLLER')], false)?.value).toBe('MUELLER');
    expect(printBacked('country', [cand('tesseract', 'DEU'), cand('paddle', 'DEV')], [print('paddle', 'GERMANY', 'DEU')], false)?.value).toBe('DEU');
  });
  it('settles checked readings that differ where the check digit cannot tell (L and 1)', () => {
    const found = printBacked('code', [cand('tesseract', 'LL1944724'), cand('paddle', 'L11944724')], [print('paddle', 'LL1944724')], false);
    expect(found?.value).toBe('LL1944724');
  });
});

describe('settleByPrint', () => {
  it('publishes the print-backed reading with reader_agree and drops the conflict', () => {
    const f = settleByPrint(conflict('surname', [cand('tesseract', 'QUISPE'), cand('paddle', 'OUSPE')]), 'name', [print('paddle', 'QUISPE')], false);
    expect(f).toMatchObject({ value: 'QUISPE', status: 'read', evidence: ['reader_agree'], problems: [] });
  });
  it('leaves a field that is not disputed as it is', () => {
    const read: FieldReading = { ...conflict('surname', [cand('tesseract', 'QUISPE')]), status: 'read', value: 'QUISPE', problems: [] };
    expect(settleByPrint(read, 'name', [print('paddle', 'OUSPE')], false)).toBe(read);
  });
});

describe('settleEmptyByCheck', () => {
  const reading = (value: string | null, valid: boolean, status: 'valid' | 'unverified' = 'valid'): MrzReading =>
    ({
      result: { valid, fields: { optional_data_2: { value, status, evidence: status === 'valid' ? ['mrz_checksum'] : [] } } },
      page: 1,
      lines: [],
    }) as unknown as MrzReading;
  const field = conflict('optional_data_2', [cand('tesseract', 'R'), cand('paddle', '<<<<')]);
  it('says the field is absent when a fully checked reading holds only fillers there', () => {
    expect(settleEmptyByCheck(field, [reading('', true)])).toMatchObject({ value: null, status: 'not_present', problems: [] });
  });
  it('keeps the dispute when no reading checks it, or a checked one holds something', () => {
    expect(settleEmptyByCheck(field, [reading('', false)])).toBe(field);
    expect(settleEmptyByCheck(field, [reading('', true, 'unverified')])).toBe(field);
    expect(settleEmptyByCheck(field, [reading('', true), reading('R', true)])).toBe(field);
  });
});

describe('namesInPrint', () => {
  const line = (text: string) => ({ text, box: [0, 0, 1, 0.1] as [number, number, number, number], confidence: 0.9, words: [] });
  const reading = (texts: string[]): ReaderOutput => ({
    reader: 'tesseract',
    engine: { name: 'tesseract', version: 'test' },
    pages: [{ page: 1, lines: texts.map(line) }],
    ms: 0,
    cost_usd: 0,
  });
  const candidates = [cand('tesseract', 'HENRIK MATEQ'), cand('paddle', 'HENRIK MATEO')];

  it('finds a disputed name spelled as whole words on a print line whose label was garbled', () => {
    const found = namesInPrint([reading(['civen navies: HENRIK MATEO', 'P<SWEMARTENS<<HENRIK<MATEQ<<<<<<<<<'])], candidates);
    expect(found).toEqual([{ reader: 'tesseract', raw: 'HENRIK MATEO', value: 'HENRIK MATEO' }]);
    expect(printBacked('name', candidates, found, false)?.value).toBe('HENRIK MATEO');
  });
  it('never finds a name inside a longer word, nor in the MRZ', () => {
    expect(namesInPrint([reading(['HENRIK MATEOS', 'P<SWEMARTENS<<HENRIK<MATEO<<<<'])], candidates)).toEqual([]);
  });
});
