import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Config } from '../../config/env.js';
import { migrateToLatest } from './migrations.js';
import type { Database } from './schema.js';

export type DbKind = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  kind: DbKind;
  /** Runs pending migrations; returns the names applied. */
  migrate(): Promise<string[]>;
  /** Cheap liveness query, for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function connectDb(database: Config['database']): Db {
  if (database.kind === 'sqlite') {
    mkdirSync(dirname(database.file), { recursive: true });
    const sqlite = new SQLite(database.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    // Deleted documents must not linger in free pages of the file.
    sqlite.pragma('secure_delete = ON');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    return wrap(db, 'sqlite');
  }
  const pool = new pg.Pool({
    connectionString: database.url,
    max: database.poolMax ?? 20,
    connectionTimeoutMillis: database.poolTimeoutMs ?? 5000,
    idleTimeoutMillis: 30_000,
    options: `-c search_path=${database.schema}`,
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return wrap(db, 'postgres', database.schema);
}

/** Kysely prepares every query anew; preparing costs as much as running a small one. Statements
 * are reusable, so they are kept by their SQL text (bounded: least recently used go first). */
const STATEMENT_CACHE_SIZE = 500;

function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (stmt) cache.delete(sql);
      else {
        stmt = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, stmt);
      return stmt;
    },
  };
}

function wrap(db: Kysely<Database>, kind: DbKind, schema?: string): Db {
  return {
    db,
    kind,
    async migrate() {
      if (schema && schema !== 'public') await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
      return migrateToLatest(db, schema);
    },
    async ping() {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}
