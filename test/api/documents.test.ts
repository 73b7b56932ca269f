import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ResultSchema } from '../../src/domain/result.js';
import { docxWithText, pdfWithText, pngWithText, renamedFiles } from '../fixtures/files.js';
import { testDatabaseFactories } from '../helpers/databases.js';
import { harnessPerSuite, multipart, upload, waitFinished } from '../helpers/harness.js';

const RESULT_KEYS = Object.keys(ResultSchema.shape).sort();
const DOCUMENT_KEYS = [
  'id',
  'tenant_id',
  'name',
  'type',
  'status',
  'cached',
  'uploaded_at',
  'outcome',
  'doc_type',
  'fields',
  'raw_json',
  'engine',
  'result',
  'confidence',
  'tamper_score',
].sort();

function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(p);
    }
  };
  walk(root);
  return out;
}

describe.each(await testDatabaseFactories())('documents API on %s', (_name, makeDb) => {
  let key: string;
  let otherKey: string;
  let png: Buffer;
  let pdf: Buffer;

  const h = harnessPerSuite({}, makeDb);
  beforeAll(async () => {
    key = await h.key('acme');
    otherKey = await h.key('globex');
    png = await pngWithText(['SPECIMEN CARD', 'NAME ANNA MARIA']);
    pdf = pdfWithText(['Invoice 2026-001', 'Total 120.00 EUR']);
  });

  const auth = (k = key) => ({ 'x-doc-api-key': k });

  it('accepts an upload with 202 and the pending outcome, then reaches a final status with every result key', async () => {
    const res = await upload(h, key, { filename: 'card.png', bytes: png }, { consent: 'signed at desk 4' });
    expect(res.statusCode).toBe(202);
    expect(res.headers['x-request-id']).toBeTruthy();
    const body = res.json();
    expect(body.id).toMatch(/^DOC_[0-9a-f]{32}$/);
    expect(body).toMatchObject({
      name: 'card.png',
      status: 'processing',
      cached: false,
      outcome: { status: 'pending', code: null, next_action: { type: 'WAIT' }, context: {} },
    });
    expect(body.uploaded_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    // The legacy keys are numbers from the start, for integrations that never expected null.
    const early = (await h.inject({ method: 'GET', url: `/v1/documents/${body.id}`, headers: auth() })).json();
    expect([typeof early.confidence, typeof early.tamper_score]).toEqual(['number', 'number']);

    const doc = await waitFinished(h, key, body.id);
    expect(Object.keys(doc).sort()).toEqual(DOCUMENT_KEYS);
    expect(Object.keys(doc.result).sort()).toEqual(RESULT_KEYS);
    expect(ResultSchema.safeParse(doc.result).success).toBe(true);
    expect(['verified', 'review', 'failed', 'flagged']).toContain(doc.status);
    expect(doc.result.status).toBe(doc.status);
    expect(doc.result.verified).toBe(doc.status === 'verified');
    // Nothing can be verified before readers exist: the outcome must say so honestly.
    expect(doc.status).not.toBe('verified');
    expect(doc.outcome.code).toBeTruthy();
    expect(doc.result.review_reasons.length).toBeGreaterThan(0);
    const consent = await h.rt.db.db.selectFrom('consents').selectAll().where('document_id', '=', body.id).executeTakeFirst();
    expect(consent?.note).toBe('signed at desk 4');
  });

  it('returns cached: true with the earlier result for identical bytes, without running the engine, and never across organisations', async () => {
    const first = (await upload(h, key, { filename: 'a.pdf', bytes: pdf })).json();
    const done = await waitFinished(h, key, first.id);
    const jobsBefore = await h.rt.db.db
      .selectFrom('readings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('trigger', '!=', 'cache')
      .executeTakeFirstOrThrow();

    const again = await upload(h, key, { filename: 'b.pdf', bytes: pdf });
    expect(again.statusCode).toBe(202);
    const second = again.json();
    expect(second.cached).toBe(true);
    expect(second.id).not.toBe(first.id);
    expect(second.status).toBe(done.status);
    const secondDoc = (await h.inject({ method: 'GET', url: `/v1/documents/${second.id}`, headers: auth() })).json();
    expect(secondDoc.result.values).toEqual(done.result.values);
    expect(secondDoc.outcome).toEqual(done.outcome);
    expect(secondDoc.engine.trigger).toBe('cache');
    const jobsAfter = await h.rt.db.db
      .selectFrom('readings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('trigger', '!=', 'cache')
      .executeTakeFirstOrThrow();
    expect(Number(jobsAfter.n)).toBe(Number(jobsBefore.n));

    const other = (await upload(h, otherKey, { filename: 'c.pdf', bytes: pdf })).json();
    expect(other.cached).toBe(false);
    await waitFinished(h, otherKey, other.id);
  });

  it('refuses bad uploads with the spec codes', async () => {
    const renamed = await upload(h, key, { filename: 'evil.pdf', bytes: renamedFiles.exe() });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().error).toMatchObject({ code: 'unsupported_file', request_id: renamed.headers['x-request-id'] });
    expect(renamed.json().error.next_action.type).toBeTruthy();

    const unknownOutput = await upload(h, key, { filename: 'a.png', bytes: png }, { outputs: 'xlsx,html' });
    expect(unknownOutput.statusCode).toBe(422);
    expect(unknownOutput.json().error.code).toBe('unknown_output');

    const badHint = await upload(h, key, { filename: 'a.png', bytes: png }, { doc_type: 'spaceship' });
    expect(badHint.statusCode).toBe(422);
    expect(badHint.json().error.code).toBe('validation_error');

    const tooLarge = await upload(h, key, { filename: 'big.png', bytes: Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1 - png.length)]) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.code).toBe('file_too_large');

    const exactly = await upload(h, key, { filename: 'max.png', bytes: Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 - png.length)]) });
    expect(exactly.statusCode).toBe(202);

    const fieldsOnly = await multipart([], { doc_type: 'passport' });
    const noFile = await h.inject({ method: 'POST', url: '/v1/documents/upload', payload: fieldsOnly.payload, headers: { ...fieldsOnly.headers, ...auth() } });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().error.code).toBe('validation_error');

    const cut = await multipart([{ filename: 'a.png', bytes: png }]);
    const malformed = await h.inject({
      method: 'POST',
      url: '/v1/documents/upload',
      payload: cut.payload.subarray(0, cut.payload.length - 40),
      headers: { ...cut.headers, ...auth() },
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().error.code).toBe('validation_error');

    const notMultipart = await h.inject({ method: 'POST', url: '/v1/documents/upload', payload: { file: 'x' }, headers: auth() });
    expect(notMultipart.statusCode).toBe(422);
  });

  it('reads a batch item by item and refuses more than 20 files', async () => {
    const docx = await docxWithText(['Jane Doe', 'Curriculum vitae']);
    const form = await multipart([
      { field: 'files', filename: 'one.png', bytes: await pngWithText(['BATCH ONE']) },
      { field: 'files', filename: 'two.exe', bytes: renamedFiles.exe() },
      { field: 'files', filename: 'three.docx', bytes: docx },
    ]);
    const res = await h.inject({ method: 'POST', url: '/v1/documents/batch', payload: form.payload, headers: { ...form.headers, ...auth() } });
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body.items).toHaveLength(3);
    expect(body.items[1]).toEqual({ filename: 'two.exe', error: 'unsupported_file' });
    expect(body.items[0].id).toMatch(/^DOC_/);
    expect(body.items[2].id).toMatch(/^DOC_/);
    expect(body.queued).toBe(2);

    const many = await multipart(Array.from({ length: 21 }, (_, i) => ({ field: 'files', filename: `f${i}.png`, bytes: png })));
    const tooMany = await h.inject({ method: 'POST', url: '/v1/documents/batch', payload: many.payload, headers: { ...many.headers, ...auth() } });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().error.code).toBe('too_many_files');
  });

  it('lists with filters and pagination, scoped to the organisation', async () => {
    const res = await h.inject({ method: 'GET', url: '/v1/documents?page=1&page_size=2', headers: auth() });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, page_size: 2 });
    expect(body.items).toHaveLength(2);
    expect(body.total).toBeGreaterThan(2);
    expect(body.items.every((d: { tenant_id: string }) => d.tenant_id === body.items[0].tenant_id)).toBe(true);

    const byName = (await h.inject({ method: 'GET', url: '/v1/documents?q=CARD.PNG', headers: auth() })).json();
    expect(byName.items.map((d: { name: string }) => d.name)).toContain('card.png');
    const byStatus = (await h.inject({ method: 'GET', url: '/v1/documents?status=verified', headers: auth() })).json();
    expect(byStatus.items.every((d: { status: string }) => d.status === 'verified')).toBe(true);

    const other = (await h.inject({ method: 'GET', url: '/v1/documents?q=card.png', headers: auth(otherKey) })).json();
    expect(other.total).toBe(0);

    for (const bad of ['page_size=101', 'page=0', 'status=sideways']) {
      const r = await h.inject({ method: 'GET', url: `/v1/documents?${bad}`, headers: auth() });
      expect(r.statusCode, bad).toBe(422);
      expect(r.json().error.code).toBe('validation_error');
    }
  });

  it("gives 404 for another organisation's document on every route", async () => {
    const mine = (await upload(h, key, { filename: 'mine.png', bytes: await pngWithText(['PRIVATE']) })).json();
    await waitFinished(h, key, mine.id);
    const routes: Array<[string, string]> = [
      ['GET', `/v1/documents/${mine.id}`],
      ['GET', `/v1/documents/${mine.id}/versions`],
      ['POST', `/v1/documents/${mine.id}/rescan`],
      ['POST', `/v1/documents/${mine.id}/reevaluate`],
      ['DELETE', `/v1/documents/${mine.id}`],
    ];
    for (const [method, url] of routes) {
      const res = await h.inject({ method: method as 'GET', url, headers: auth(otherKey) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect((await h.inject({ method: 'GET', url: `/v1/documents/${mine.id}`, headers: auth() })).statusCode).toBe(200);
  });

  it('serves a decided document from its answer serialised once, which any change to the document drops', async () => {
    const doc = (await upload(h, key, { filename: 'kept.png', bytes: await pngWithText(['SERVED FROM TEXT']) })).json();
    await waitFinished(h, key, doc.id);
    const row = () => h.rt.db.db.selectFrom('documents').select(['revision', 'view_json', 'view_base_url']).where('id', '=', doc.id).executeTakeFirstOrThrow();
    // As every change to a row does, clearing the kept answer bumps the revision.
    const bump = (set: { name?: string } = {}) =>
      h.rt.db.db
        .updateTable('documents')
        .set((eb) => ({ ...set, view_json: null, view_base_url: null, revision: eb('revision', '+', 1) }))
        .where('id', '=', doc.id)
        .execute();
    await bump();
    const made = await h.inject({ method: 'GET', url: `/v1/documents/${doc.id}`, headers: auth() });
    const kept = await row();
    expect(kept.view_json).toBe(made.body);
    const served = await h.inject({ method: 'GET', url: `/v1/documents/${doc.id}`, headers: auth() });
    expect(served.body).toBe(made.body);
    expect(served.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await h.inject({ method: 'GET', url: `/v1/documents/${doc.id}`, headers: auth(otherKey) })).statusCode).toBe(404);

    // A change made elsewhere (another API process, a worker) shows at once: the answer this
    // process holds is for the old revision.
    await bump({ name: 'renamed.png' });
    expect((await h.inject({ method: 'GET', url: `/v1/documents/${doc.id}`, headers: auth() })).json().name).toBe('renamed.png');
    const renamed = await row();
    expect(renamed.view_json).toContain('renamed.png');

    // Text made from the row before a change is not kept.
    const principal = (await h.rt.accounts.authenticateKey(key))!;
    await h.rt.repos.documents.setCvImproved(principal.orgId, doc.id, '{}', null);
    expect(await row()).toMatchObject({ revision: renamed.revision! + 1, view_json: null });
    await h.rt.repos.documents.storeView(principal.orgId, doc.id, renamed.revision!, { json: renamed.view_json!, baseUrl: renamed.view_base_url! });
    expect((await row()).view_json).toBeNull();

    // A new reading: the answer shows it at once, then the new reading's result.
    expect((await h.inject({ method: 'POST', url: `/v1/documents/${doc.id}/rescan`, headers: auth() })).statusCode).toBe(202);
    expect((await h.inject({ method: 'GET', url: `/v1/documents/${doc.id}`, headers: auth() })).json().status).toBe('processing');
    const again = await waitFinished(h, key, doc.id);
    expect(again.engine.reading_number).toBe(2);
    expect((await h.inject({ method: 'GET', url: `/v1/documents/${doc.id}`, headers: auth() })).json()).toEqual(again);
  });

  it('reads held answers asked at once together, each for its own organisation, and a change shows in every one of them', async () => {
    const mine = (await upload(h, key, { filename: 'mine-grouped.png', bytes: await pngWithText(['GROUPED READS']) })).json();
    const theirs = (await upload(h, otherKey, { filename: 'theirs-grouped.png', bytes: await pngWithText(['GROUPED OTHER']) })).json();
    await Promise.all([waitFinished(h, key, mine.id), waitFinished(h, otherKey, theirs.id)]);
    const get = (k: string, id: string) => h.inject({ method: 'GET', url: `/v1/documents/${id}`, headers: auth(k) });
    // Held by this process from here on: the reads below only ask for the rows' revisions.
    await Promise.all([get(key, mine.id), get(otherKey, theirs.id)]);
    const asked = [
      ...Array.from({ length: 12 }, () => [key, mine.id] as const),
      ...Array.from({ length: 12 }, () => [otherKey, theirs.id] as const),
      [otherKey, mine.id] as const,
    ];
    const answers = await Promise.all(asked.map(([k, id]) => get(k, id)));
    expect(answers.map((a) => a.statusCode)).toEqual([...Array(24).fill(200), 404]);
    expect(answers.slice(0, 24).map((a) => a.json().id)).toEqual([...Array(12).fill(mine.id), ...Array(12).fill(theirs.id)]);

    // The grouped lookup answers a row only to the organisation it belongs to.
    const [a, b] = await Promise.all([h.rt.accounts.authenticateKey(key), h.rt.accounts.authenticateKey(otherKey)]);
    const revisions = await h.rt.repos.documents.viewRevisions([
      { orgId: a!.orgId, id: mine.id },
      { orgId: b!.orgId, id: mine.id },
      { orgId: b!.orgId, id: theirs.id },
      { orgId: a!.orgId, id: 'doc_missing' },
    ]);
    expect(revisions.map((r) => r !== undefined)).toEqual([true, false, true, false]);

    await h.rt.db.db
      .updateTable('documents')
      .set((eb) => ({ name: 'renamed-grouped.png', view_json: null, revision: eb('revision', '+', 1) }))
      .where('id', '=', mine.id)
      .execute();
    const renamed = await Promise.all(Array.from({ length: 10 }, () => get(key, mine.id)));
    expect(renamed.map((r) => r.json().name)).toEqual(Array(10).fill('renamed-grouped.png'));
    expect((await h.inject({ method: 'DELETE', url: `/v1/documents/${mine.id}`, headers: auth() })).statusCode).toBe(200);
    const gone = await Promise.all([...Array.from({ length: 6 }, () => get(key, mine.id)), get(otherKey, theirs.id)]);
    expect(gone.map((r) => r.statusCode)).toEqual([...Array(6).fill(404), 200]);
  });

  it('requires credentials and answers unknown routes with the envelope', async () => {
    const none = await h.inject({ method: 'GET', url: '/v1/documents' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toMatchObject({ code: 'unauthorized', request_id: none.headers['x-request-id'] });
    const bad = await h.inject({ method: 'GET', url: '/v1/documents', headers: { 'x-doc-api-key': 'mk_live_' + 'A'.repeat(43) } });
    expect(bad.statusCode).toBe(401);
    const missing = await h.inject({ method: 'GET', url: '/v1/nothing-here', headers: auth() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
    expect(missing.headers['x-request-id']).toBeTruthy();
    const unknownId = await h.inject({ method: 'GET', url: '/v1/documents/DOC_00', headers: auth() });
    expect(unknownId.statusCode).toBe(404);
  });

  it('keeps versions and readings: rescan and reevaluate add a reading beside the old one', async () => {
    const doc = (await upload(h, key, { filename: 'again.png', bytes: await pngWithText(['READ ME TWICE']) })).json();
    await waitFinished(h, key, doc.id);
    const rescan = await h.inject({ method: 'POST', url: `/v1/documents/${doc.id}/rescan`, headers: auth() });
    expect(rescan.statusCode).toBe(202);
    // The same shape as the upload answer: the document itself, not wrapped.
    expect(Object.keys(rescan.json()).sort()).toEqual(['cached', 'id', 'name', 'outcome', 'status', 'type', 'uploaded_at']);
    expect(rescan.json()).toMatchObject({ id: doc.id, status: 'processing', outcome: { status: 'pending' } });
    const busy = await h.inject({ method: 'POST', url: `/v1/documents/${doc.id}/reevaluate`, headers: auth() });
    if (busy.statusCode === 409) expect(busy.json().error.code).toBe('not_finished');
    await waitFinished(h, key, doc.id);
    const re = await h.inject({ method: 'POST', url: `/v1/documents/${doc.id}/reevaluate`, headers: auth() });
    expect(re.statusCode).toBe(202);
    expect(re.json()).toMatchObject({ id: doc.id, status: 'processing' });
    await waitFinished(h, key, doc.id);
    const versions = (await h.inject({ method: 'GET', url: `/v1/documents/${doc.id}/versions`, headers: auth() })).json();
    expect(versions.items).toHaveLength(1);
    expect(versions.items[0]).toMatchObject({ version: 1, stored: true, media_type: 'image/png' });
    expect(versions.readings.map((r: { trigger: string }) => r.trigger)).toEqual(['upload', 'rescan', 'reevaluate']);
    expect(versions.readings.every((r: { status: string }) => r.status === 'done')).toBe(true);

    const original = await h.rt.db.db.selectFrom('documents').select('blob_key').where('id', '=', doc.id).executeTakeFirstOrThrow();
    await h.rt.blobs.delete(original.blob_key!);
    const noSource = await h.inject({ method: 'POST', url: `/v1/documents/${doc.id}/reevaluate`, headers: auth() });
    expect(noSource.statusCode).toBe(409);
    expect(noSource.json().error.code).toBe('no_source_file');
  });

  it('erases a deleted document completely and keeps a minimal record', async () => {
    const canary = `CANARY${Date.now()}`;
    const bytes = await pngWithText([canary]);
    const doc = (await upload(h, key, { filename: `${canary}.png`, bytes }, { consent: canary })).json();
    await waitFinished(h, key, doc.id);
    const del = await h.inject({ method: 'DELETE', url: `/v1/documents/${doc.id}`, headers: auth() });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ id: doc.id, deleted: true });

    expect((await h.inject({ method: 'GET', url: `/v1/documents/${doc.id}`, headers: auth() })).statusCode).toBe(404);
    for (const [method, url] of [
      ['POST', `/v1/documents/${doc.id}/rescan`],
      ['POST', `/v1/documents/${doc.id}/reevaluate`],
      ['GET', `/v1/documents/${doc.id}/versions`],
      ['DELETE', `/v1/documents/${doc.id}`],
    ] as const) {
      const res = await h.inject({ method, url, headers: auth() });
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(res.json().error.code).toBe('document_deleted');
    }
    // Another organisation learns nothing, not even that the id existed.
    expect((await h.inject({ method: 'POST', url: `/v1/documents/${doc.id}/rescan`, headers: auth(otherKey) })).statusCode).toBe(404);

    const needle = bytes.subarray(bytes.length - 64);
    for (const file of listFiles(h.blobRoot)) {
      expect(file).not.toContain(doc.id);
      const { readFileSync } = await import('node:fs');
      expect(readFileSync(file).includes(needle), file).toBe(false);
    }
    for (const table of ['documents', 'document_versions', 'readings', 'consents', 'document_facts', 'queue_jobs'] as const) {
      const rows = await sql<{ row: string }>`select * from ${sql.table(table)}`.execute(h.rt.db.db);
      const text = JSON.stringify(rows.rows);
      expect(text.includes(doc.id), table).toBe(false);
      expect(text.includes(canary), table).toBe(false);
    }
    const record = await h.rt.db.db.selectFrom('document_deletions').selectAll().where('document_id', '=', doc.id).executeTakeFirstOrThrow();
    expect(Object.keys(record).sort()).toEqual(['actor', 'deleted_at', 'document_id', 'org_id']);
  });
});
