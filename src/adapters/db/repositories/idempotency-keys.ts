import type { Kysely } from 'kysely';
import type { Database, IdempotencyKeysTable } from '../schema.js';

/** Idempotency-Key records of an organisation's requests. */
export class IdempotencyKeysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async deleteExpired(orgId: string, before: string): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('org_id', '=', orgId).where('expires_at', '<', before).execute();
  }

  async deleteIfExpired(orgId: string, key: string, before: string): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('org_id', '=', orgId).where('key', '=', key).where('expires_at', '<', before).execute();
  }

  /** Inserts the key unless the organisation holds it already; returns whether it did. */
  async claim(record: IdempotencyKeysTable): Promise<boolean> {
    const claimed = await this.db
      .insertInto('idempotency_keys')
      .values(record)
      .onConflict((oc) => oc.columns(['org_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    return claimed !== undefined;
  }

  async get(orgId: string, key: string): Promise<IdempotencyKeysTable> {
    return this.db.selectFrom('idempotency_keys').selectAll().where('org_id', '=', orgId).where('key', '=', key).executeTakeFirstOrThrow();
  }

  async storeResponse(orgId: string, key: string, statusCode: number, response: string): Promise<void> {
    await this.db.updateTable('idempotency_keys').set({ status_code: statusCode, response }).where('org_id', '=', orgId).where('key', '=', key).execute();
  }
}
