import type { Kysely } from 'kysely';
import type { Database, PoliciesTable } from '../schema.js';

/** Versions of an organisation's verification policy. */
export class PoliciesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async latest(orgId: string): Promise<PoliciesTable | undefined> {
    return this.db.selectFrom('policies').selectAll().where('org_id', '=', orgId).orderBy('version', 'desc').limit(1).executeTakeFirst();
  }

  /** (org_id, version) is the primary key: of two inserts of one version, one fails. */
  async insert(policy: PoliciesTable): Promise<void> {
    await this.db.insertInto('policies').values(policy).execute();
  }
}
