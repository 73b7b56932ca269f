import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mrzCharValue } from './check-digit.js';
import { composeMrz, type MrzInput } from './compose.js';
import { parseMrz } from './parse.js';
import type { MrzFieldName, MrzFormat, MrzResult } from './types.js';

const now = new Date('2026-01-15T00:00:00Z');
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const ALNUM = [...LETTERS, ...'0123456789'.split('')];
const MRZ_CHARS = [...ALNUM, '<'];

const word = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...LETTERS), minLength: min, maxLength: max });
const alnum = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...ALNUM), minLength: min, maxLength: max });
const DAY = 86_400_000;
const yymmdd = (d: Date): string => d.toISOString().slice(2, 10).replace(/-/g, '');
const dateBetween = (from: Date, to: Date) =>
  fc.integer({ min: Math.ceil(from.getTime() / DAY), max: Math.floor(to.getTime() / DAY) }).map((d) => new Date(d * DAY));

const formats: MrzFormat[] = ['TD1', 'TD2', 'TD3', 'MRV-A', 'MRV-B', 'FRENCH_ID'];
const codeFor: Record<MrzFormat, string> = { TD1: 'ID', TD2: 'I', TD3: 'P', 'MRV-A': 'V', 'MRV-B': 'V', FRENCH_ID: 'ID' };

interface Generated {
  input: MrzInput;
  birth: Date;
  expiry: Date;
}

const documents = fc
  .record({
    format: fc.constantFrom(...formats),
    surname: word(1, 12),
    given: fc.array(word(1, 8), { minLength: 1, maxLength: 2 }),
    documentNumber: alnum(1, 9),
    state: fc.constantFrom('UTO', 'DEU', 'D', 'NLD', 'XXA', 'GBR'),
    birth: dateBetween(new Date('1927-01-01'), now),
    expiry: dateBetween(new Date('1997-01-01'), new Date('2055-12-31')),
    sex: fc.constantFrom('M' as const, 'F' as const, 'X' as const),
    extra: alnum(0, 6),
  })
  .map(({ format, surname, given, documentNumber, state, birth, expiry, sex, extra }): Generated => {
    const french = format === 'FRENCH_ID';
    const input: MrzInput = {
      format,
      documentCode: codeFor[format],
      issuingState: french ? 'FRA' : state,
      surname,
      givenNames: given.join(french ? ', ' : ' '),
      documentNumber: french ? documentNumber.padStart(12, '0') : documentNumber,
      birthDate: yymmdd(birth),
      sex,
    };
    if (!french) Object.assign(input, { nationality: state, expiryDate: yymmdd(expiry) });
    if (format === 'TD3') input.personalNumber = extra;
    // the French card's administrative code: a department (Corsica's hold letters) and an office of digits
    else if (french) input.optionalData = extra ? `${extra.slice(0, 3).padEnd(3, '0')}${String(birth.getUTCDate()).padStart(3, '0')}` : '';
    else input.optionalData = extra;
    return { input, birth, expiry };
  });

/** Values of the fields a check digit protects. */
const CHECKED: MrzFieldName[] = ['document_number', 'date_of_birth', 'expiry_date', 'personal_number'];
const checkedValues = (r: MrzResult) => CHECKED.map((k) => r.fields[k]?.value);

describe('MRZ properties', () => {
  it('parse recovers every field of a composed MRZ of each format', () => {
    fc.assert(
      fc.property(documents, ({ input, birth, expiry }) => {
        const r = parseMrz(composeMrz(input), { now });
        expect(r.format).toBe(input.format);
        expect(r.valid).toBe(true);
        expect(r.repairs).toEqual([]);
        expect(r.fields.document_number?.value).toBe(input.documentNumber);
        expect(r.fields.date_of_birth?.value).toBe(birth.toISOString().slice(0, 10));
        if (input.format !== 'FRENCH_ID') expect(r.fields.expiry_date?.value).toBe(expiry.toISOString().slice(0, 10));
        if (!r.names_truncated) {
          expect(r.fields.surname?.value).toBe(input.surname);
          expect(r.fields.given_names?.value).toBe(input.givenNames);
        }
        expect(r.fields.sex?.value).toBe(input.sex);
      }),
      { numRuns: 300 },
    );
  });

  it('one changed character never yields a valid reading with a wrong value', () => {
    // a substitution between characters whose values are equal modulo 10 (0/A/K/U/<, 1/B/L/V…)
    // is invisible to every ICAO check digit: such changes are excluded, all others are tried
    const flips = documents.chain((g) => {
      const lines = composeMrz(g.input);
      return fc.record({
        g: fc.constant(g),
        line: fc.integer({ min: 0, max: lines.length - 1 }),
        position: fc.integer({ min: 0, max: lines[0]!.length - 1 }),
        to: fc.constantFrom(...MRZ_CHARS),
      });
    });
    fc.assert(
      fc.property(flips, ({ g, line, position, to }) => {
        const lines = composeMrz(g.input);
        const from = lines[line]![position]!;
        fc.pre(to !== from && (mrzCharValue(to) - mrzCharValue(from)) % 10 !== 0);
        const original = parseMrz(lines, { now });
        lines[line] = lines[line]!.slice(0, position) + to + lines[line]!.slice(position + 1);
        const r = parseMrz(lines, { now });
        if (r.valid) expect(checkedValues(r)).toEqual(checkedValues(original));
        for (const [name, field] of Object.entries(r.fields)) {
          if (field.status === 'valid' && r.format === original.format) {
            expect(field.value, name).toBe(original.fields[name as MrzFieldName]?.value);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('a filler repair that moves where a name ends never leaves the name proven (found by the property above)', () => {
    // French ID: '<' at line 1 position 13 read as '4', and 'CK' ending the given names taken for
    // fillers; the composite check digit happens to pass on the repaired text.
    const lines = composeMrz({
      format: 'FRENCH_ID',
      documentCode: 'ID',
      issuingState: 'FRA',
      surname: 'UTRCQDY',
      givenNames: 'NXQQBWDM, CK',
      documentNumber: '000WMDVZN3DU',
      birthDate: '700105',
      sex: 'F',
      optionalData: '',
    } as MrzInput);
    lines[0] = lines[0]!.slice(0, 13) + '4' + lines[0]!.slice(14);
    const r = parseMrz(lines, { now });
    expect(r.valid).toBe(false);
    expect(r.fields.given_names?.status).not.toBe('valid');
    expect(r.fields.given_names?.evidence).toEqual([]);
  });

  it('a filler repair in one name never lets the composite prove a misread in the other (found by the property above)', () => {
    // French ID: a surname filler read as 'G', and 'CK' ending the given names taken for fillers; the
    // repaired text passes the composite, which then proves nothing about the surname.
    const lines = composeMrz({
      format: 'FRENCH_ID',
      documentCode: 'ID',
      issuingState: 'FRA',
      surname: 'KEDHUKIZDID',
      givenNames: 'OOWHRLKW, CK',
      documentNumber: '0000000LIQIU',
      birthDate: '311030',
      sex: 'F',
      optionalData: '3YHV',
    } as MrzInput);
    lines[0] = lines[0]!.slice(0, 18) + 'G' + lines[0]!.slice(19);
    const r = parseMrz(lines, { now });
    expect(r.fields.surname?.status).not.toBe('valid');
    expect(r.fields.given_names?.status).not.toBe('valid');
  });
});
