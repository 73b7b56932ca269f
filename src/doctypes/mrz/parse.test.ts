import { describe, expect, it } from 'vitest';
import { composeMrz, type MrzInput } from './compose.js';
import { parseMrz } from './parse.js';

const now = new Date('2026-01-15T00:00:00Z');

const base: Omit<MrzInput, 'format' | 'documentCode'> = {
  issuingState: 'UTO',
  surname: 'ERIKSSON',
  givenNames: 'ANNA MARIA',
  documentNumber: 'L898902C3',
  nationality: 'UTO',
  birthDate: '740812',
  sex: 'F',
  expiryDate: '320415',
};

describe('parseMrz: every format', () => {
  it.each([
    ['TD1', 'I', 3, 30],
    ['TD2', 'I', 2, 36],
    ['TD3', 'P', 2, 44],
    ['MRV-A', 'V', 2, 44],
    ['MRV-B', 'V', 2, 36],
  ] as const)('%s: fields, checks and evidence', (format, documentCode, count, length) => {
    const lines = composeMrz({ ...base, format, documentCode, optionalData: 'AB12' });
    expect(lines.map((l) => l.length)).toEqual(Array(count).fill(length));
    const r = parseMrz(lines, { now });
    expect(r.format).toBe(format);
    expect(r.valid).toBe(true);
    expect(r.problems).toEqual([]);
    expect(r.fields.document_number?.value).toBe('L898902C3');
    expect(r.fields.date_of_birth?.value).toBe('1974-08-12');
    expect(r.fields.expiry_date?.value).toBe('2032-04-15');
    expect(r.fields.surname?.value).toBe('ERIKSSON');
    expect(r.fields.given_names?.value).toBe('ANNA MARIA');
    expect(r.fields.sex?.value).toBe('F');
    expect(r.issuing_country).toEqual({ code: 'UTO', name: 'Utopia (ICAO specimen)', kind: 'specimen' });
    for (const key of ['document_number', 'date_of_birth', 'expiry_date'] as const) {
      expect(r.fields[key]?.evidence).toEqual(['mrz_checksum']);
      expect(r.fields[key]?.checkDigit?.valid).toBe(true);
    }
    // nothing covers names or nationality: never deterministic
    for (const key of ['surname', 'given_names', 'nationality', 'sex'] as const) {
      expect(r.fields[key]?.status).toBe('unverified');
      expect(r.fields[key]?.evidence).toEqual([]);
    }
    expect(r.composite === null).toBe(format.startsWith('MRV'));
  });

  it('TD3 personal number has its own check digit; an empty one may carry <', () => {
    const withNumber = parseMrz(composeMrz({ ...base, format: 'TD3', documentCode: 'P', personalNumber: 'ZE184226B' }), { now });
    expect(withNumber.fields.personal_number).toMatchObject({ value: 'ZE184226B', status: 'valid', evidence: ['mrz_checksum'] });
    const empty = parseMrz(composeMrz({ ...base, format: 'TD3', documentCode: 'P' }), { now });
    expect(empty.lines.repaired[1]![42]).toBe('<');
    expect(empty.fields.personal_number).toMatchObject({ value: '', status: 'valid' });
  });

  it('TD1 optional data is covered by the composite only', () => {
    const lines = composeMrz({ ...base, format: 'TD1', documentCode: 'ID', optionalData: 'X12', optionalData2: 'Y34' });
    const r = parseMrz(lines, { now });
    expect(r.fields.optional_data).toMatchObject({ value: 'X12', status: 'valid', evidence: ['mrz_checksum'] });
    expect(r.fields.optional_data_2).toMatchObject({ value: 'Y34', status: 'valid' });
    const broken = [...lines];
    broken[1] = broken[1]!.slice(0, 18) + 'Y35' + broken[1]!.slice(21);
    const b = parseMrz(broken, { now });
    expect(b.valid).toBe(false);
    expect(b.fields.optional_data_2?.status).toBe('unverified');
    expect(b.fields.document_number?.evidence).toEqual([]);
    expect(b.problems.map((p) => [p.kind, p.code])).toContainEqual(['composite_failed', 'CRITICAL_FIELD_INVALID']);
  });

  it('TD1 long document number continues into the optional data', () => {
    const r = parseMrz(['I<NLD123456789<01234567880122<', '6503101F3108022NLDOPT<DATA2<<8', 'DE<BRUIJN<<WILLEKE<LISELOTTE<<'], { now });
    expect(r.valid).toBe(true);
    expect(r.fields.document_number).toMatchObject({ value: '1234567890123456788012', positions: { line: 0, start: 5, end: 28 } });
    expect(r.checks.find((c) => c.name === 'document_number')).toMatchObject({ line: 0, position: 28, actual: '2' });
    expect(r.fields.optional_data?.value).toBe('');
  });

  it('TD1 long-number flag with nothing after it fails the document number check', () => {
    const r = parseMrz(['I<UTOD23145890<<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'], { now });
    expect(r.fields.document_number).toMatchObject({ status: 'invalid', value: null, raw: 'D23145890' });
    expect(r.problems.map((p) => [p.kind, p.code])).toContainEqual(['check_digit_failed', 'CRITICAL_FIELD_INVALID']);
  });

  it('French identity card: composite covers the names, given names separated by commas', () => {
    const r = parseMrz(['IDFRANEYRIER<<<<<<<<<<<<<<<<<<013029', '2101133537444MICHEL<<JEAN<<8505279M1'], { now });
    expect(r.format).toBe('FRENCH_ID');
    expect(r.valid).toBe(true);
    expect(r.fields.surname).toMatchObject({ value: 'NEYRIER', status: 'valid', evidence: ['mrz_checksum'] });
    expect(r.fields.given_names?.value).toBe('MICHEL, JEAN');
    expect(r.fields.document_number?.value).toBe('210113353744');
    expect(r.fields.optional_data?.value).toBe('013029');
    expect(r.fields.expiry_date).toBeUndefined();
  });

  it("French identity card: a letter O in the office of issue is the digit 0, and the composite then confirms it; Corsica's department keeps its letter", () => {
    const r = parseMrz(['IDFRANEYRIER<<<<<<<<<<<<<<<<<<013O29', '2101133537444MICHEL<<JEAN<<8505279M1'], { now });
    expect(r.valid).toBe(true);
    expect(r.fields.optional_data?.value).toBe('013029');
    expect(r.repairs).toMatchObject([{ field: 'optional_data', from: 'O', to: '0' }]);
    const corsica = composeMrz({
      ...base,
      format: 'FRENCH_ID',
      documentCode: 'ID',
      issuingState: 'FRA',
      documentNumber: '21012A353744',
      optionalData: '02A029',
    });
    expect(parseMrz(corsica, { now })).toMatchObject({ valid: true, fields: { optional_data: { value: '02A029' } } });
  });

  it('French identity card: an O among the fillers of an empty administrative code is left as read (a filler and a 0 weigh the same)', () => {
    const lines = composeMrz({ ...base, format: 'FRENCH_ID', documentCode: 'ID', issuingState: 'FRA', documentNumber: '0000000007RQ', optionalData: '' });
    const misread = `${lines[0]!.slice(0, 33)}O${lines[0]!.slice(34)}`;
    const r = parseMrz([misread, lines[1]!], { now });
    expect(r.repairs.filter((x) => x.field === 'optional_data')).toEqual([]);
    expect(r.fields.optional_data?.status).not.toBe('valid');
  });

  it('French identity card with a misread check digit is never taken for TD2 whose checks pass by chance over its names', () => {
    const lines = composeMrz({
      format: 'FRENCH_ID',
      documentCode: 'ID',
      issuingState: 'FRA',
      surname: 'DUPONT',
      givenNames: 'MARC, ANDRE',
      documentNumber: '100002090616',
      birthDate: '850527',
      sex: 'M',
      optionalData: '075025',
    });
    // the date of birth's check digit read one off: as TD2, the document number's check and the
    // composite happen to pass over the given names where TD2's dates stand
    const misread = `${lines[1]!.slice(0, 33)}${(Number(lines[1]![33]) + 1) % 10}${lines[1]!.slice(34)}`;
    const r = parseMrz([lines[0]!, misread], { now });
    expect(r.format).toBe('FRENCH_ID');
    expect(r.fields.document_number?.value).toBe('100002090616');
    expect(r.fields.document_number?.status).not.toBe('valid');
  });

  it('a visa has no composite: own check digits suffice', () => {
    const r = parseMrz(['VNUSATRAVELER<<HAPPY<<<<<<<<<<<<<<<<<<<<<<<<', '12345678<8KOR5001013F1304071B3SE000IL4243934'], { now });
    expect(r).toMatchObject({ format: 'MRV-A', valid: true, composite: null, document_code: 'VN' });
    expect(r.fields.document_number?.evidence).toEqual(['mrz_checksum']);
    expect(r.fields.optional_data?.value).toBe('B3SE000IL4243934');
  });

  it('issuing state D is Germany; unknown codes are key-field failures', () => {
    const r = parseMrz(['P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<', 'C01X00T478D<<6408125F2702283<<<<<<<4'], { now });
    expect(r.issuing_country).toEqual({ code: 'D', name: 'Germany', kind: 'icao_special' });
    expect(r.fields.nationality?.value).toBe('D');
    const unknown = parseMrz(composeMrz({ ...base, format: 'TD3', documentCode: 'P', issuingState: 'QQQ' }), { now });
    expect(unknown.valid).toBe(true);
    expect(unknown.issuing_country).toBeNull();
    expect(unknown.fields.issuing_state?.status).toBe('invalid');
    expect(unknown.problems.map((p) => [p.kind, p.code])).toContainEqual(['unknown_country', 'CRITICAL_FIELD_INVALID']);
  });

  it('a failed key check is never published and raises CRITICAL_FIELD_INVALID', () => {
    const lines = composeMrz({ ...base, format: 'TD3', documentCode: 'P' });
    lines[1] = lines[1]!.slice(0, 19) + '9' + lines[1]!.slice(20);
    const r = parseMrz(lines, { now });
    expect(r.valid).toBe(false);
    expect(r.fields.date_of_birth).toMatchObject({ status: 'invalid', value: null, evidence: [], raw: '740812' });
    expect(r.fields.date_of_birth?.checkDigit).toEqual({ expected: 2, actual: '9', valid: false });
    expect(r.problems.filter((p) => p.field === 'date_of_birth').map((p) => p.code)).toEqual(['CRITICAL_FIELD_INVALID']);
  });

  it('impossible dates raise DATE_NEEDS_REVIEW even when the check digit passes', () => {
    const r = parseMrz(composeMrz({ ...base, format: 'TD3', documentCode: 'P', birthDate: '740231' }), { now });
    expect(r.valid).toBe(true);
    expect(r.fields.date_of_birth).toMatchObject({ status: 'invalid', value: null });
    expect(r.problems.map((p) => [p.kind, p.code])).toContainEqual(['impossible_date', 'DATE_NEEDS_REVIEW']);
  });

  it('refits a line whose filler run was miscounted and says so', () => {
    const lines = composeMrz({ ...base, format: 'TD3', documentCode: 'P', personalNumber: 'ZE184226B' });
    const r = parseMrz([lines[0]!.slice(0, 41), lines[1]!.replace('B<<<<<1', 'B<<<<<<1')], { now });
    expect(r.valid).toBe(true);
    expect(r.lines.repaired).toEqual(lines);
    expect(r.problems.map((p) => p.kind)).toEqual(['line_length_adjusted', 'line_length_adjusted']);
  });

  it('drops a stray mark before the document code of a first line too long, rather than shift its fields', () => {
    const lines = composeMrz({ ...base, format: 'TD3', documentCode: 'P' });
    const r = parseMrz([`J${lines[0]!}<`, lines[1]!], { now });
    expect(r.lines.repaired).toEqual(lines);
    expect(r.fields.surname?.value).toBe('ERIKSSON');
    expect(r.problems.map((p) => p.kind)).toEqual(['line_length_adjusted']);
    // A first line that opens with a document code keeps its first character.
    expect(parseMrz([`${lines[0]!}<`, lines[1]!], { now }).lines.repaired[0]).toBe(lines[0]);
  });

  it('refuses what is not an MRZ without throwing', () => {
    expect(parseMrz(['ABC']).problems[0]?.kind).toBe('unrecognised_layout');
    expect(parseMrz(['P<UTO', 'X'.repeat(500)]).format).toBeNull();
    expect(parseMrz(Array(10).fill('<'.repeat(44))).format).toBeNull();
    expect(parseMrz(['P<UTO' + '<'.repeat(30), 'L898902C36UTO7408122F1204159ZE184226B<<<<<10']).format).toBeNull();
  });

  it('whitespace and lower case are normalised', () => {
    const r = parseMrz(['p<uto eriksson<<anna<maria<<<<<<<<<<<<<<<<<<<', 'L898902C36 UTO7408122F1204159ZE184226B<<<<<10'], { now });
    expect(r.valid).toBe(true);
    expect(r.lines.raw[0]).toBe('P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<');
  });
});
