import { writeFileSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/** Preloaded (`--import`) into a benchmarked process by bench:upload-cpu with COUNT_SQL=file:
 * counts what the process asks of its database, so that statements per upload can be compared
 * before and after a change. PostgreSQL: each `Client.query` is one round trip (a text with
 * several statements is one simple-protocol round trip); SQLite: each run of a prepared
 * statement (in process, no round trip). Counts by the statement's first words. The first
 * SIGUSR2 starts the count over (after the warm-up); the next writes it to the file. */
const out = process.env.COUNT_SQL;
if (!out) throw new Error('COUNT_SQL names the file the counts are written to');

const counts = new Map<string, number>();
function note(text: string): void {
  const key = text.trim().replace(/\s+/g, ' ').slice(0, 60);
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0];
  note(typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '?'));
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

// better-sqlite3's Statement class is reached through a statement.
const probe = new SQLite(':memory:');
const statementProto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...a: unknown[]) => unknown>;
probe.close();
for (const method of ['run', 'get', 'all', 'iterate']) {
  const original = statementProto[method]!;
  statementProto[method] = function (this: { source: string }, ...args: unknown[]) {
    note(this.source);
    return original.apply(this, args);
  };
}

let started = false;
process.on('SIGUSR2', () => {
  if (!started) {
    started = true;
    counts.clear();
    return;
  }
  const sorted = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  writeFileSync(out, JSON.stringify(Object.fromEntries(sorted), null, 1));
});
