import { describe, expect, it } from 'vitest';
import { composeMrz, type MrzInput } from './compose.js';
import { parseMrz } from './parse.js';

const now = new Date('2026-01-15T00:00:00Z');
const td3: MrzInput = {
  format: 'TD3',
  documentCode: 'P',
  issuingState: 'UTO',
  surname: 'ERIKSSON',
  givenNames: 'ANNA MARIA',
  documentNumber: 'L898902C3',
  nationality: 'UTO',
  birthDate: '580612',
  sex: 'F',
  expiryDate: '320415',
  personalNumber: 'ZE184226B',
};
const good = composeMrz(td3);
const put = (lines: string[], line: number, position: number, ch: string): string[] =>
  lines.map((l, i) => (i === line ? l.slice(0, position) + ch + l.slice(position + 1) : l));

describe('confusion repair in checked numeric fields', () => {
  // dates 580612 / 320415 put each digit of the list somewhere: 5,8,0,6,1,2
  it.each([
    ['O', '0', 15],
    ['I', '1', 17],
    ['S', '5', 13],
    ['B', '8', 14],
    ['Z', '2', 18],
    ['G', '6', 16],
  ])('%s read for %s in the birth date is repaired and confirmed by the check digit', (letter, digit, position) => {
    expect(good[1]![position]).toBe(digit);
    const r = parseMrz(put(good, 1, position, letter), { now });
    expect(r.valid).toBe(true);
    expect(r.lines.repaired).toEqual(good);
    expect(r.repairs).toEqual([{ field: 'date_of_birth', line: 1, position, from: letter, to: digit, reason: 'character_class', confirmedBy: 'check_digit' }]);
    expect(r.fields.date_of_birth).toMatchObject({
      value: '1958-06-12',
      raw: good[1]!.slice(13, 19).replace(digit, letter),
      repaired: true,
      evidence: ['mrz_checksum'],
    });
  });

  it('a letter in a check digit position is repaired when the check then passes', () => {
    expect(good[1]![9]).toBe('6');
    const r = parseMrz(put(good, 1, 9, 'G'), { now });
    expect(r.valid).toBe(true);
    expect(r.repairs).toEqual([{ field: 'document_number', line: 1, position: 9, from: 'G', to: '6', reason: 'character_class', confirmedBy: 'check_digit' }]);
    expect(r.fields.document_number).toMatchObject({ repaired: true, evidence: ['mrz_checksum'] });
  });

  it('a swap that does not make the check pass is not applied', () => {
    // B stands where 3 was: B→8 is forced by the class, but 8 fails the check
    const lines = put(good, 1, 21, 'B');
    const r = parseMrz(lines, { now });
    expect(r.repairs).toEqual([]);
    expect(r.valid).toBe(false);
    expect(r.fields.expiry_date).toMatchObject({ status: 'invalid', value: null, raw: 'B20415' });
  });

  it('with repair off the characters are reported as read', () => {
    const r = parseMrz(put(good, 1, 15, 'O'), { now, repair: false });
    expect(r.repairs).toEqual([]);
    expect(r.valid).toBe(false);
  });
});

describe('confusion repair in alphabetic fields', () => {
  it.each([
    ['0', 'O', { issuingState: 'UTO' }, 0, 4, 'issuing_state'],
    ['1', 'I', {}, 0, 23, 'given_names'],
    ['5', 'S', {}, 0, 9, 'surname'],
    ['8', 'B', { nationality: 'BRB' }, 1, 10, 'nationality'],
    ['2', 'Z', { nationality: 'NZL' }, 1, 11, 'nationality'],
    ['6', 'G', { nationality: 'BGD' }, 1, 11, 'nationality'],
  ] as const)('%s read for %s in a letters-only field', (digit, letter, change, line, position, field) => {
    const target = composeMrz({ ...td3, ...change });
    expect(target[line]![position]).toBe(letter);
    const r = parseMrz(put(target, line, position, digit), { now });
    expect(r.lines.repaired).toEqual(target);
    expect(r.repairs).toEqual([
      {
        field,
        line,
        position,
        from: digit,
        to: letter,
        reason: 'character_class',
        confirmedBy: field.endsWith('names') || field === 'surname' ? null : 'country_list',
      },
    ]);
    // a repaired name or country code is still not checksum evidence
    expect(r.fields[field]?.evidence).toEqual([]);
  });

  it('names keep digits that are not on the list (an encoded, not misread, name)', () => {
    const r = parseMrz(put(put(good, 0, 6, '7'), 0, 8, '5'), { now });
    expect(r.repairs).toEqual([]);
    expect(r.fields.surname).toMatchObject({ status: 'invalid', value: null, raw: 'E7I5SSON' });
  });
});

