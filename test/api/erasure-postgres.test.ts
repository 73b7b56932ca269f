import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfWithText } from '../fixtures/files.js';
import { PG_URL, postgresDatabase, postgresReachable, type TestDatabase } from '../helpers/databases.js';
import { startHarness, upload, waitFinished, type Harness } from '../helpers/harness.js';

const TABLES = ['readings', 'document_versions', 'consents', 'document_facts', 'reviews', 'documents'];

/** What PostgreSQL does with erased rows: DELETE leaves dead tuples; the service vacuums the
 * touched tables before DELETE answers, so they are gone from every table's live and dead
 * tuples. VACUUM does not overwrite the freed space, so the bytes may stay in the table files
 * (and WAL segments) until reused: measured and printed here, and stated in the README. */
describe.runIf(await postgresReachable())('erasure on PostgreSQL', () => {
  let db: TestDatabase;
  let h: Harness;
  let key: string;
  let admin: pg.Client;
  beforeAll(async () => {
    db = postgresDatabase();
    h = await startHarness(db);
    key = await h.key('erasure');
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await h?.close();
    await db?.cleanup();
  });

  /** Occurrences of the canary in the tables' files on disk (heap and TOAST), after a CHECKPOINT
   * has written every dirty page. Needs a superuser (pg_read_binary_file). */
  async function onDisk(canary: string): Promise<number> {
    await admin.query('checkpoint');
    const schema = (db.database as { schema: string }).schema;
    let n = 0;
    for (const t of TABLES) {
      const rels = await admin.query<{ path: string | null }>(
        `select pg_relation_filepath(c.oid) as path from pg_class c join pg_namespace s on s.oid = c.relnamespace
         where s.nspname = $1 and c.relname = $2
         union all select pg_relation_filepath(c.reltoastrelid) from pg_class c join pg_namespace s on s.oid = c.relnamespace
         where s.nspname = $1 and c.relname = $2 and c.reltoastrelid <> 0`,
        [schema, t],
      );
      for (const { path } of rels.rows) {
        if (!path) continue;
        const { rows } = await admin.query<{ data: Buffer }>('select pg_read_binary_file($1) as data', [path]);
        const data = rows[0]!.data;
        for (let at = data.indexOf(canary); at !== -1; at = data.indexOf(canary, at + 1)) n++;
      }
    }
    return n;
  }

  it('vacuums the touched tables before DELETE answers (no dead tuple of the document is left)', async () => {
    const canary = `PGCANARY${Date.now().toString(36).toUpperCase()}`;
    const res = await upload(h, key, { filename: `${canary}.pdf`, bytes: pdfWithText([`Invoice ${canary}`, `Customer ${canary}`, 'Total due 5.00 EUR']) });
    await waitFinished(h, key, res.json().id, 60_000);
    const before = await onDisk(canary);
    const started = new Date();
    const t0 = performance.now();
    const del = await h.inject({ method: 'DELETE', url: `/v1/documents/${res.json().id}`, headers: { 'x-doc-api-key': key } });
    const ms = performance.now() - t0;
    expect(del.statusCode).toBe(200);
    const schema = (db.database as { schema: string }).schema;
    const { rows } = await admin.query<{ relname: string; last_vacuum: Date | null }>(
      'select relname, last_vacuum from pg_stat_user_tables where schemaname = $1 and relname = any($2)',
      [schema, TABLES],
    );
    expect(rows).toHaveLength(TABLES.length);
    for (const r of rows) expect(r.last_vacuum?.getTime() ?? 0, r.relname).toBeGreaterThanOrEqual(started.getTime() - 1000);
    const after = await onDisk(canary);
    console.log(`PostgreSQL erasure: canary in table files before DELETE ${before}, after DELETE + VACUUM ${after}; DELETE answered in ${ms.toFixed(0)} ms`);
    expect(before).toBeGreaterThan(0);
  });
});
