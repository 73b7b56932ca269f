import { CompiledQuery, type Compilable, type DatabaseConnection, type Kysely, type QueryResult, type Transaction } from 'kysely';
import { FileSync } from './file-sync.js';
import type { Database } from './schema.js';

interface Member {
  fn: (trx: Transaction<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

// Run for every group or member: compiled once.
const SYNC_NORMAL = CompiledQuery.raw('pragma synchronous = normal');
const SYNC_FULL = CompiledQuery.raw('pragma synchronous = full');
const SAVEPOINT = CompiledQuery.raw('savepoint grouped');
const RELEASE = CompiledQuery.raw('release grouped');
const ROLLBACK_TO = CompiledQuery.raw('rollback to grouped');

/** Bounds the time one commit holds the connection and the size of its WAL write. */
const MAX_GROUP = 64;

/** SQLite writes through one connection, one transaction at a time, and with synchronous=FULL
 * every commit is an fsync that blocks the event loop (better-sqlite3 is synchronous).
 * Transactions handed to `run` while another group is committing wait and are then committed
 * together, in one transaction. Each runs in its own savepoint (one alone in its group needs
 * none), so one that fails is rolled back alone and rejects with its error while the others
 * commit. Should the group's transaction itself fail (the commit, or an error that ends the
 * whole transaction), every member of the group rejects and none of them is written.
 *
 * Given the WAL file, a group commits with synchronous=NORMAL (its frames are written to the WAL,
 * not flushed) and its members resolve once an fsync of the WAL begun after the commit has
 * finished, in the thread pool: the same durability as FULL, which flushes the WAL at commit,
 * without blocking the event loop, and the next group can commit while the flush runs. Other
 * transactions on the connection keep FULL. Should that fsync fail, the group's rows may or may
 * not be on disk: its members reject with `CommitNotConfirmed`, and no answer claims them stored. */
export class CommitGroups {
  private waiting: Member[] = [];
  private draining = false;
  private readonly wal: FileSync | null;

  /** `walFile`: the database's write-ahead log (null for an in-memory database); `sync` flushes it
   * (tests stand in their own). */
  constructor(
    private readonly db: Kysely<Database>,
    walFile: string | null,
    sync?: (path: string) => Promise<void>,
  ) {
    this.wal = walFile ? new FileSync(walFile, sync) : null;
  }

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
        // A group committed while the WAL is being flushed would wait for the next flush all the
        // same: it waits here instead, and those that arrive meanwhile join it, so they share one
        // commit (fewer commits and WAL frames per transaction) as well as that flush.
        await this.wal?.idle();
        await this.commit(this.waiting.splice(0, MAX_GROUP));
      }
    } finally {
      this.draining = false;
    }
  }

  private async commit(group: Member[]): Promise<void> {
    const results: Array<{ ok: true; value: unknown } | { ok: false; err: unknown }> = [];
    try {
      await this.db.connection().execute(async (conn) => {
        if (this.wal) await conn.executeQuery(SYNC_NORMAL);
        try {
          await conn.transaction().execute(async (kyselyTrx) => {
            const trx = await withDirectQueries(kyselyTrx);
            // Alone in its group, a member's failure may end the whole transaction: no savepoint.
            if (group.length === 1) {
              results.push({ ok: true, value: await group[0]!.fn(trx) });
              return;
            }
            for (const member of group) {
              await trx.executeQuery(SAVEPOINT);
              try {
                const value = await member.fn(trx);
                await trx.executeQuery(RELEASE);
                results.push({ ok: true, value });
              } catch (err) {
                // Fails the whole group when the transaction itself is gone (the savepoint with it).
                await trx.executeQuery(ROLLBACK_TO);
                await trx.executeQuery(RELEASE);
                results.push({ ok: false, err });
              }
            }
          });
        } finally {
          if (this.wal) await conn.executeQuery(SYNC_FULL);
        }
      });
    } catch (err) {
      for (const member of group) member.reject(err);
      return;
    }
    const answer = () => {
      for (const [i, member] of group.entries()) {
        const result = results[i]!;
        if (result.ok) member.resolve(result.value);
        else member.reject(result.err);
      }
    };
    if (!this.wal) return answer();
    // Not awaited: the next group commits while this one's flush runs.
    this.wal.after().then(answer, (err: unknown) => {
      for (const member of group) member.reject(new CommitNotConfirmed(err));
    });
  }
}

/** `trx`, whose `executeQuery` (of a compiled query, as the upload path's statement templates
 * run) goes straight to its connection. Through Kysely each such call made a query executor for
 * the transaction, and three async layers and a turn of the connection's mutex on the way to a
 * driver call that better-sqlite3 makes synchronously: more CPU and garbage than the insert
 * itself for most of an upload's statements. The mutex orders queries that run at once on the
 * connection; a synchronous driver has finished each before its call returns, so there are none.
 * Queries built and executed through Kysely's builders take the usual way. Not with result
 * plugins (this service uses none), which the short way would skip. */
async function withDirectQueries(trx: Transaction<Database>): Promise<Transaction<Database>> {
  const executor = trx.getExecutor();
  if (executor.plugins.length > 0) return trx;
  const connection = await executor.provideConnection(async (c: DatabaseConnection) => c);
  const executeQuery = <R>(query: CompiledQuery<R> | Compilable<R>): Promise<QueryResult<R>> =>
    connection.executeQuery<R>('compile' in query && typeof query.compile === 'function' ? query.compile() : (query as CompiledQuery<R>));
  return new Proxy(trx, {
    get(target, property) {
      if (property === 'executeQuery') return executeQuery;
      const value: unknown = Reflect.get(target, property, target);
      // Kysely's methods reach its private fields, which only the target holds.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The transaction committed but the flush that makes it durable failed: its rows may or may not
 * survive, so what they point at (stored files) must be kept, not cleaned up as for a rollback. */
export class CommitNotConfirmed extends Error {
  constructor(cause: unknown, why = 'write-ahead log flush failed') {
    super(`the commit could not be confirmed durable (${why})`, { cause });
    this.name = 'CommitNotConfirmed';
  }
}
