import { beforeAll, describe, expect, it } from 'vitest';
import { generateInvoicePdf } from '../fixtures/documents/index.js';
import { generateVariedCv } from '../fixtures/documents/cv/varied.js';
import { testDatabaseFactories } from '../helpers/databases.js';
import { harnessPerSuite, upload, waitFinished } from '../helpers/harness.js';
import { xlsxCells } from '../helpers/xlsx-cells.js';

describe.each(await testDatabaseFactories())('CV and outputs on %s', (_name, makeDb) => {
  // Workers start after the first checks, so a document is seen while it is still being read.
  let key: string;
  let otherKey: string;
  let cvId: string;
  let invoiceId: string;
  const h = harnessPerSuite({ workers: false }, makeDb);
  beforeAll(async () => {
    key = await h.key('recruiters');
    otherKey = await h.key('strangers');
  });
  const get = (url: string, k = key) => h.inject({ method: 'GET', url, headers: { 'x-doc-api-key': k } });

  it('answers 409 not_finished while reading, then reads the CV into result.cv with its improved wording', async () => {
    const cv = await generateVariedCv(31, 'docx-plain');
    const res = await upload(h, key, { filename: 'cv.docx', bytes: cv.bytes }, { outputs: 'xlsx,docx,pdf', improve: 'true' });
    expect(res.statusCode, res.body).toBe(202);
    cvId = res.json().id;
    for (const path of ['cv', 'cv.docx', 'cv.pdf', 'outputs/xlsx']) {
      const early = await get(`/v1/documents/${cvId}/${path}`);
      expect(early.statusCode, path).toBe(409);
      expect(early.json().error.code).toBe('not_finished');
    }
    h.rt.startWorkers(2);
    const doc = await waitFinished(h, key, cvId);
    expect(doc.result.document_type).toBe('cv');
    expect(doc.result.cv.experience.map((e: { employer: string }) => e.employer)).toEqual(cv.truth.experience.map((e) => e.employer));
    expect(doc.result.cv.contact.email.evidence).toEqual(['text_layer']);
    expect(doc.result.cv_improved.engine).toBe('local_rules');
    expect(doc.result.cv_improved.fact_diff).toMatchObject({ lost: [], added: [] });
    expect(doc.result.outputs).toMatchObject({
      cv: expect.stringMatching(/\/cv$/),
      docx: expect.stringMatching(/cv\.docx$/),
      pdf: expect.stringMatching(/cv\.pdf$/),
      xlsx: expect.stringMatching(/outputs\/xlsx$/),
      unavailable: [],
    });
  });

  it('GET /cv gives the layout, the questions and every fact with where it came from', async () => {
    const res = await get(`/v1/documents/${cvId}/cv`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.layout.map((s: { kind: string }) => s.kind)).toEqual(['contact', 'summary', 'experience', 'education', 'skills', 'languages']);
    expect(body.fact_check.count).toBe(body.fact_check.facts.length);
    expect(body.fact_check.facts).toContainEqual(expect.objectContaining({ kind: 'employer', path: 'experience[0].employer', evidence: ['text_layer'] }));
    expect(Array.isArray(body.questions)).toBe(true);
    expect((await get(`/v1/documents/${cvId}/cv`, otherKey)).statusCode).toBe(404);
  });

  it('serves cv.docx, cv.pdf and the xlsx, each checked', async () => {
    const docx = await get(`/v1/documents/${cvId}/cv.docx`);
    expect(docx.statusCode, docx.body).toBe(200);
    expect(docx.headers['content-type']).toContain('wordprocessingml');
    expect(docx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const pdf = await get(`/v1/documents/${cvId}/cv.pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xlsx = await get(`/v1/documents/${cvId}/outputs/xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const sheets = await xlsxCells(xlsx.rawPayload);
    const doc = (await get(`/v1/documents/${cvId}`)).json();
    expect(
      sheets
        .get('Experience')!
        .slice(1)
        .map((r) => r[1]),
    ).toEqual(doc.result.cv.experience.map((e: { employer: string }) => e.employer));
    expect(sheets.get('Fields')!.find((r) => r[0] === 'email')?.[1]).toBe(doc.result.fields.email.value);
  });

  it('POST /improve keeps the improvement with the current reading', async () => {
    const res = await h.inject({ method: 'POST', url: `/v1/documents/${cvId}/improve`, headers: { 'x-doc-api-key': key } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().fact_diff).toMatchObject({ lost: [], added: [] });
    const doc = (await get(`/v1/documents/${cvId}`)).json();
    expect(doc.result.cv_improved.text).toBe(res.json().text);
  });

  it('other types: pdf and docx unavailable, CV routes 409 not_a_read_cv, xlsx with line items', async () => {
    const res = await upload(h, key, { filename: 'invoice.pdf', bytes: (await generateInvoicePdf({ seed: 3 })).bytes }, { outputs: 'pdf,docx,xlsx' });
    expect(res.statusCode, res.body).toBe(202);
    invoiceId = res.json().id;
    const doc = await waitFinished(h, key, invoiceId);
    expect(doc.result.document_type).toBe('invoice');
    expect(doc.result.outputs.unavailable).toEqual(['pdf', 'docx']);
    expect(doc.result.cv).toBeNull();
    for (const path of ['cv', 'cv.docx', 'cv.pdf']) {
      const r = await get(`/v1/documents/${invoiceId}/${path}`);
      expect(r.statusCode, path).toBe(409);
      expect(r.json().error.code).toBe('not_a_read_cv');
    }
    expect((await h.inject({ method: 'POST', url: `/v1/documents/${invoiceId}/improve`, headers: { 'x-doc-api-key': key } })).json().error.code).toBe(
      'not_a_read_cv',
    );
    const sheets = await xlsxCells((await get(`/v1/documents/${invoiceId}/outputs/xlsx`)).rawPayload);
    expect(sheets.get('Line items')!.length).toBe(doc.result.fields.line_items.value.length + 1);
  });

  it('outputs of a deleted document answer 409 document_deleted, and 404 to another organisation', async () => {
    expect((await h.inject({ method: 'DELETE', url: `/v1/documents/${invoiceId}`, headers: { 'x-doc-api-key': key } })).statusCode).toBe(200);
    const gone = await get(`/v1/documents/${invoiceId}/outputs/xlsx`);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error.code).toBe('document_deleted');
    expect((await get(`/v1/documents/${invoiceId}/outputs/xlsx`, otherKey)).statusCode).toBe(404);
  });
});
