import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectDb, type Db } from './connect.js';
import { CommitGroups, CommitNotConfirmed } from './group-commit.js';

describe.each([
  ['with the WAL flushed after commit', true],
  ['with FULL commits', false],
])('commit groups on SQLite %s', (_name, flushWal) => {
  let dir: string;
  let file: string;
  let db: Db;
  let groups: CommitGroups;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'docread-groups-'));
    file = join(dir, 'g.sqlite');
    db = connectDb({ kind: 'sqlite', file });
    await sql`create table t (id integer primary key, v text not null unique)`.execute(db.db);
    groups = new CommitGroups(db.db, flushWal ? `${file}-wal` : null);
  });
  afterEach(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert = (v: string) => groups.run(async (trx) => (await sql`insert into t (v) values (${v})`.execute(trx)).numAffectedRows);
  /** What another connection sees: only what was committed. */
  const committed = () => {
    const other = new SQLite(file, { readonly: true });
    try {
      return (other.prepare('select v from t order by v').all() as Array<{ v: string }>).map((r) => r.v);
    } finally {
      other.close();
    }
  };

  it('commits transactions that arrive together in fewer commits, each visible once it resolves', async () => {
    const commits = vi.spyOn(db.db, 'connection');
    const values = Array.from({ length: 40 }, (_, i) => `v${String(i).padStart(2, '0')}`);
    const answers = await Promise.all(
      values.map(async (v) => {
        await insert(v);
        return committed().includes(v);
      }),
    );
    expect(answers.every(Boolean), 'each resolved only once its row was committed').toBe(true);
    expect(committed()).toEqual(values);
    expect(commits.mock.calls.length).toBeGreaterThan(0);
    expect(commits.mock.calls.length).toBeLessThan(values.length);
    // Other transactions on the connection commit with FULL again.
    expect((await sql<{ synchronous: number }>`pragma synchronous`.execute(db.db)).rows[0]).toEqual({ synchronous: 2 });
  });

  it("runs a member's compiled queries on the connection itself, not through Kysely's executor; built queries see their rows", async () => {
    const result = await groups.run(async (trx) => {
      const provide = vi.spyOn(trx.getExecutor(), 'provideConnection');
      const inserted = await trx.executeQuery(CompiledQuery.raw('insert into t (v) values (?)', ['direct']));
      const throughKysely = provide.mock.calls.length;
      const rows = (await sql<{ v: string }>`select v from t`.execute(trx)).rows;
      return { affected: inserted.numAffectedRows, throughKysely, rows };
    });
    expect(result).toEqual({ affected: 1n, throughKysely: 0, rows: [{ v: 'direct' }] });
    expect(committed()).toEqual(['direct']);
  });

  it("keeps its members' savepoint journal in memory: no temporary file however many pages the group changes", async () => {
    await sql`create table wide (id integer primary key, a text, b text, c text)`.execute(db.db);
    await sql`create index wide_a on wide (a)`.execute(db.db);
    await sql`create index wide_b on wide (b)`.execute(db.db);
    await sql`create index wide_c on wide (c)`.execute(db.db);
    const pad = (i: number, k: string) => `${k}${String(i).padStart(4, '0')}`.padEnd(900, k);
    for (let i = 0; i < 200; i++) await sql`insert into wide (a, b, c) values (${pad(i, 'a')}, ${pad(i, 'b')}, ${pad(i, 'c')})`.execute(db.db);
    /** SQLite's temporary files (named etilqs_, deleted once open) this process holds. */
    const tempFiles = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).includes('etilqs_');
        } catch {
          return false;
        }
      }).length;
    let seen = 0;
    // Each member changes a leaf of the table and of each index, all of them pages the
    // transaction had before the member's savepoint: copied to the savepoint journal, well past
    // the 64 KB after which SQLite would spill that journal to a file.
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        groups.run(async (trx) => {
          await sql`update wide set a = ${pad(i, 'x')}, b = ${pad(i, 'y')}, c = ${pad(i, 'z')} where id = ${1 + i * 5}`.execute(trx);
          seen = Math.max(seen, tempFiles());
        }),
      ),
    );
    expect(seen).toBe(0);
  });

  it('rolls back a failing transaction alone: it gets its own error, the others of its group commit', async () => {
    await insert('taken');
    const results = await Promise.allSettled([
      insert('a'),
      insert('taken'),
      groups.run(async (trx) => {
        await sql`insert into t (v) values ('half')`.execute(trx);
        throw new Error('refused after its first write');
      }),
      insert('b'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(String((results[2] as PromiseRejectedResult).reason)).toMatch(/refused after its first write/);
    expect(committed()).toEqual(['a', 'b', 'taken']);
  });

  it('rolls back a transaction alone in its group (committed without a savepoint) with its own error', async () => {
    const alone = groups.run(async (trx) => {
      await sql`insert into t (v) values ('half')`.execute(trx);
      throw new Error('refused after its first write');
    });
    await expect(alone).rejects.toThrow('refused after its first write');
    await insert('next');
    expect(committed()).toEqual(['next']);
  });

  it('writes none of a group whose transaction ends under it, and every member hears of it', async () => {
    const results = await Promise.allSettled([
      insert('c'),
      groups.run(async (trx) => {
        await sql`rollback`.execute(trx);
        throw new Error('the transaction is gone');
      }),
      insert('d'),
    ]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(committed()).toEqual([]);
    // The connection is usable again afterwards.
    await insert('e');
    expect(committed()).toEqual(['e']);
  });
});

describe('commit groups while the write-ahead log is being flushed', () => {
  it('wait for that flush to end, and those that arrive meanwhile commit together, in one group', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docread-groups-'));
    const file = join(dir, 'g.sqlite');
    const db = connectDb({ kind: 'sqlite', file });
    try {
      await sql`create table t (id integer primary key, v text not null)`.execute(db.db);
      const flushes: Array<() => void> = [];
      const groups = new CommitGroups(db.db, `${file}-wal`, () => new Promise<void>((resolve) => flushes.push(resolve)));
      const commits = vi.spyOn(db.db, 'connection');
      const insert = (v: string) => groups.run(async (trx) => sql`insert into t (v) values (${v})`.execute(trx));
      const rows = async () => (await sql<{ v: string }>`select v from t order by v`.execute(db.db)).rows.map((r) => r.v);
      const settle = () => new Promise((r) => setTimeout(r, 20));

      const first = insert('a');
      await settle();
      expect(flushes).toHaveLength(1);
      const later = Promise.all(['b', 'c', 'd'].map(insert));
      await settle();
      expect(await rows(), 'not committed while the flush runs').toEqual(['a']);
      flushes[0]!();
      await first;
      await settle();
      expect(await rows()).toEqual(['a', 'b', 'c', 'd']);
      expect(commits.mock.calls.length, 'b, c and d in one commit').toBe(2);
      flushes[1]!();
      await later;
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('commit groups whose write-ahead log flush fails', () => {
  it('reject with CommitNotConfirmed (the rows may survive), never with a plain error that reads as a rollback', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docread-groups-'));
    const file = join(dir, 'g.sqlite');
    const db = connectDb({ kind: 'sqlite', file });
    try {
      await sql`create table t (id integer primary key, v text not null)`.execute(db.db);
      // A log file that is not there: the flush after the commit fails.
      const groups = new CommitGroups(db.db, join(dir, 'missing-wal'));
      const err = await groups.run(async (trx) => sql`insert into t (v) values ('x')`.execute(trx)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CommitNotConfirmed);
      // Committed all the same: which is why the caller must keep what the row points at.
      expect((await sql<{ n: number }>`select count(*) as n from t`.execute(db.db)).rows[0]).toEqual({ n: 1 });
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
