import { describe, expect, it } from 'vitest';
import { crossCheck, nationalityCode, sameCaseName, type CaseDocument } from './cross-check.js';
import { jobState } from './job-state.js';

const passport: CaseDocument = {
  document_id: 'DOC_p',
  doc_type: 'passport',
  values: { surname: 'MÜLLER', given_names: 'JÖRG ANDREAS', date_of_birth: '1985-03-14', nationality: 'D', document_number: 'C01X00T47' },
};
const visa: CaseDocument = {
  document_id: 'DOC_v',
  doc_type: 'visa',
  values: {
    surname: 'MUELLER',
    given_names: 'JOERG ANDREAS',
    date_of_birth: '1985-03-14',
    nationality: 'DEU',
    document_number: 'V1234567',
    passport_number: 'C01X00T47',
  },
};
const cv: CaseDocument = { document_id: 'DOC_c', doc_type: 'cv', values: { full_name: 'Jörg Müller' } };

describe('cross-checks across a case', () => {
  it('accepts the same person under ICAO 9303 transliteration, a CV without the middle name, and D for Germany', () => {
    expect(sameCaseName('MÜLLER JÖRG', 'MUELLER JOERG')).toBe(true);
    expect(sameCaseName('MÜLLER JÖRG', 'MULLER JORG')).toBe(true);
    expect(sameCaseName("Seán O'Brien-Ní", 'SEAN OBRIEN NI')).toBe(true);
    expect(sameCaseName('Jörg Müller', 'JOERG ANDREAS MUELLER')).toBe(true);
    expect(sameCaseName('Jörg Müller', 'JOERG MEYER')).toBe(false);
    expect(nationalityCode('D')).toBe('DEU');
    expect(nationalityCode('Germany')).toBe('DEU');
    expect(nationalityCode('XYZ')).toBeNull();
    expect(crossCheck([passport, visa, cv])).toEqual([]);
  });

  it("names the documents and values that disagree: name, date of birth, nationality, the visa's passport number", () => {
    const otherVisa: CaseDocument = {
      ...visa,
      values: { ...visa.values, given_names: 'JOERG', surname: 'MEYER', date_of_birth: '1985-03-15', nationality: 'AUT', passport_number: 'C01X00T48' },
    };
    const found = crossCheck([passport, otherVisa, cv]);
    expect(found.map((c) => c.field)).toEqual(['name', 'date_of_birth', 'nationality', 'passport_number']);
    const name = found[0]!;
    expect(name.documents.map((d) => [d.document_id, d.value])).toEqual([
      ['DOC_p', 'JÖRG ANDREAS MÜLLER'],
      ['DOC_v', 'JOERG MEYER'],
      ['DOC_c', 'Jörg Müller'],
    ]);
    expect(name.message).toContain('DOC_v');
    expect(found[3]!.documents.map((d) => d.field)).toEqual(['document_number', 'passport_number']);
  });

  it('compares only identity documents and ignores values a document did not pass', () => {
    const invoice: CaseDocument = { document_id: 'DOC_i', doc_type: 'invoice', values: { date_of_birth: '2000-01-01' } };
    expect(crossCheck([passport, invoice, { ...visa, values: {} }])).toEqual([]);
  });
});

describe('job state', () => {
  const input = (status: string, outcome_status: 'verified' | 'action_required' | 'rescan_required' | 'failed' | 'pending', doc_type = 'passport') => ({
    status,
    outcome_status,
    doc_type,
  });
  it('completes only when every input is verified, every expected type is there and nothing contradicts', () => {
    expect(jobState([], [], 0)).toEqual({ status: 'open', decision: 'pending' });
    expect(jobState([input('verified', 'verified')], [], 0)).toEqual({ status: 'completed', decision: 'verified' });
    expect(jobState([input('verified', 'verified')], ['passport', 'visa'], 0)).toEqual({ status: 'open', decision: 'pending' });
    expect(jobState([input('verified', 'verified'), input('processing', 'pending', 'visa')], ['passport', 'visa'], 0)).toEqual({
      status: 'processing',
      decision: 'pending',
    });
    expect(jobState([input('verified', 'verified'), input('verified', 'verified', 'visa')], ['passport', 'visa'], 1)).toEqual({
      status: 'action_required',
      decision: 'review',
    });
    expect(jobState([input('review', 'rescan_required'), input('flagged', 'action_required')], [], 0)).toEqual({
      status: 'action_required',
      decision: 'review',
    });
    expect(jobState([input('review', 'rescan_required')], [], 0)).toEqual({ status: 'action_required', decision: 'rescan' });
    expect(jobState([input('rejected', 'failed'), input('review', 'action_required')], [], 0)).toEqual({ status: 'action_required', decision: 'failed' });
  });
});
