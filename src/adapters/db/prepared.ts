import { createHash } from 'node:crypto';
import type { CompiledQuery, Kysely, PostgresPool, PostgresPoolClient, QueryResult } from 'kysely';
import type { Database } from './schema.js';

/** PostgreSQL parses and plans every unnamed statement anew; the upload path's statements are few
 * and large (pg-boss's job insert alone is 2 KB of SQL), so the server's share of an upload was
 * mostly that. Their texts are registered here and run as named prepared statements: each
 * connection parses one once, and may keep its plan. Registered texts are fixed by the code (the
 * shape of a statement, never its values), so the set stays small; it is bounded all the same. */
const MAX_PREPARED = 256;
const names = new Map<string, string>();

/** Marks `sql` to run as a prepared statement on every PostgreSQL connection; returns it. */
export function prepared(sql: string): string {
  if (!names.has(sql) && names.size < MAX_PREPARED) names.set(sql, `docread_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`);
  return sql;
}

/** Runs a compiled query, as a prepared statement on PostgreSQL. */
export function executePrepared<R>(db: Kysely<Database>, query: CompiledQuery<R>): Promise<QueryResult<R>> {
  prepared(query.sql);
  return db.executeQuery(query);
}

/** The pool Kysely draws from, whose clients run registered texts as named statements (pg then
 * sends the text once per connection). Anything else, a cursor included, passes as it was. */
export function preparingPool(pool: PostgresPool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      return {
        query(sql: unknown, parameters?: readonly unknown[]) {
          const name = typeof sql === 'string' ? names.get(sql) : undefined;
          if (name) return client.query({ name, text: sql, values: parameters } as never);
          return (client.query as (...a: unknown[]) => unknown)(sql, parameters);
        },
        release: () => client.release(),
      } as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
