import { describe, expect, it } from 'vitest';
import type { FieldReading } from '../domain/field.js';
import { decide, type DecisionInput } from './decide.js';
import { effectivePolicy } from './policy.js';
import { DECISION_INPUT_KEY, loadDecisionInput, storeDecisionInput } from './stored-input.js';

const field = (key: string, over: Partial<FieldReading> = {}): FieldReading => ({
  key,
  label: key,
  value: `${key}!`,
  status: 'read',
  evidence: ['text_layer'],
  candidates: [{ reader: 'text_layer', value: `${key}!`, raw: `${key}!`, region: null, confidence: 0.9 }],
  region: null,
  reason: null,
  isKey: false,
  problems: [],
  ...over,
});

const invoiceFields = (over: Record<string, Partial<FieldReading>> = {}) =>
  ['invoice_number', 'invoice_date', 'vendor_name', 'total', 'customer_name'].map((k) => field(k, over[k] ?? {}));

const input = (over: Partial<DecisionInput> = {}): DecisionInput => ({
  documentType: 'invoice',
  fields: invoiceFields(),
  problems: [],
  readable: true,
  classified: true,
  issuingCountry: null,
  timings: {},
  engines: [],
  readers: ['text_layer'],
  costUsd: 0,
  tamper: { score: 0, checks: ['editing_software'], signs: [], suspected: false },
  ...over,
});

