import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Checkpointer } from './sqlite-checkpointer.js';

describe('SQLite checkpoints off the event loop', () => {
  let dir: string;
  let file: string;
  let db: SQLite.Database;
  let checkpointer: Checkpointer;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'docread-ckpt-'));
    file = join(dir, 'c.sqlite');
    db = new SQLite(file);
    db.pragma('journal_mode = WAL');
    checkpointer = new Checkpointer(db, file);
  });
  afterEach(async () => {
    await checkpointer.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('turns the connection’s own checkpoints off and copies its commits into the database from the thread', async () => {
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    db.exec('create table t (v blob)');
    const insert = db.prepare('insert into t (v) values (?)');
    // 3000 commits, over 1000 pages of WAL: SQLite's own checkpoints would copy them during the loop;
    // the thread's timer cannot fire before the loop ends.
    for (let i = 0; i < 3000; i++) insert.run(Buffer.alloc(1000, i % 251));
    const before = statSync(file).size;
    expect(before, 'the rows are in the WAL only').toBeLessThan(1_000_000);
    const deadline = Date.now() + 5_000;
    while (statSync(file).size < 3_000_000 && Date.now() < deadline) await sleep(50);
    expect(statSync(file).size).toBeGreaterThan(3_000_000);
    expect(db.prepare('select count(*) as n from t').get()).toEqual({ n: 3000 });
  });
});
