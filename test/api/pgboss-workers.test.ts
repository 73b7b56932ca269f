import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { pngWithText } from '../fixtures/files.js';
import { PG_URL, postgresDatabase, postgresReachable } from '../helpers/databases.js';
import { startHarness, upload, waitFinished } from '../helpers/harness.js';

/** Scale-out on PostgreSQL: an API process that runs no workers enqueues reading on pg-boss, in
 * the upload's transaction, and a separate worker runtime on the same database and blob store
 * reads the documents. */
describe.skipIf(!(await postgresReachable()))('reading through pg-boss with the API and the workers apart', () => {
  it('an upload to a worker-less API is read by a separate worker process, one reading per document', async () => {
    const db = postgresDatabase();
    const bossSchema = `${db.database.kind === 'postgres' ? db.database.schema : 'x'}_boss`;
    const env = { QUEUE_DRIVER: 'pgboss', PGBOSS_SCHEMA: bossSchema, QUEUE_POLL_MS: '500' };
    const api = await startHarness(db, { workers: false, env });
    const worker = await startHarness(db, { blobRoot: api.blobRoot, env });
    try {
      const key = await api.key('scale-out-org');
      const ids: string[] = [];
      for (const word of ['ALPHA', 'BRAVO', 'CHARLIE']) {
        const res = await upload(api, key, { filename: `${word}.png`, bytes: await pngWithText([word]) });
        expect(res.statusCode).toBe(202);
        ids.push(res.json().id);
      }
      for (const id of ids) {
        const done = await waitFinished(api, key, id, 90_000);
        expect(done.status).not.toBe('processing');
      }
      // The work went through pg-boss, not the embedded queue's table, and each document was read once.
      expect(await api.rt.db.db.selectFrom('queue_jobs').selectAll().execute()).toEqual([]);
      const readings = await api.rt.db.db.selectFrom('readings').select(['document_id']).where('document_id', 'in', ids).execute();
      expect(readings.map((r) => r.document_id).sort()).toEqual([...ids].sort());
    } finally {
      await worker.close();
      await api.app.close();
      await api.rt.close();
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`drop schema if exists ${bossSchema} cascade`).finally(() => client.end());
      await db.cleanup();
    }
  }, 180_000);
});
