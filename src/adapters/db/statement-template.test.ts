import { Kysely, PostgresDialect, SqliteDialect, sql, type Dialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from './schema.js';
import { fromTemplate, insertRow } from './statement-template.js';

/** Kysely compiles without a connection: the dialects are never connected here. */
const dialects: Array<[string, Dialect]> = [
  ['sqlite', new SqliteDialect({ database: {} as never })],
  ['postgres', new PostgresDialect({ pool: {} as never })],
];

describe.each(dialects)('statement templates (%s)', (_name, dialect) => {
  const db = new Kysely<Database>({ dialect });
  const twin = (orgId: string, sha: string) =>
    db
      .selectFrom('documents')
      .select('id')
      .where('org_id', '=', orgId)
      .where('sha256', '=', sha)
      .where('status', '=', 'done')
      .orderBy('uploaded_at', 'desc')
      .limit(1);

  it('gives the text and parameters Kysely compiles, for every call after the first', () => {
    for (const [orgId, sha] of [
      ['org_1', 'aa'],
      ['org_2', 'bb'],
    ] as const) {
      const templated = fromTemplate(db, 'test.twin', [orgId, sha] as const, ([o, s]) => twin(o, s));
      const compiled = twin(orgId, sha).compile();
      expect({ sql: templated.sql, parameters: templated.parameters }).toEqual({ sql: compiled.sql, parameters: compiled.parameters });
    }
  });

  it('inserts a row as Kysely does, a column left out where its value is undefined, one template per set of columns', () => {
    const rows = [
      { id: 'r1', queue: 'read', payload: '{}', status: 'queued', attempts: 0, dedupe_key: null },
      { id: 'r2', queue: 'read', payload: '{"a":1}', status: 'queued', attempts: 3, dedupe_key: 'k' },
      { id: 'r3', queue: 'read', payload: '{}', status: undefined, attempts: 1, dedupe_key: 'k3' },
    ];
    for (const row of rows) {
      const templated = insertRow(db, 'queue_jobs', row);
      const compiled = db
        .insertInto('queue_jobs')
        .values(row as never)
        .compile();
      expect({ sql: templated.sql, parameters: templated.parameters }).toEqual({ sql: compiled.sql, parameters: compiled.parameters });
    }
  });

  it('refuses a query that does not pass an argument as a parameter', () => {
    expect(() => fromTemplate(db, 'test.inlined', ['x'] as const, ([x]) => ({ compile: () => sql`select ${sql.lit(x)}`.compile(db) }))).toThrow(
      /not a parameter/,
    );
  });
});
