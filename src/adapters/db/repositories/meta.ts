import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** Service-wide settings kept in the database (no tenant). */
export class MetaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores `value` unless the key has one; returns the value that stands. */
  async getOrInsert(key: string, value: string): Promise<string> {
    await this.db
      .insertInto('meta')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    return (await this.db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirstOrThrow()).value;
  }
}
