import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** Documents charged per organisation and month. */
export class UsageCountersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Adds `n` to the period's count unless that would pass `quota` (null: no limit); returns
   * whether it was added. The condition is evaluated under the row lock, so parallel uploads
   * cannot overshoot. */
  async charge(orgId: string, period: string, n: number, quota: number | null): Promise<boolean> {
    await this.db
      .insertInto('usage_counters')
      .values({ org_id: orgId, period, used: 0 })
      .onConflict((oc) => oc.columns(['org_id', 'period']).doNothing())
      .execute();
    let update = this.db
      .updateTable('usage_counters')
      .set((eb) => ({ used: eb('used', '+', n) }))
      .where('org_id', '=', orgId)
      .where('period', '=', period);
    if (quota !== null) update = update.where((eb) => eb(eb('used', '+', n), '<=', quota));
    const res = await update.executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** PostgreSQL: `charge` in a transaction of its own that commits without waiting for the WAL
   * flush, so the organisation's row is locked for the statement alone rather than through an
   * fsync. The WAL is written in order: once a later commit (the documents it pays for) is
   * flushed, so is this one. */
  chargeAlone(orgId: string, period: string, n: number, quota: number | null): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      return new UsageCountersRepository(trx).charge(orgId, period, n, quota);
    });
  }

  /** Takes back `n` charged for documents that were then not recorded. */
  async refund(orgId: string, period: string, n: number): Promise<void> {
    await this.db
      .updateTable('usage_counters')
      .set((eb) => ({ used: eb('used', '-', n) }))
      .where('org_id', '=', orgId)
      .where('period', '=', period)
      .execute();
  }

  async used(orgId: string, period: string): Promise<number> {
    const row = await this.db.selectFrom('usage_counters').select('used').where('org_id', '=', orgId).where('period', '=', period).executeTakeFirst();
    return Number(row?.used ?? 0);
  }
}
