import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDatabase, postgresReachable, type TestDatabase } from '../../../test/helpers/databases.js';
import { connectDb, type Db } from './connect.js';
import { executePrepared } from './prepared.js';

describe.skipIf(!(await postgresReachable()))('prepared statements on postgres', () => {
  let tdb: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    tdb = postgresDatabase();
    db = connectDb(tdb.database);
    await db.migrate();
  });
  afterAll(async () => {
    await db?.close();
    await tdb?.cleanup();
  });

  it('runs a registered text as a named statement on the connection, once parsed, with each call its own values', async () => {
    await db.db.connection().execute(async (conn) => {
      const query = (n: number) => sql<{ doubled: number }>`select cast(${n} as integer) * 2 as doubled`.compile(conn);
      const results = [];
      for (const n of [1, 2, 3]) results.push((await executePrepared(conn, query(n))).rows[0]?.doubled);
      expect(results).toEqual([2, 4, 6]);
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(conn);
      expect(rows.map((r) => r.statement)).toEqual([query(0).sql]);
    });
  });

  it('leaves texts not registered unnamed', async () => {
    await db.db.connection().execute(async (conn) => {
      await sql`select 1 as unregistered`.execute(conn);
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements where statement like '%unregistered%'`.execute(conn);
      expect(rows).toEqual([]);
    });
  });
});
