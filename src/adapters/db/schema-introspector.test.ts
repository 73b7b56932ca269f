import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresDatabase, postgresReachable } from '../../../test/helpers/databases.js';
import { connectDb } from './connect.js';

const reachable = await postgresReachable();

describe.skipIf(!reachable)('introspection on PostgreSQL', () => {
  const ours = postgresDatabase();
  const other = postgresDatabase();
  afterAll(async () => {
    await ours.cleanup();
    await other.cleanup();
  });

  it("sees the service's schema only, and is not failed by another schema dropped meanwhile", async () => {
    const a = connectDb(ours.database);
    const b = connectDb(other.database);
    try {
      await a.migrate();
      await b.migrate();
      const tables = await a.db.introspection.getTables();
      expect(tables.length).toBeGreaterThan(5);
      expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([ours.database.kind === 'postgres' ? ours.database.schema : '']));
      expect(tables.find((t) => t.name === 'documents')?.columns.map((c) => c.name)).toContain('id');
      // Schemas come and go on a shared server while this one migrates and is read.
      const admin = new pg.Client({ connectionString: other.env.DATABASE_URL });
      await admin.connect();
      try {
        const churn = (async () => {
          for (let i = 0; i < 20; i++) {
            await admin.query(`create schema if not exists churn_${i}; create table churn_${i}.t (x int); drop schema churn_${i} cascade`);
          }
        })();
        for (let i = 0; i < 10; i++) await a.migrate();
        await churn;
      } finally {
        await admin.end();
      }
    } finally {
      await a.close();
      await b.close();
    }
  });
});
