import { CompiledQuery, type Kysely } from 'kysely';
import { prepared } from './prepared.js';
import type { Database } from './schema.js';

/** A statement with PostgreSQL placeholders ($1…) for its parameters. */
export interface StatementPart {
  sql: string;
  parameters: readonly unknown[];
  /** The part must return exactly one row (an insert … returning that must not have been skipped). */
  oneRow?: boolean;
  /** The part must return no row (a query whose row means the statement must not be written). */
  noRow?: boolean;
}

/** PostgreSQL: runs data-modifying statements as the `with` parts of one statement, which costs
 * one round trip and is one transaction (a statement commits whole or not at all, and with the
 * server's synchronous_commit its commit is flushed before it answers). Each part runs to
 * completion whether or not it is read. Should a `oneRow` part return another count, or a `noRow`
 * part a row, the final select divides by zero and nothing is written. */
export async function runAsOneStatement(db: Kysely<Database>, parts: readonly StatementPart[]): Promise<void> {
  const parameters: unknown[] = [];
  const withParts = parts.map((part, i) => {
    const offset = parameters.length;
    parameters.push(...part.parameters);
    return `p${i} as (${placeholdersFrom(part.sql, offset)})`;
  });
  const checked = parts.flatMap((part, i) => (part.oneRow ? [`(select count(*) from p${i}) = 1`] : part.noRow ? [`not exists (select from p${i})`] : []));
  const check = checked.length > 0 ? `1 / (case when ${checked.join(' and ')} then 1 else 0 end)` : '1';
  // Its text depends on the shape of the parts only (their values are parameters): prepared once per connection.
  await db.executeQuery(CompiledQuery.raw(prepared(`with ${withParts.join(', ')} select ${check} as ok`), parameters));
}

/** Renumbered texts by text and offset. A commit group repeats the same parts (pg-boss's 2 KB job
 * insert once per upload) at offsets that repeat with the group's make-up: renumbering each
 * placeholder by a regular expression's callback, per part and group, was most of what building
 * the statement cost. Bounded: texts are fixed by the code, offsets by the group's size. */
const renumbered = new Map<string, Map<number, string>>();
const MAX_RENUMBERED = 2048;
let renumberedCount = 0;

/** `sql` with its placeholders $1… moved up by `offset`. */
export function placeholdersFrom(sql: string, offset: number): string {
  if (offset === 0) return sql;
  let byOffset = renumbered.get(sql);
  let text = byOffset?.get(offset);
  if (text !== undefined) return text;
  // Placeholders only: the parts' values are all parameters, so no literal holds a `$` and digits.
  text = sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  if (renumberedCount >= MAX_RENUMBERED) {
    renumbered.clear();
    renumberedCount = 0;
  }
  if (!byOffset) renumbered.set(sql, (byOffset = new Map()));
  byOffset.set(offset, text);
  renumberedCount++;
  return text;
}
