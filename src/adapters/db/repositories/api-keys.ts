import type { Kysely } from 'kysely';
import type { ApiKeysTable, Database } from '../schema.js';

export type KeyListRow = Pick<ApiKeysTable, 'id' | 'name' | 'prefix' | 'last4' | 'scopes' | 'created_at' | 'last_used_at' | 'revoked_at' | 'disabled_reason'>;

export class ApiKeysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(key: ApiKeysTable): Promise<void> {
    await this.db.insertInto('api_keys').values(key).execute();
  }

  /** The key with this digest and its organisation's standing. Not tenant-scoped: the presented
   * key is what identifies the tenant. */
  async findByHashWithOrganisation(keyHash: string) {
    return this.db
      .selectFrom('api_keys')
      .innerJoin('organisations', 'organisations.id', 'api_keys.org_id')
      .select([
        'api_keys.id',
        'api_keys.org_id',
        'api_keys.key_hash',
        'api_keys.scopes',
        'api_keys.revoked_at',
        'api_keys.last_used_at',
        'organisations.status',
        'organisations.plan',
        'organisations.subscription_expires_at',
      ])
      .where('api_keys.key_hash', '=', keyHash)
      .executeTakeFirst();
  }

  /** Keyed by the id just authenticated, so it needs no tenant. */
  async touch(keyId: string, at: string): Promise<void> {
    await this.db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', keyId).execute();
  }

  async list(orgId: string): Promise<KeyListRow[]> {
    return this.db
      .selectFrom('api_keys')
      .select(['id', 'name', 'prefix', 'last4', 'scopes', 'created_at', 'last_used_at', 'revoked_at', 'disabled_reason'])
      .where('org_id', '=', orgId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  /** Keeps the first revocation time; returns whether the organisation has such a key. */
  async revoke(orgId: string, keyId: string, reason: string, at: string): Promise<boolean> {
    const res = await this.db
      .updateTable('api_keys')
      .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(at)), disabled_reason: reason }))
      .where('id', '=', keyId)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }
}
