import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseFactories, type TestDatabase } from '../../../../test/helpers/databases.js';
import { connectDb, type Db } from '../connect.js';
import type { DocumentsTable, ReadingsTable } from '../schema.js';
import { Repositories } from './index.js';

const at = '2026-11-25T00:00:00.000Z';

function document(orgId: string, id: string, sha256: string, uploadedAt = at): DocumentsTable {
  return {
    id,
    org_id: orgId,
    name: `${id}.png`,
    type_hint: null,
    doc_type: 'invoice',
    status: 'verified',
    cached: 0,
    cached_from: null,
    uploaded_at: uploadedAt,
    updated_at: uploadedAt,
    sha256,
    size_bytes: 1,
    media_type: 'image/png',
    file_kind: 'image',
    blob_key: null,
    outputs: '[]',
    improve: 0,
    outcome: '{}',
    current_reading_id: `RDG_${id}`,
    confidence: null,
    tamper_score: null,
    source: 'upload',
    review_result: null,
  };
}

function reading(orgId: string, documentId: string): ReadingsTable {
  return {
    id: `RDG_${documentId}`,
    document_id: documentId,
    org_id: orgId,
    number: 1,
    trigger: 'upload',
    status: 'done',
    outcome: null,
    result: '{}',
    raw: null,
    started_at: at,
    finished_at: at,
    cached_from_reading: null,
  };
}

/** Two organisations holding the same bytes and the same invoice: no repository method lets one see the other's rows. */
describe.each(await testDatabaseFactories())('repositories keep organisations apart on %s', (_name, makeDb) => {
  let tdb: TestDatabase;
  let db: Db;
  let repos: Repositories;
  beforeAll(async () => {
    tdb = makeDb();
    db = connectDb(tdb.database);
    await db.migrate();
    repos = new Repositories(db.db);
    for (const org of ['ORG_a', 'ORG_b']) {
      await repos.organisations.insertUnlessNameTaken({
        id: org,
        name: org,
        plan: 'internal',
        status: 'active',
        created_at: at,
        subscription_expires_at: null,
      });
    }
    // ORG_b's copy is the newer one: a twin search that ignored the tenant would find it first.
    await repos.documents.insert(document('ORG_a', 'DOC_a', 'same-bytes'));
    await repos.readings.insert(reading('ORG_a', 'DOC_a'));
    await repos.documents.insert(document('ORG_b', 'DOC_b', 'same-bytes', '2026-11-25T01:00:00.000Z'));
    await repos.readings.insert(reading('ORG_b', 'DOC_b'));
    await repos.documentFacts.replace('ORG_b', 'DOC_b', [{ kind: 'invoice', fact_key: 'acme|42', amount: 10 }], at);
  });
  afterAll(async () => {
    await db?.close();
    await tdb?.cleanup();
  });

  it('finds documents and readings only in their own organisation', async () => {
    expect(await repos.documents.find('ORG_b', 'DOC_a')).toBeUndefined();
    expect(await repos.readings.find('ORG_b', 'RDG_DOC_a')).toBeUndefined();
    expect((await repos.documents.find('ORG_a', 'DOC_a'))?.id).toBe('DOC_a');
  });

  it('finds a finished twin of the same bytes only within the organisation', async () => {
    expect((await repos.documents.findFinishedTwin('ORG_a', 'same-bytes'))?.doc_id).toBe('DOC_a');
    expect((await repos.documents.findFinishedTwin('ORG_b', 'same-bytes'))?.doc_id).toBe('DOC_b');
  });

  it('asks for the twin with a literal LIMIT (SQLite prepares a statement whose LIMIT is a parameter anew on every run)', () => {
    const query = repos.documents.finishedTwinQuery('ORG_a', 'same-bytes');
    expect(query.sql).toMatch(/ limit 1$/);
    expect(query.parameters).toEqual(['ORG_a', 'same-bytes', 'done']);
  });

  it('lists and counts only the organisation’s documents', async () => {
    const page = await repos.documents.page('ORG_a', {}, 1, 50);
    expect(page.total).toBe(1);
    expect(page.items.map((i) => i.doc.id)).toEqual(['DOC_a']);
    expect(page.items[0]?.reading?.id).toBe('RDG_DOC_a');
  });

  it('asks for a duplicate invoice only among the organisation’s facts', async () => {
    expect(await repos.documentFacts.findOther('ORG_a', 'DOC_a', 'invoice', 'acme|42', 10)).toBeNull();
    expect(await repos.documentFacts.findOther('ORG_b', 'DOC_other', 'invoice', 'acme|42', 10)).toBe('DOC_b');
  });

  it('erases a document’s content only under its own organisation', async () => {
    await repos.documents.eraseContent('ORG_b', 'DOC_a');
    await repos.documents.delete('ORG_b', 'DOC_a');
    expect(await repos.readings.find('ORG_a', 'RDG_DOC_a')).toBeDefined();
    expect(await repos.documents.find('ORG_a', 'DOC_a')).toBeDefined();
  });

  it('rolls back every repository’s writes when the transaction’s callback throws', async () => {
    await expect(
      repos.transaction(async (tx) => {
        await tx.documents.recordDeletion({ document_id: 'DOC_a', org_id: 'ORG_a', deleted_at: at, actor: 'test' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await repos.documents.wasDeleted('ORG_a', 'DOC_a')).toBe(false);
  });
});
