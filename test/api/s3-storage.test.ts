import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngWithText } from '../fixtures/files.js';
import { sqliteDatabase, type TestDatabase } from '../helpers/databases.js';
import { startHarness, upload, waitFinished, type Harness } from '../helpers/harness.js';
import { startS3Server, type TestS3Server } from '../helpers/s3-server.js';

/** The whole service on S3-compatible storage: the original lands in the bucket, is read from it,
 * and is erased from it on deletion. */
describe('documents on S3-compatible storage', () => {
  let s3: TestS3Server;
  let db: TestDatabase;
  let h: Harness;
  let key: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    db = sqliteDatabase();
    h = await startHarness(db, {
      blobs: {
        kind: 's3',
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: 'us-east-1',
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        forcePathStyle: true,
        prefix: 'docread/',
      },
    });
    key = await h.key('s3-org');
  });
  afterAll(async () => {
    await h?.close();
    await db?.cleanup();
    await s3?.close();
  });

  it('stores, reads and erases the original in the bucket', async () => {
    const bytes = await pngWithText(['STORED IN S3']);
    const doc = (await upload(h, key, { filename: 's3.png', bytes })).json();
    const row = await h.rt.db.db.selectFrom('documents').select(['blob_key', 'org_id']).where('id', '=', doc.id).executeTakeFirstOrThrow();
    expect(Buffer.compare((await h.rt.blobs.get(row.blob_key!))!, bytes)).toBe(0);
    const done = await waitFinished(h, key, doc.id);
    expect(done.status).not.toBe('processing');
    expect(done.outcome.code).not.toBe('DOCUMENT_UNREADABLE');
    const prefix = `orgs/${row.org_id}/documents/${doc.id}/`;
    expect((await h.rt.blobs.list(prefix)).length).toBeGreaterThan(0);
    expect((await h.inject({ method: 'DELETE', url: `/v1/documents/${doc.id}`, headers: { 'x-doc-api-key': key } })).statusCode).toBe(200);
    expect(await h.rt.blobs.list(prefix)).toEqual([]);
  });
});