describe('decide', () => {
  it('verifies only when every level passes, and reports L1–L4 with the policy version', () => {
    const { outcome, result, confidence, tamperScore } = decide(input());
    expect(outcome.status).toBe('verified');
    expect(result).toMatchObject({ status: 'verified', verified: true, decision: 'verified', review_reason: null });
    expect(result.verification).toMatchObject({ level: 'L4', failed_rules: [], policy: { name: 'default', version: 1 } });
    expect(result.verification.statuses).toEqual({ readable: true, classified: true, data_correct: true, authenticity_supported: true, verified: true });
    expect(confidence).toBe(0.97);
    expect(tamperScore).toBe(0);
  });

  it('publishes in values only what passed: a single reading of any field is shown for review but withheld', () => {
    const { result } = decide(input({ fields: invoiceFields({ customer_name: { evidence: ['single_reader'] } }) }));
    expect(result.status).toBe('verified');
    expect(result.values).not.toHaveProperty('customer_name');
    expect(result.fields.customer_name).toMatchObject({ value: 'customer_name!', status: 'review' });
    expect(result.field_review.summary).toEqual({ ok: 4, check: 1, missing: 0 });
  });

  it('asks for the evidence the policy names for a key field, and lets the policy accept one reader', () => {
    const single = input({ fields: invoiceFields({ vendor_name: { evidence: ['single_reader'] } }) });
    const strict = decide(single);
    expect(strict.outcome.code).toBe('FIELD_UNCONFIRMED');
    expect(strict.result.values).not.toHaveProperty('vendor_name');
    const lenient = decide({ ...single, policy: effectivePolicy({ single_reader_enough: true }, 3) });
    expect(lenient.outcome.status).toBe('verified');
    expect(lenient.result.verification.policy.version).toBe(3);
    const narrowed = decide({ ...input(), policy: effectivePolicy({ document_types: { invoice: { key_fields: { total: ['arithmetic'] } } } }, 2) });
    expect(narrowed.outcome.code).toBe('FIELD_UNCONFIRMED');
    expect(narrowed.result.review_reason).toMatch(/total rests on text_layer; the policy asks for arithmetic/);
  });

  it('counts the text layer only for values placed by a label: a layout guess is one reading', () => {
    const guessed = { candidates: [{ reader: 'text_layer', value: 'X', raw: 'X', region: null, confidence: 0.6 }] };
    const d = decide(input({ fields: invoiceFields({ vendor_name: guessed }) }));
    expect(d.outcome.code).toBe('FIELD_UNCONFIRMED');
    expect(d.result.values).not.toHaveProperty('vendor_name');
    expect(d.result.review_reason).toMatch(/vendor_name rests on single_reader \(taken from the file's text by layout, with no label beside it\)/);
  });

  it('takes required fields from the policy, not from the reader', () => {
    const fields = invoiceFields({ customer_name: { value: null, status: 'not_present', evidence: [] } });
    expect(decide(input({ fields })).outcome.status).toBe('verified');
    const policy = effectivePolicy({ document_types: { invoice: { required_fields: ['customer_name'] } } }, 2);
    const d = decide(input({ fields, policy }));
    expect(d.outcome.code).toBe('REQUIRED_FIELD_MISSING');
    expect(d.result.field_review.summary.missing).toBe(1);
  });

  it('withholds a disputed field the policy neither requires nor keys without holding the document back', () => {
    const conflict = {
      value: null,
      status: 'conflict' as const,
      evidence: [],
      problems: ['FIELD_CONFLICT' as const],
      reason: 'The readers disagree on customer_name.',
    };
    const fields = invoiceFields({ customer_name: conflict });
    const d = decide(input({ fields }));
    expect(d.outcome.status).toBe('verified');
    expect(d.result.values).not.toHaveProperty('customer_name');
    expect(d.result.disputed_fields).toEqual(['customer_name']);
    expect(d.result.fields.customer_name).toMatchObject({ status: 'review', reason: 'The readers disagree on customer_name.' });
    expect(d.result.verification.evidence.find((e) => e.rule === 'no_dispute')).toMatchObject({ result: 'passed', detail: expect.stringMatching(/withheld/) });
    // the same dispute on a key field, or on a field the policy makes required, sends it to a person
    expect(decide(input({ fields: invoiceFields({ vendor_name: conflict }) })).outcome.code).toBe('FIELD_CONFLICT');
    const policy = effectivePolicy({ document_types: { invoice: { required_fields: ['customer_name'] } } }, 2);
    expect(decide(input({ fields, policy })).outcome.code).toBe('FIELD_CONFLICT');
  });

  it('withholds a doubted field the policy neither requires nor keys without holding the document back', () => {
    const doubted = { problems: ['LOW_CONFIDENCE' as const], reason: 'The table columns may not have been told apart.' };
    const d = decide(input({ fields: invoiceFields({ customer_name: doubted }) }));
    expect(d.outcome.status).toBe('verified');
    expect(d.result.values).not.toHaveProperty('customer_name');
    expect(d.result.fields.customer_name).toMatchObject({ status: 'review', reason: 'The table columns may not have been told apart.' });
    // the same doubt on a key field still sends the document to a person
    expect(decide(input({ fields: invoiceFields({ vendor_name: doubted }) })).outcome.code).toBe('LOW_CONFIDENCE');
  });

  it('orders review reasons: expired first, then warning fields, then failed checks; tamper names the outcome and flags', () => {
    const { outcome, result } = decide(
      input({
        fields: invoiceFields({ vendor_name: { evidence: ['single_reader'] } }),
        problems: [
          { code: 'ARITHMETIC_MISMATCH', detail: 'sum off', fields: ['total'] },
          { code: 'DOCUMENT_EXPIRED', detail: 'expired', fields: [] },
        ],
        tamper: { score: 0.6, checks: ['editing_software'], signs: [{ kind: 'editing_software', weight: 0.6, detail: 'GIMP.', fields: [] }], suspected: true },
      }),
    );
    expect(outcome.code).toBe('TAMPER_SUSPECTED');
    expect(result.status).toBe('flagged');
    expect(outcome.context.codes).toEqual(['DOCUMENT_EXPIRED', 'FIELD_UNCONFIRMED', 'ARITHMETIC_MISMATCH', 'TAMPER_SUSPECTED']);
    expect(result.review_reasons[0]).toBe('expired');
    expect(result.review_reasons.at(-1)).toMatch(/not a finding/);
    expect(result.values).not.toHaveProperty('total');
    expect(result.verification.failed_rules).toEqual(expect.arrayContaining(['not_expired', 'arithmetic', 'no_tamper_sign', 'key_fields_confirmed']));
    expect(result.verification.level).toBe('L2');
  });

  it('turns expiry and duplicates into evidence only when the policy accepts them', () => {
    const problems = [{ code: 'DOCUMENT_EXPIRED' as const, detail: 'expired on 2020-01-01', fields: ['expiry_date'] }];
    expect(decide(input({ problems })).outcome.code).toBe('DOCUMENT_EXPIRED');
    const d = decide(input({ problems, policy: effectivePolicy({ expired_documents: 'accept' }, 2) }));
    expect(d.outcome.status).toBe('verified');
    expect(d.result.verification.evidence.find((e) => e.rule === 'not_expired')?.detail).toMatch(/Accepted by the policy/);
  });

  it('lets a terminal code win and reads nothing into values', () => {
    const d = decide(
      input({
        readable: false,
        fields: [],
        problems: [
          { code: 'QUALITY_GATE_BLUR', detail: 'blurred' },
          { code: 'MISSING_PAGE', detail: 'page 6' },
        ],
        tamper: null,
      }),
    );
    expect(d.outcome).toMatchObject({ status: 'rescan_required', code: 'QUALITY_GATE_BLUR' });
    expect(d.result).toMatchObject({ status: 'review', decision: 'rescan', values: {} });
    expect(d.result.verification.level).toBeNull();
    expect(d.confidence).toBe(0);
    expect(d.tamperScore, 'a numeric key for older integrations: 0 when the checks did not run').toBe(0);
  });

  describe('capture doubts (small text the reading may overrule)', () => {
    const small = { code: 'QUALITY_GATE_LOW_RESOLUTION' as const, detail: 'The text is too small to read reliably.' };
    const short = () => input({ fields: invoiceFields({ total: { value: null, status: 'not_present', evidence: [] } }), captureDoubts: [small] });

    it('verifies when every field is proven, whatever the gate doubted', () => {
      const { outcome, result } = decide(input({ captureDoubts: [small] }));
      expect(outcome.status).toBe('verified');
      expect(result.values).toHaveProperty('total');
    });

    it('asks for a new photo, naming the gate code, when the reading falls short', () => {
      const missing = decide(short());
      expect(missing.outcome).toMatchObject({ status: 'rescan_required', code: 'QUALITY_GATE_LOW_RESOLUTION' });
      expect(missing.outcome.context.codes).toContain('REQUIRED_FIELD_MISSING');
      // the values that passed stay published
      expect(missing.result.values).toHaveProperty('vendor_name');
      const unconfirmed = decide(input({ fields: invoiceFields({ vendor_name: { evidence: ['single_reader'] } }), captureDoubts: [small] }));
      expect(unconfirmed.outcome.code).toBe('QUALITY_GATE_LOW_RESOLUTION');
    });

    it('does not blame small print for a problem of the document itself', () => {
      const { outcome } = decide(input({ problems: [{ code: 'DUPLICATE_SUSPECTED', detail: 'seen before' }], captureDoubts: [small] }));
      expect(outcome.code).toBe('DUPLICATE_SUSPECTED');
    });

    it('keeps the doubt when nothing could be read, and survives being stored and loaded', () => {
      const { outcome } = decide(input({ fields: [], readable: false, captureDoubts: [small] }));
      expect(outcome.code).toBe('QUALITY_GATE_LOW_RESOLUTION');
      const loaded = loadDecisionInput({ [DECISION_INPUT_KEY]: storeDecisionInput(short()) });
      expect(loaded && decide(loaded).outcome.code).toBe('QUALITY_GATE_LOW_RESOLUTION');
    });
  });
});
