import type { Repositories } from '../adapters/db/repositories/index.js';
import { AppError } from '../domain/errors.js';
import { effectivePolicy, mergeUpdate, unknownFieldKeys, type Policy, type PolicyUpdate } from '../verification/policy.js';
import type { Principal } from './accounts.js';

export interface PolicyView extends Policy {
  updated_at: string | null;
  updated_by: string | null;
}

const now = () => new Date().toISOString();

/** The organisation's verification policy: every change is a new version, the old ones are kept. */
export class PoliciesService {
  constructor(private readonly repos: Repositories) {}

  private latest(orgId: string) {
    return this.repos.policies.latest(orgId);
  }

  /** The policy a reading of this organisation is decided under. */
  async effectiveFor(orgId: string): Promise<Policy> {
    const row = await this.latest(orgId);
    return row ? effectivePolicy(JSON.parse(row.body) as PolicyUpdate, row.version) : effectivePolicy();
  }

  async get(principal: Principal): Promise<PolicyView> {
    const row = await this.latest(principal.orgId);
    const policy = row ? effectivePolicy(JSON.parse(row.body) as PolicyUpdate, row.version) : effectivePolicy();
    return { ...policy, updated_at: row ? row.created_at.slice(0, 19) : null, updated_by: row?.created_by ?? null };
  }

  /** Stores a new version: the change merged over what was stored. Reviewers may read the policy
   * but only owners, admins and API keys with documents:write may change it. */
  async update(principal: Principal, update: PolicyUpdate): Promise<PolicyView> {
    if (principal.kind === 'user' && principal.role === 'reviewer') throw new AppError('forbidden', 'Only owners and admins change the verification policy.');
    const unknown = unknownFieldKeys(update);
    if (unknown.length) throw new AppError('validation_error', `Unknown field keys for their document type: ${unknown.join(', ')}.`);
    const at = now();
    await this.repos.transaction(async (tx) => {
      const row = await tx.policies.latest(principal.orgId);
      const stored = row ? (JSON.parse(row.body) as PolicyUpdate) : null;
      const version = (row?.version ?? 1) + 1;
      // Two changes at once race for the same version; the primary key lets only one win.
      await tx.policies.insert({
        org_id: principal.orgId,
        version,
        body: JSON.stringify(mergeUpdate(stored, update)),
        created_at: at,
        created_by: principal.actor,
      });
    });
    return this.get(principal);
  }
}
