import type { Repositories } from '../adapters/db/repositories/index.js';
import type { OrganisationsTable } from '../adapters/db/schema.js';
import { AppError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { RecentKeys } from './recent-keys.js';
import { displayParts, generateApiKey, hashApiKey, looksLikeApiKey, sameDigest } from './api-keys.js';

/** Scopes a key can carry. The dashboard's own routes (keys, users) are for signed-in people only. */
export const KEY_SCOPES = ['documents:read', 'documents:write', 'jobs:read', 'jobs:write', 'webhooks:manage', 'usage:read'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];
export const DEFAULT_SCOPES: readonly KeyScope[] = KEY_SCOPES;

export const ROLES = ['owner', 'admin', 'reviewer'] as const;
export type Role = (typeof ROLES)[number];
/** What a signed-in person may do through the data API, by role. */
export const ROLE_SCOPES: Record<Role, readonly KeyScope[]> = {
  owner: KEY_SCOPES,
  admin: KEY_SCOPES,
  reviewer: ['documents:read', 'documents:write', 'jobs:read', 'usage:read'],
};

export const ORG_STATUSES = ['active', 'suspended'] as const;
export type OrgStatus = (typeof ORG_STATUSES)[number];

export interface Principal {
  orgId: string;
  kind: 'key' | 'user';
  keyId: string | null;
  userId: string | null;
  role: Role | null;
  sessionId: string | null;
  plan: string;
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

export interface KeyListItem {
  id: string;
  name: string;
  prefix: string;
  last4: string;
  scopes: string[];
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  disabled_reason: string | null;
}

const LAST_USED_RESOLUTION_MS = 60_000;
const MAX_TOUCHED_KEYS = 10_000;
const now = () => new Date().toISOString();

/** A suspended organisation or an ended subscription stops every credential of it. */
export function assertOrganisationUsable(org: Pick<OrganisationsTable, 'status' | 'subscription_expires_at'>, at = now()): void {
  if (org.status !== 'active') throw new AppError('tenant_suspended', 'The organisation is suspended.');
  if (org.subscription_expires_at !== null && org.subscription_expires_at <= at) {
    throw new AppError('subscription_expired', 'The subscription has ended.');
  }
}

type KeyRow = NonNullable<Awaited<ReturnType<Repositories['apiKeys']['findByHashWithOrganisation']>>>;

export class AccountsService {
  private readonly recentKeys: RecentKeys<KeyRow>;
  /** When this process last wrote each key's last_used_at. */
  private readonly touchedAt = new Map<string, number>();

  /** `keyCacheMs`: how long an authenticated key is trusted without a lookup (0: never). */
  constructor(
    private readonly repos: Repositories,
    opts: { keyCacheMs?: number } = {},
  ) {
    this.recentKeys = new RecentKeys(opts.keyCacheMs ?? 0);
  }

  async findOrCreateOrganisation(name: string, plan: string): Promise<{ id: string; created: boolean }> {
    const existing = await this.repos.organisations.findIdByName(name);
    if (existing) return { id: existing, created: false };
    const id = newId('organisation');
    await this.repos.organisations.insertUnlessNameTaken({ id, name, plan, status: 'active', created_at: now(), subscription_expires_at: null });
    const standing = await this.repos.organisations.idByName(name);
    return { id: standing, created: standing === id };
  }

  /** The operator's path (CLI, development bootstrap): creates a key, and its organisation when
   * needed, without the dashboard's verification rule. The key is returned once, never stored. */
  async createKey(opts: { orgName: string; plan?: string; name?: string; scopes?: readonly string[] }): Promise<CreatedKey> {
    const org = await this.findOrCreateOrganisation(opts.orgName, opts.plan ?? 'sandbox');
    const { key, keyId } = await this.insertKey(org.id, opts.name ?? 'default', opts.scopes ?? DEFAULT_SCOPES, null);
    return { key, keyId, orgId: org.id, orgName: opts.orgName, createdOrg: org.created };
  }

  async insertKey(
    orgId: string,
    name: string,
    scopes: readonly string[],
    createdBy: string | null,
  ): Promise<{ key: string; keyId: string; created_at: string }> {
    const key = generateApiKey();
    const keyId = newId('apiKey');
    const { prefix, last4 } = displayParts(key);
    const at = now();
    await this.repos.apiKeys.insert({
      id: keyId,
      org_id: orgId,
      name,
      prefix,
      last4,
      key_hash: hashApiKey(key),
      scopes: JSON.stringify(scopes),
      created_at: at,
      last_used_at: null,
      revoked_at: null,
      disabled_reason: null,
      created_by: createdBy,
    });
    return { key, keyId, created_at: at };
  }

  /** The principal for a presented key, or null when it is unknown, revoked or malformed (all
   * alike). A known key of a suspended or lapsed organisation throws that refusal. */
  async authenticateKey(presented: string): Promise<Principal | null> {
    if (!looksLikeApiKey(presented)) return null;
    const digest = hashApiKey(presented);
    let row = this.recentKeys.get(digest);
    if (!row) {
      const valid = (found: KeyRow) => sameDigest(found.key_hash, digest) && found.revoked_at === null;
      // Kept from this lookup on, never extended: a change made elsewhere shows within the time kept.
      row = await this.recentKeys.lookUp(digest, () => this.repos.apiKeys.findByHashWithOrganisation(digest), valid);
      if (!row || !valid(row)) return null;
    }
    assertOrganisationUsable(row);
    this.touchKey(row);
    return {
      orgId: row.org_id,
      kind: 'key',
      keyId: row.id,
      userId: null,
      role: null,
      sessionId: null,
      plan: row.plan,
      scopes: JSON.parse(row.scopes) as string[],
      actor: `api_key:${row.id}`,
    };
  }

  /** last_used_at to the minute: one write a minute per key and process, not one per request. The
   * process notes its own writes: requests that looked the key up at the same moment (each with a
   * row read before any write) would otherwise all write it and queue on its row lock. */
  private touchKey(row: KeyRow): void {
    const at = Date.now();
    const last = Math.max(row.last_used_at ? Date.parse(row.last_used_at) : 0, this.touchedAt.get(row.id) ?? 0);
    if (at - last < LAST_USED_RESOLUTION_MS) return;
    this.touchedAt.delete(row.id);
    if (this.touchedAt.size >= MAX_TOUCHED_KEYS) this.touchedAt.delete(this.touchedAt.keys().next().value!);
    this.touchedAt.set(row.id, at);
    void this.repos.apiKeys.touch(row.id, new Date(at).toISOString()).catch(() => undefined);
  }

  async listKeys(orgId: string): Promise<KeyListItem[]> {
    const rows = await this.repos.apiKeys.list(orgId);
    return rows.map((r) => ({ ...r, scopes: JSON.parse(r.scopes) as string[] }));
  }

  /** Revokes a key of this organisation (reason `revoked` or `leaked`); another organisation's id is 404. */
  async revokeKey(orgId: string, keyId: string, reason: 'revoked' | 'leaked'): Promise<KeyListItem> {
    const at = now();
    if (!(await this.repos.apiKeys.revoke(orgId, keyId, reason, at))) throw new AppError('not_found', 'No API key with this id.');
    this.recentKeys.forgetKey(keyId);
    const item = (await this.listKeys(orgId)).find((k) => k.id === keyId);
    if (!item) throw new AppError('not_found', 'No API key with this id.');
    return item;
  }

  async getOrganisation(orgId: string): Promise<OrganisationsTable> {
    const org = await this.repos.organisations.find(orgId);
    if (!org) throw new AppError('not_found', 'No organisation with this id.');
    return org;
  }

  /** Operator actions: suspend or reinstate, change plan, set or clear the subscription's end. */
  async updateOrganisation(orgId: string, change: { status?: OrgStatus; plan?: string; subscription_expires_at?: string | null }): Promise<void> {
    await this.repos.organisations.update(orgId, change);
    this.recentKeys.forgetOrganisation(orgId);
  }

  async countOrganisations(): Promise<number> {
    return this.repos.organisations.count();
  }
}
