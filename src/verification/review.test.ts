import { describe, expect, it } from 'vitest';
import type { FieldReading } from '../domain/field.js';
import { decide, type DecisionInput } from './decide.js';
import { DEFAULT_POLICY } from './policy.js';
import { approve, ApprovalIncomplete, reject } from './review.js';
import { loadDecisionInput, storeDecisionInput, DECISION_INPUT_KEY } from './stored-input.js';

const field = (key: string, over: Partial<FieldReading> = {}): FieldReading => ({
  key,
  label: key,
  value: 10,
  status: 'read',
  evidence: ['text_layer'],
  candidates: [],
  region: null,
  reason: null,
  isKey: false,
  problems: [],
  ...over,
});
const input: DecisionInput = {
  documentType: 'invoice',
  fields: [
    field('invoice_number', { value: 'A1' }),
    field('invoice_date', { value: '2025-01-01' }),
    field('vendor_name', { value: 'ACME' }),
    field('total', { value: null, status: 'conflict', evidence: [], problems: ['FIELD_CONFLICT'] }),
  ],
  problems: [{ code: 'ARITHMETIC_MISMATCH', detail: 'off', fields: ['total'] }],
  readable: true,
  classified: true,
  issuingCountry: null,
  timings: {},
  engines: [],
  readers: ['text_layer'],
  costUsd: 0,
  tamper: null,
};
const reviewer = { reviewId: 'REV_1', actor: 'user:USR_1', at: '2026-01-02T03:04:05.000Z', note: 'ok' };

describe('approve and reject', () => {
  it('needs a value for a disputed key field, then verifies with operator evidence and keeps the machine value', () => {
    expect(() => approve(input, {}, reviewer, DEFAULT_POLICY)).toThrow(ApprovalIncomplete);
    const a = approve(input, { total: 12.5 }, reviewer, DEFAULT_POLICY);
    expect(a.result).toMatchObject({ status: 'verified', verified: true, values: { total: 12.5, vendor_name: 'ACME' } });
    expect(a.result.fields.total).toMatchObject({ evidence: ['operator'], status: 'passed' });
    expect(a.result.fields.vendor_name!.evidence).toEqual(['text_layer', 'operator']);
    expect(a.machine.total).toEqual({ value: null, status: 'conflict', evidence: [] });
    expect(a.outcome.context).toMatchObject({ reviewed_by: 'user:USR_1', corrected_fields: ['total'] });
  });

  it('rejects with the reason first and publishes nothing', () => {
    const machine = decide(input).result;
    const r = reject(machine, 'forged', reviewer);
    expect(r.result).toMatchObject({ status: 'rejected', verified: false, decision: 'failed', values: {}, review_reason: 'Rejected: forged' });
    expect(r.result.verification.failed_rules).toContain('operator_rejection');
  });

  it('stores the decision input so the same decision comes back from raw', () => {
    const raw = JSON.parse(JSON.stringify({ [DECISION_INPUT_KEY]: storeDecisionInput({ ...input, policy: DEFAULT_POLICY }) }));
    const loaded = loadDecisionInput(raw);
    expect(loaded).not.toBeNull();
    expect(decide(loaded!)).toEqual(decide(input));
    expect(loadDecisionInput({ [DECISION_INPUT_KEY]: { format: 99 } })).toBeNull();
  });
});
