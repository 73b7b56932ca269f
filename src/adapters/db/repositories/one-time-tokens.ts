import type { Kysely } from 'kysely';
import type { Database, OneTimeTokensTable } from '../schema.js';

/** Emailed tokens, found by their digest (the token is the credential, before any tenant is known). */
export class OneTimeTokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(token: OneTimeTokensTable): Promise<void> {
    await this.db.insertInto('one_time_tokens').values(token).execute();
  }

  async find(tokenHash: string, purpose: string) {
    return this.db
      .selectFrom('one_time_tokens')
      .select(['user_id', 'expires_at', 'used_at'])
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .executeTakeFirst();
  }

  /** Returns false when it was used already. */
  async use(tokenHash: string, at: string): Promise<boolean> {
    const res = await this.db
      .updateTable('one_time_tokens')
      .set({ used_at: at })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }
}
