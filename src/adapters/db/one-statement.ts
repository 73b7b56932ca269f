import { CompiledQuery, type Kysely } from 'kysely';
import { prepared } from './prepared.js';
import type { Database } from './schema.js';

/** A statement with PostgreSQL placeholders ($1…) for its parameters. */
export interface StatementPart {
  sql: string;
  parameters: readonly unknown[];
  /** The part must return exactly one row (an insert … returning that must not have been skipped). */
  oneRow?: boolean;
}

/** PostgreSQL: runs data-modifying statements as the `with` parts of one statement, which costs
 * one round trip and is one transaction (a statement commits whole or not at all, and with the
 * server's synchronous_commit its commit is flushed before it answers). Each part runs to
 * completion whether or not it is read. Should a `oneRow` part return another count, the final
 * select divides by zero and nothing is written. */
export async function runAsOneStatement(db: Kysely<Database>, parts: readonly StatementPart[]): Promise<void> {
  const parameters: unknown[] = [];
  const withParts = parts.map((part, i) => {
    const offset = parameters.length;
    parameters.push(...part.parameters);
    // Placeholders only: the parts' values are all parameters, so no literal holds a `$` and digits.
    return `p${i} as (${part.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)})`;
  });
  const checked = parts.flatMap((part, i) => (part.oneRow ? [`(select count(*) from p${i}) = 1`] : []));
  const check = checked.length > 0 ? `1 / (case when ${checked.join(' and ')} then 1 else 0 end)` : '1';
  // Its text depends on the shape of the parts only (their values are parameters): prepared once per connection.
  await db.executeQuery(CompiledQuery.raw(prepared(`with ${withParts.join(', ')} select ${check} as ok`), parameters));
}
