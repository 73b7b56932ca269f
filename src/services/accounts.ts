import type { Kysely } from 'kysely';
import type { Database } from '../adapters/db/schema.js';
import { newId } from '../domain/ids.js';
import { displayParts, generateApiKey, hashApiKey, looksLikeApiKey, sameDigest } from './api-keys.js';

export const DEFAULT_SCOPES = ['documents:read', 'documents:write', 'jobs:read', 'jobs:write', 'webhooks:manage'] as const;

export interface Principal {
  orgId: string;
  keyId: string;
  scopes: string[];
  /** Who acted, as recorded in audit records (never the key itself). */
  actor: string;
}

export interface CreatedKey {
  key: string;
  keyId: string;
  orgId: string;
  orgName: string;
  createdOrg: boolean;
}

export class AccountsService {
  constructor(private readonly db: Kysely<Database>) {}

  async findOrCreateOrganisation(name: string, plan: string): Promise<{ id: string; created: boolean }> {
    const existing = await this.db.selectFrom('organisations').select('id').where('name', '=', name).executeTakeFirst();
    if (existing) return { id: existing.id, created: false };
    const id = newId('organisation');
    await this.db
      .insertInto('organisations')
      .values({ id, name, plan, status: 'active', created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db.selectFrom('organisations').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    return { id: row.id, created: row.id === id };
  }

  /** Creates a key (and its organisation when needed). The key is returned once and never stored. */
  async createKey(opts: { orgName: string; plan?: string; name?: string; scopes?: readonly string[] }): Promise<CreatedKey> {
    const org = await this.findOrCreateOrganisation(opts.orgName, opts.plan ?? 'sandbox');
    const key = generateApiKey();
    const keyId = newId('apiKey');
    const { prefix, last4 } = displayParts(key);
    await this.db
      .insertInto('api_keys')
      .values({
        id: keyId,
        org_id: org.id,
        name: opts.name ?? 'default',
        prefix,
        last4,
        key_hash: hashApiKey(key),
        scopes: JSON.stringify(opts.scopes ?? DEFAULT_SCOPES),
        created_at: new Date().toISOString(),
        last_used_at: null,
        revoked_at: null,
        disabled_reason: null,
      })
      .execute();
    return { key, keyId, orgId: org.id, orgName: opts.orgName, createdOrg: org.created };
  }

  /** The principal for a presented key, or null. Unknown, revoked and malformed keys look alike. */
  async authenticateKey(presented: string): Promise<Principal | null> {
    if (!looksLikeApiKey(presented)) return null;
    const digest = hashApiKey(presented);
    const row = await this.db
      .selectFrom('api_keys')
      .innerJoin('organisations', 'organisations.id', 'api_keys.org_id')
      .select(['api_keys.id', 'api_keys.org_id', 'api_keys.key_hash', 'api_keys.scopes', 'api_keys.revoked_at', 'organisations.status'])
      .where('api_keys.key_hash', '=', digest)
      .executeTakeFirst();
    if (!row || !sameDigest(row.key_hash, digest) || row.revoked_at !== null || row.status !== 'active') return null;
    return { orgId: row.org_id, keyId: row.id, scopes: JSON.parse(row.scopes) as string[], actor: `api_key:${row.id}` };
  }

  async countOrganisations(): Promise<number> {
    const row = await this.db.selectFrom('organisations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
