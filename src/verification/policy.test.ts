import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, effectivePolicy, mergeUpdate, PolicyUpdateSchema, unknownFieldKeys } from './policy.js';

describe('policy', () => {
  it('derives defaults per type from the doctypes: required and key fields, identity-grade evidence stricter', () => {
    expect(DEFAULT_POLICY.version).toBe(1);
    expect(DEFAULT_POLICY.document_types.invoice!.required_fields).toEqual(['invoice_number', 'invoice_date', 'vendor_name', 'total']);
    expect(DEFAULT_POLICY.document_types.invoice!.key_fields.total).toContain('text_layer');
  });
  it('merges changes per type and refuses unknown keys and settings', () => {
    const merged = mergeUpdate(
      { name: 'a', document_types: { invoice: { required_fields: ['total'] } } },
      { document_types: { invoice: { key_fields: { total: ['arithmetic'] } } } },
    );
    const p = effectivePolicy(merged, 4);
    expect(p).toMatchObject({ name: 'a', version: 4 });
    expect(p.document_types.invoice).toEqual({ required_fields: ['total'], key_fields: { total: ['arithmetic'] } });
    expect(unknownFieldKeys({ document_types: { receipt: { required_fields: ['invoice_number'] } } })).toEqual(['receipt.invoice_number']);
    expect(PolicyUpdateSchema.safeParse({ surprise: true }).success).toBe(false);
    expect(PolicyUpdateSchema.safeParse({ document_types: { invoice: { key_fields: { total: ['gut_feeling'] } } } }).success).toBe(false);
  });
});