describe('the filler read as K, C or «', () => {
  it('« anywhere is the filler', () => {
    const r = parseMrz([good[0]!.replace('<<ANNA', '««ANNA'), good[1]!.replace('B<<<<<', 'B<«<<<')], { now });
    expect(r.valid).toBe(true);
    expect(r.lines.repaired).toEqual(good);
    expect(r.repairs.map((x) => [x.field, x.from, x.reason])).toEqual([
      ['surname', '«', 'filler_lookalike'],
      ['surname', '«', 'filler_lookalike'],
      ['personal_number', '«', 'filler_lookalike'],
    ]);
  });

  it('K and C in the trailing filler run of the names', () => {
    const noisy = good[0]!.slice(0, 30) + 'KKC' + good[0]!.slice(33);
    const r = parseMrz([noisy, good[1]!], { now });
    expect(r.fields.given_names?.value).toBe('ANNA MARIA');
    expect(r.lines.repaired).toEqual(good);
    expect(r.repairs.every((x) => x.reason === 'name_filler' && x.confirmedBy === null)).toBe(true);
  });

  it('a one-letter given name K is kept', () => {
    const lines = composeMrz({ ...td3, givenNames: 'ANNA K' });
    expect(parseMrz(lines, { now }).fields.given_names?.value).toBe('ANNA K');
  });

  it('a country code D<< read as DKK or DC< is repaired against the country list', () => {
    const german = composeMrz({ ...td3, issuingState: 'D', nationality: 'D' });
    const r = parseMrz([german[0]!.replace('P<D<<', 'P<DKK'), put(german, 1, 11, 'C')[1]!], { now });
    expect(r.lines.repaired).toEqual(german);
    expect(r.repairs.map((x) => [x.field, x.reason, x.confirmedBy])).toEqual([
      ['issuing_state', 'country_code', 'country_list'],
      ['issuing_state', 'country_code', 'country_list'],
      ['nationality', 'country_code', 'country_list'],
    ]);
  });

  it('an empty personal number whose < check digit was read as K', () => {
    const lines = composeMrz({ ...td3, personalNumber: '' });
    const r = parseMrz(put(lines, 1, 42, 'K'), { now });
    expect(r.lines.repaired).toEqual(lines);
    expect(r.valid).toBe(true);
  });
});

describe('alphanumeric fields are never repaired', () => {
  it('one confusion swap that would pass is suggested, not applied', () => {
    const r = parseMrz(['PPUTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L8989O2C36UTO7408122F1204159ZE184226B<<<<<10'], { now });
    expect(r.repairs).toEqual([]);
    expect(r.fields.document_number).toMatchObject({ status: 'invalid', value: null, raw: 'L8989O2C3' });
    const suggestion = r.problems.find((p) => p.kind === 'repair_suggested');
    expect(suggestion?.candidates).toEqual(['line 2 pos 6: O → 0']);
    expect(r.problems.map((p) => p.code)).toContain('CRITICAL_FIELD_INVALID');
  });

  it('several swaps that would each pass: ambiguous, recorded, not applied', () => {
    // 8 read as B at position 1; B→8 passes, and so does some other single swap
    const lines = composeMrz({ ...td3, documentNumber: 'X8G0A8I1S' });
    const r = parseMrz(put(lines, 1, 1, 'B'), { now });
    expect(r.repairs).toEqual([]);
    const ambiguous = r.problems.find((p) => p.kind === 'ambiguous_repair');
    expect(ambiguous?.field).toBe('document_number');
    expect(ambiguous?.candidates?.length).toBeGreaterThan(1);
    expect(ambiguous?.candidates).toContain('line 2 pos 2: B → 8');
    expect(r.fields.document_number?.status).toBe('invalid');
  });

  it('G and 6, S and 8 (and K for <) are blind spots of a passing check', () => {
    const r = parseMrz(composeMrz({ ...td3, documentNumber: 'AG6K12345' }), { now });
    expect(r.fields.document_number).toMatchObject({ status: 'valid', blindSpots: [1, 2, 3] });
    const s = parseMrz(composeMrz({ ...td3, documentNumber: 'XS8123457' }), { now });
    expect(s.fields.document_number).toMatchObject({ status: 'valid', blindSpots: [1, 2] });
  });
});
