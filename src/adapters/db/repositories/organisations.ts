import type { Kysely } from 'kysely';
import type { Database, OrganisationsTable } from '../schema.js';

/** The organisations themselves: each row is a tenant, so its id is the tenant. */
export class OrganisationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findIdByName(name: string): Promise<string | null> {
    const row = await this.db.selectFrom('organisations').select('id').where('name', '=', name).executeTakeFirst();
    return row?.id ?? null;
  }

  async idByName(name: string): Promise<string> {
    return (await this.db.selectFrom('organisations').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  }

  /** Names are unique: a second organisation with a taken name is not inserted. */
  async insertUnlessNameTaken(org: OrganisationsTable): Promise<void> {
    await this.db
      .insertInto('organisations')
      .values(org)
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }

  async find(orgId: string): Promise<OrganisationsTable | undefined> {
    return this.db.selectFrom('organisations').selectAll().where('id', '=', orgId).executeTakeFirst();
  }

  async planOf(orgId: string): Promise<string> {
    return (await this.db.selectFrom('organisations').select('plan').where('id', '=', orgId).executeTakeFirstOrThrow()).plan;
  }

  async standing(orgId: string): Promise<Pick<OrganisationsTable, 'status' | 'subscription_expires_at'>> {
    return this.db.selectFrom('organisations').select(['status', 'subscription_expires_at']).where('id', '=', orgId).executeTakeFirstOrThrow();
  }

  async update(orgId: string, change: Partial<Pick<OrganisationsTable, 'status' | 'plan' | 'subscription_expires_at'>>): Promise<void> {
    await this.db.updateTable('organisations').set(change).where('id', '=', orgId).execute();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('organisations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
