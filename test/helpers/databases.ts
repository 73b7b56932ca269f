import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Config } from '../../src/config/env.js';

/** The databases every storage test runs against: SQLite in a temp folder and PostgreSQL in a
 * fresh schema. PostgreSQL is skipped only outside CI when it cannot be reached; with CI=true an
 * unreachable server fails the run. */
export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  database: Config['database'];
  /** Env overrides that select this database for `loadConfig`. */
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

let pgReachable: Promise<boolean> | undefined;

export function postgresReachable(): Promise<boolean> {
  pgReachable ??= (async () => {
    const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch (err) {
      if (process.env.CI === 'true') throw new Error(`PostgreSQL at ${PG_URL} is unreachable on CI: ${String(err)}`);
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return pgReachable;
}

export function sqliteDatabase(): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'docread-sqlite-'));
  return {
    name: 'sqlite',
    database: { kind: 'sqlite', file: join(dir, 'test.sqlite') },
    env: { DATA_DIR: dir },
    async cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function postgresDatabase(): TestDatabase {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  return {
    name: 'postgres',
    database: { kind: 'postgres', url: PG_URL, schema },
    env: { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema },
    async cleanup() {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      try {
        await client.query(`drop schema if exists ${schema} cascade`);
      } finally {
        await client.end();
      }
    },
  };
}

/** PostgreSQL with pg-boss as the queue: an upload is then recorded with its job in its group's
 * one statement (see DocumentsService.recordQueued). */
export function postgresPgbossDatabase(): TestDatabase {
  const db = postgresDatabase();
  return { ...db, env: { ...db.env, QUEUE_DRIVER: 'pgboss' } };
}

/** Factories for `describe.each`: PostgreSQL is listed only when reachable (always on CI);
 * `pgboss`: also PostgreSQL with pg-boss as the queue. */
export async function testDatabaseFactories(opts: { pgboss?: boolean } = {}): Promise<Array<[string, () => TestDatabase]>> {
  const list: Array<[string, () => TestDatabase]> = [['sqlite', sqliteDatabase]];
  if (await postgresReachable()) {
    list.push(['postgres', postgresDatabase]);
    if (opts.pgboss) list.push(['postgres with pg-boss', postgresPgbossDatabase]);
  }
  return list;
}
