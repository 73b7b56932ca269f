import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExtractedValue, FieldSpec } from '../doctypes/types.js';
import { decide } from '../verification/decide.js';
import { reconcile, type ReaderValues } from './reconcile.js';

const SPECS: FieldSpec[] = [
  { key: 'document_number', label: 'Document number', kind: 'code', isKey: true, required: true },
  { key: 'date_of_birth', label: 'Date of birth', kind: 'date', isKey: true },
  { key: 'total', label: 'Total', kind: 'amount' },
];

const v = (key: string, value: string | number, extra: Partial<ExtractedValue> = {}): ExtractedValue => ({
  key,
  value,
  raw: String(value),
  region: { page: 1, box: [0.1, 0.1, 0.3, 0.15] },
  confidence: 0.9,
  ...extra,
});

const readers = (...sets: Array<[string, ExtractedValue[]]>): ReaderValues[] => sets.map(([reader, values]) => ({ reader, values }));

function decideFields(fields: ReturnType<typeof reconcile>) {
  return decide({
    documentType: 'passport',
    fields,
    problems: [],
    readable: true,
    classified: true,
    issuingCountry: null,
    timings: {},
    engines: [],
    readers: [],
    costUsd: 0,
  });
}

describe('reconcile', () => {
  it('corroborates a value two readers agree on after normalisation', () => {
    const fields = reconcile(SPECS, readers(['tesseract', [v('date_of_birth', '12.08.1974')]], ['paddle', [v('date_of_birth', '1974-08-12')]]));
    const dob = fields.find((f) => f.key === 'date_of_birth')!;
    expect(dob).toMatchObject({ status: 'read', value: '12.08.1974', evidence: ['reader_agree'], problems: [] });
  });

  it('publishes nothing where the readers agree only on the characters of a text that is no date or amount', () => {
    const fields = reconcile(
      SPECS,
      readers(['tesseract', [v('date_of_birth', '.05.2025'), v('total', '12,3O')]], ['paddle', [v('date_of_birth', '05.2025'), v('total', '12.3O')]]),
    );
    for (const key of ['date_of_birth', 'total']) {
      const field = fields.find((f) => f.key === key)!;
      expect(field, key).toMatchObject({ status: 'unreadable', value: null, evidence: [] });
      expect(field.reason, key).toMatch(/which is no whole/);
    }
  });

  it('counts readers of one engine as one: the MRZ pass and Tesseract agreeing corroborate nothing', () => {
    const sameEngine = reconcile(SPECS, readers(['mrz_pass', [v('date_of_birth', '1974-08-12')]], ['tesseract', [v('date_of_birth', '1974-08-12')]]));
    expect(sameEngine.find((f) => f.key === 'date_of_birth')).toMatchObject({ status: 'read', evidence: ['single_reader'] });
    const withPaddle = reconcile(
      SPECS,
      readers(
        ['mrz_pass', [v('date_of_birth', '1974-08-12')]],
        ['tesseract', [v('date_of_birth', '1974-08-12')]],
        ['paddle', [v('date_of_birth', '1974-08-12')]],
      ),
    );
    expect(withPaddle.find((f) => f.key === 'date_of_birth')).toMatchObject({ status: 'read', evidence: ['reader_agree'] });
  });

  it('marks a value one reader saw as single_reader, and a key field so is not verified', () => {
    const fields = reconcile(SPECS, readers(['tesseract', [v('document_number', 'L898902C3')]], ['paddle', []]));
    const num = fields.find((f) => f.key === 'document_number')!;
    expect(num).toMatchObject({ status: 'read', evidence: ['single_reader'] });
    const { outcome, result } = decideFields(fields);
    expect(result.verified).toBe(false);
    expect(outcome.code).toBe('FIELD_UNCONFIRMED');
    expect(result.field_review.fields.find((f) => f.key === 'document_number')!.state).toBe('check');
  });

  it('lets a value whose check digit passed stand over a reader that misread it', () => {
    const fields = reconcile(
      SPECS,
      readers(['mrz_pass', [v('document_number', 'L898902C3', { evidence: ['mrz_checksum'] })]], ['paddle', [v('document_number', 'L8989O2C3')]]),
    );
    expect(fields.find((f) => f.key === 'document_number')).toMatchObject({ status: 'read', value: 'L898902C3', evidence: ['mrz_checksum'] });
  });

  it('takes the text layer as evidence of its own', () => {
    const fields = reconcile(SPECS, readers(['text_layer', [v('total', 120.5)]]));
    expect(fields.find((f) => f.key === 'total')).toMatchObject({ status: 'read', value: 120.5, evidence: ['text_layer'] });
  });

  it('reports required fields nobody read as missing', () => {
    const fields = reconcile(SPECS, readers(['tesseract', []], ['paddle', []]));
    expect(fields.find((f) => f.key === 'document_number')).toMatchObject({ status: 'not_present', value: null, problems: ['REQUIRED_FIELD_MISSING'] });
    expect(fields.find((f) => f.key === 'total')).toMatchObject({ status: 'not_present', problems: [] });
  });

  it('never publishes a disputed value, whatever the readers say', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('tesseract', 'paddle', 'llm', 'text_layer'), fc.stringMatching(/^[A-Z0-9]{3,9}$/)), { minLength: 2, maxLength: 4 }),
        (readings) => {
          const fields = reconcile(SPECS, readers(...readings.map(([r, value]): [string, ExtractedValue[]] => [r, [v('document_number', value)]])));
          const { result } = decideFields(fields);
          const distinct = new Set(readings.map(([, value]) => value));
          if (distinct.size > 1) {
            expect(result.values.document_number).toBeUndefined();
            expect(result.disputed_fields).toContain('document_number');
            expect(result.field_status.document_number).toBe('conflict');
            expect(result.fields.document_number!.value).toBeNull();
            expect(result.verified).toBe(false);
          } else {
            expect(result.values.document_number).toBe(readings[0]![1]);
          }
        },
      ),
    );
  });

  it('treats two readings that each passed a check digit but differ as a conflict', () => {
    const fields = reconcile(
      SPECS,
      readers(
        ['mrz_pass', [v('document_number', 'AB1234567', { evidence: ['mrz_checksum'] })]],
        ['tesseract', [v('document_number', 'AB1234576', { evidence: ['mrz_checksum'] })]],
      ),
    );
    const { result, outcome } = decideFields(fields);
    expect(result.values.document_number).toBeUndefined();
    expect(outcome.code).toBe('FIELD_CONFLICT');
  });
});
