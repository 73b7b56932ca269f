import { beforeAll, describe, expect, it } from 'vitest';
import { ResultSchema } from '../../src/domain/result.js';
import { generateInvoicePdf } from '../fixtures/documents/index.js';
import { testDatabaseFactories } from '../helpers/databases.js';
import { harnessPerSuite, upload, waitFinished } from '../helpers/harness.js';

describe.each(await testDatabaseFactories())('human review and policy on %s', (_name, makeDb) => {
  let key: string;
  let otherKey: string;
  const h = harnessPerSuite({}, makeDb);
  beforeAll(async () => {
    key = await h.key('reviewers');
    otherKey = await h.key('strangers');
    // This organisation accepts invoices whose vendor was placed by layout alone (not required).
    const put = await h.inject({
      method: 'PUT',
      url: '/v1/policy',
      payload: { document_types: { invoice: { required_fields: ['invoice_number', 'invoice_date', 'total'] } } },
      headers: { 'x-doc-api-key': key },
    });
    expect(put.statusCode, put.body).toBe(200);
  });

  const auth = (k = key) => ({ 'x-doc-api-key': k });
  const read = async (filename: string, bytes: Buffer, k = key) => {
    const res = await upload(h, k, { filename, bytes });
    expect(res.statusCode, res.body).toBe(202);
    return waitFinished(h, k, res.json().id);
  };
  const post = (url: string, payload?: object, k = key) => h.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: auth(k) });

  it('approves a document in review with a correction: operator evidence, the machine value kept beside it, shown in the document and its history', async () => {
    const doc = await read('inconsistent.pdf', (await generateInvoicePdf({ seed: 2, inconsistent: true })).bytes);
    expect(doc.status).toBe('review');
    expect(doc.outcome.code).toBe('ARITHMETIC_MISMATCH');
    const machineSubtotal = doc.result.fields.subtotal.value;
    expect(doc.result.values).not.toHaveProperty('subtotal');

    expect((await post(`/v1/documents/${doc.id}/approve`, { fields: { subtotal: 1 } }, otherKey)).statusCode).toBe(404);
    const res = await post(`/v1/documents/${doc.id}/approve`, { fields: { subtotal: 14794.62 }, note: 'checked against the order' });
    expect(res.statusCode, res.body).toBe(200);
    const approved = res.json();
    expect(approved.status).toBe('verified');
    expect(approved.result).toMatchObject({ status: 'verified', verified: true, decision: 'verified', review_reasons: [] });
    expect(ResultSchema.safeParse(approved.result).success).toBe(true);
    expect(approved.result.fields.subtotal).toMatchObject({ value: 14794.62, status: 'passed', evidence: ['operator'] });
    expect(approved.result.values.subtotal).toBe(14794.62);
    expect(approved.result.fields.total.evidence).toContain('operator');
    expect(approved.outcome).toMatchObject({ status: 'verified', code: null, context: { corrected_fields: ['subtotal'] } });
    expect(approved.result.verification.evidence.find((e: { rule: string }) => e.rule === 'operator_approval')).toMatchObject({
      result: 'passed',
      fields: ['subtotal'],
    });

    const again = (await h.inject({ method: 'GET', url: `/v1/documents/${doc.id}`, headers: auth() })).json();
    expect(again.result.values.subtotal).toBe(14794.62);
    const history = (await h.inject({ method: 'GET', url: `/v1/documents/${doc.id}/history`, headers: auth() })).json();
    expect(history.events.map((e: { type: string }) => e.type)).toEqual(['uploaded', 'reading', 'reviewed']);
    const reviewed = history.events[2];
    expect(reviewed.actor).toMatch(/^api_key:KEY_/);
    expect(reviewed.detail).toMatchObject({
      action: 'approve',
      from_status: 'review',
      to_status: 'verified',
      corrections: { subtotal: 14794.62 },
      machine: { subtotal: { value: machineSubtotal } },
      note: 'checked against the order',
    });
    expect(reviewed.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);

    const twice = await post(`/v1/documents/${doc.id}/approve`, { fields: {} });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('invalid_state');
  });

  it('rejects a flagged document with a reason; nothing is published, and machine-verified documents answer 409', async () => {
    const clean = await read('clean.pdf', (await generateInvoicePdf({ seed: 11 })).bytes);
    expect(clean.status).toBe('verified');
    expect(clean.result.verification).toMatchObject({
      level: 'L4',
      statuses: { readable: true, classified: true, data_correct: true, authenticity_supported: true, verified: true },
    });
    expect(clean.confidence).toBeGreaterThan(0.9);
    expect(clean.tamper_score).toBe(0);
    for (const action of ['approve', 'reject']) {
      const res = await post(`/v1/documents/${clean.id}/${action}`, action === 'reject' ? { reason: 'no' } : { fields: {} });
      expect(res.statusCode, action).toBe(409);
      expect(res.json().error.code).toBe('invalid_state');
    }

    const dup = await read('again.pdf', (await generateInvoicePdf({ seed: 11, now: new Date('2025-08-01T00:00:00Z') })).bytes);
    expect(dup.status).toBe('review');
    expect((await post(`/v1/documents/${dup.id}/reject`, { reason: '' })).statusCode).toBe(422);
    const res = await post(`/v1/documents/${dup.id}/reject`, { reason: 'Paid already under the earlier document.' });
    expect(res.statusCode, res.body).toBe(200);
    const rejected = res.json();
    expect(rejected.status).toBe('rejected');
    expect(rejected.result).toMatchObject({
      status: 'rejected',
      verified: false,
      decision: 'failed',
      values: {},
      review_reason: 'Rejected: Paid already under the earlier document.',
    });
    expect(rejected.outcome).toMatchObject({ status: 'failed', code: null });
    const listed = (await h.inject({ method: 'GET', url: '/v1/documents?status=rejected', headers: auth() })).json();
    expect(listed.items.map((d: { id: string }) => d.id)).toContain(dup.id);
    const history = (await h.inject({ method: 'GET', url: `/v1/documents/${dup.id}/history`, headers: auth() })).json();
    expect(history.events.at(-1).detail).toMatchObject({
      action: 'reject',
      from_status: 'review',
      to_status: 'rejected',
      note: 'Paid already under the earlier document.',
    });

    // Reading the file again hands the document back to the machine; the person's decision stays in the history.
    expect((await post(`/v1/documents/${dup.id}/rescan`)).statusCode).toBe(202);
    const reread = await waitFinished(h, key, dup.id);
    expect(reread.status).toBe('review');
    expect(reread.result.status).toBe('review');
  });

  it('serves the policy with defaults per type, versions every change, refuses unknown keys, and re-decides a stored reading without OCR', async () => {
    const k = await h.key('policy-org');
    const before = (await h.inject({ method: 'GET', url: '/v1/policy', headers: auth(k) })).json();
    expect(before).toMatchObject({
      name: 'default',
      version: 1,
      single_reader_enough: false,
      expired_documents: 'review',
      duplicates: 'review',
      updated_at: null,
    });
    expect(before.document_types.invoice.required_fields).toEqual(expect.arrayContaining(['invoice_number', 'total']));
    expect(before.document_types.invoice.key_fields.total).toEqual(expect.arrayContaining(['arithmetic', 'text_layer']));

    // A vendor without a VAT ID under its letterhead nor its address at the page's foot: the
    // letterhead stays a layout guess.
    const doc = await read('invoice.pdf', (await generateInvoicePdf({ seed: 3, footer: false })).bytes, k);
    expect(doc.status).toBe('review');
    expect(doc.outcome.code).toBe('FIELD_UNCONFIRMED');
    expect(doc.result.fields.vendor_name.status).toBe('review');
    expect(doc.result.values).not.toHaveProperty('vendor_name');
    expect(doc.result.verification.policy).toEqual({ name: 'default', version: 1 });

    const bad = await h.inject({
      method: 'PUT',
      url: '/v1/policy',
      payload: { document_types: { invoice: { required_fields: ['amount_dew'] } } },
      headers: auth(k),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.message).toContain('invoice.amount_dew');
    const put = await h.inject({
      method: 'PUT',
      url: '/v1/policy',
      payload: { name: 'vendor optional', document_types: { invoice: { required_fields: ['invoice_number', 'invoice_date', 'total'] } } },
      headers: auth(k),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ name: 'vendor optional', version: 2 });
    expect(put.json().document_types.invoice.key_fields).toEqual(before.document_types.invoice.key_fields);
    // Another organisation's policy is its own.
    expect((await h.inject({ method: 'GET', url: '/v1/policy', headers: auth(otherKey) })).json().version).toBe(1);

    const unchanged = (await h.inject({ method: 'GET', url: `/v1/documents/${doc.id}`, headers: auth(k) })).json();
    expect(unchanged.status).toBe('review');
    const re = await post(`/v1/documents/${doc.id}/redecide`, undefined, k);
    expect(re.statusCode, re.body).toBe(200);
    const redecided = re.json().document;
    expect(redecided.status).toBe('verified');
    expect(redecided.result.verification.policy).toEqual({ name: 'vendor optional', version: 2 });
    expect(redecided.result.values.total).toBe(doc.result.fields.total.value);
    expect(redecided.result.values).not.toHaveProperty('vendor_name');

    const stricter = await h.inject({
      method: 'PUT',
      url: '/v1/policy',
      payload: { document_types: { invoice: { required_fields: ['invoice_number', 'invoice_date', 'total', 'amount_due'] } } },
      headers: auth(k),
    });
    expect(stricter.json()).toMatchObject({ name: 'vendor optional', version: 3 });
    const again = (await post(`/v1/documents/${doc.id}/redecide`, undefined, k)).json().document;
    expect(again.outcome.code).toBe('REQUIRED_FIELD_MISSING');
    const versions = (await h.inject({ method: 'GET', url: `/v1/documents/${doc.id}/versions`, headers: auth(k) })).json();
    expect(versions.readings.map((r: { trigger: string }) => r.trigger)).toEqual(['upload', 'redecide', 'redecide']);

    const missing = await post(`/v1/documents/${doc.id}/approve`, { fields: {} }, k);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error).toMatchObject({ code: 'validation_error', fields: ['amount_due'] });
    const ok = await post(`/v1/documents/${doc.id}/approve`, { fields: { amount_due: doc.result.fields.total.value } }, k);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result.fields.amount_due).toMatchObject({ status: 'passed', evidence: ['operator'] });
    const locked = await post(`/v1/documents/${doc.id}/redecide`, undefined, k);
    expect(locked.statusCode).toBe(409);

    const del = await h.inject({ method: 'DELETE', url: `/v1/documents/${doc.id}`, headers: auth(k) });
    expect(del.statusCode).toBe(200);
    const left = await h.rt.db.db.selectFrom('reviews').select('id').where('document_id', '=', doc.id).execute();
    expect(left).toEqual([]);
  });
});
