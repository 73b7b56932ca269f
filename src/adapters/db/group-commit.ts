import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.js';

interface Member {
  fn: (trx: Transaction<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/** Bounds the time one commit holds the connection and the size of its WAL write. */
const MAX_GROUP = 64;

/** SQLite writes through one connection, one transaction at a time, and every commit is an
 * fsync that blocks the event loop (better-sqlite3 is synchronous). Transactions handed to `run`
 * while another group is committing wait and are then committed together: one transaction, one
 * fsync. Each runs in its own savepoint, so one that fails is rolled back alone and rejects
 * with its error while the others commit; each resolves only once the commit holding its writes
 * is durable. Should the group's transaction itself fail (the commit, or an error that ends the
 * whole transaction), every member of the group rejects and none of them is written. */
export class CommitGroups {
  private waiting: Member[] = [];
  private draining = false;

  constructor(private readonly db: Kysely<Database>) {}

  run<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ fn, resolve: resolve as (value: unknown) => void, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.waiting.length > 0) {
        // Let finished I/O (uploads whose files are now stored) reach `run` before the group closes.
        await new Promise((resolve) => setImmediate(resolve));
        await this.commit(this.waiting.splice(0, MAX_GROUP));
      }
    } finally {
      this.draining = false;
    }
  }

  private async commit(group: Member[]): Promise<void> {
    const results: Array<{ ok: true; value: unknown } | { ok: false; err: unknown }> = [];
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const member of group) {
          await sql`savepoint grouped`.execute(trx);
          try {
            const value = await member.fn(trx);
            await sql`release grouped`.execute(trx);
            results.push({ ok: true, value });
          } catch (err) {
            // Fails the whole group when the transaction itself is gone (the savepoint with it).
            await sql`rollback to grouped`.execute(trx);
            await sql`release grouped`.execute(trx);
            results.push({ ok: false, err });
          }
        }
      });
    } catch (err) {
      for (const member of group) member.reject(err);
      return;
    }
    for (const [i, member] of group.entries()) {
      const result = results[i]!;
      if (result.ok) member.resolve(result.value);
      else member.reject(result.err);
    }
  }
}
