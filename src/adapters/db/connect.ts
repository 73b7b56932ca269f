import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type DatabaseIntrospector, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Config } from '../../config/env.js';
import { migrateToLatest } from './migrations.js';
import { preparingPool } from './prepared.js';
import { Checkpointer } from './sqlite-checkpointer.js';
import { SchemaIntrospector } from './schema-introspector.js';
import type { Database } from './schema.js';

export type DbKind = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  kind: DbKind;
  /** Runs pending migrations; returns the names applied. */
  migrate(): Promise<string[]>;
  /** Cheap liveness query, for /readyz. */
  ping(): Promise<void>;
  /** Called after rows were erased and committed: makes them unrecoverable from the files where
   * the engine allows (see scrubErased). */
  scrubErased(tables: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export function connectDb(database: Config['database'], opts: { onConnectionLost?: (err: Error) => void } = {}): Db {
  if (database.kind === 'sqlite') {
    mkdirSync(dirname(database.file), { recursive: true, mode: 0o700 });
    ownerOnly(database.file);
    const sqlite = new SQLite(database.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    // Deleted documents must not linger in free pages of the file.
    sqlite.pragma('secure_delete = ON');
    // A grouped commit runs each upload in a savepoint, whose pages SQLite copies to a
    // sub-journal; past 64 KB in a transaction that journal spills to a temporary file, written
    // by syscalls on the event loop (about a twentieth of its CPU at 50 uploading clients). Held
    // in memory it is bounded by a group's size, and it is never needed for crash recovery.
    sqlite.pragma('temp_store = MEMORY');
    const checkpointer = database.file === ':memory:' ? null : new Checkpointer(sqlite, database.file);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    return wrap(db, 'sqlite', undefined, () => checkpointer?.close());
  }
  const pool = new pg.Pool({
    connectionString: database.url,
    max: database.poolMax ?? 20,
    connectionTimeoutMillis: database.poolTimeoutMs ?? 5000,
    idleTimeoutMillis: 30_000,
    options: `-c search_path=${database.schema}`,
  });
  // A lost connection (the server restarted, a proxy cut it) is an 'error' event on its client,
  // checked out or idle: unheard, it would end the process. Queries on it fail with the error; the
  // pool drops the connection and opens another. An idle one's error reaches the pool as well.
  pool.on('connect', (client) => client.on('error', (err) => opts.onConnectionLost?.(err)));
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new SchemaPostgresDialect({ pool: preparingPool(pool) }, database.schema) });
  return wrap(db, 'postgres', database.schema);
}

/** PostgreSQL whose introspection (used by the migrator) sees the service's schema only. */
class SchemaPostgresDialect extends PostgresDialect {
  constructor(
    config: ConstructorParameters<typeof PostgresDialect>[0],
    private readonly schema: string,
  ) {
    super(config);
  }

  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SchemaIntrospector(db, this.schema);
  }
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

/** The database file is created readable by its owner only, like the blobs; SQLite gives its WAL
 * and shared-memory files the database file's permissions. An existing file is tightened too. */
function ownerOnly(file: string): void {
  if (file === ':memory:') return;
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, 0o600);
}

/** SQLite: secure_delete zeroes erased rows in the pages it writes, but the WAL still holds the
 * pages as they were before, until a checkpoint copies the new ones into the database and the
 * WAL is truncated. TRUNCATE waits (busy_timeout) for readers on older snapshots to finish; it
 * is tried again while another process still holds one. */
const CHECKPOINT_TRIES = 5;

async function checkpointTruncate(db: Kysely<Database>): Promise<boolean> {
  for (let attempt = 0; attempt < CHECKPOINT_TRIES; attempt++) {
    const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    if (rows[0]?.busy === 0) return true;
    await new Promise((r) => setTimeout(r, 50 * (attempt + 1)));
  }
  return false;
}

/** PostgreSQL keeps deleted rows as dead tuples until VACUUM; VACUUM makes their space reusable
 * but does not overwrite it, and the WAL segments keep them until recycled (see README). One
 * vacuum runs at a time (VACUUMs of one table wait for each other); tables erased meanwhile are
 * vacuumed next, so a burst of deletions costs two. */
function postgresVacuum(db: Kysely<Database>): (tables: readonly string[]) => Promise<void> {
  let running: Promise<void> | null = null;
  const pending = new Set<string>();
  const drain = async () => {
    while (pending.size) {
      const tables = [...pending];
      pending.clear();
      await sql`vacuum ${sql.join(tables.map((t) => sql.table(t)))}`.execute(db);
    }
  };
  return (tables) => {
    for (const t of tables) pending.add(t);
    running ??= drain().finally(() => {
      running = null;
    });
    return running;
  };
}

function wrap(db: Kysely<Database>, kind: DbKind, schema?: string, beforeClose?: () => Promise<void> | undefined): Db {
  const vacuum = kind === 'postgres' ? postgresVacuum(db) : null;
  return {
    db,
    kind,
    async scrubErased(tables) {
      if (vacuum) return vacuum(tables);
      if (!(await checkpointTruncate(db))) throw new Error('the WAL could not be checkpointed: a reader held an older snapshot');
    },
    async migrate() {
      if (schema && schema !== 'public') await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
      return migrateToLatest(db, schema);
    },
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await beforeClose?.();
      await db.destroy();
    },
  };
}
