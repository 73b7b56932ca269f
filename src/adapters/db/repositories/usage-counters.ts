import type { Kysely } from 'kysely';
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

  async used(orgId: string, period: string): Promise<number> {
    const row = await this.db.selectFrom('usage_counters').select('used').where('org_id', '=', orgId).where('period', '=', period).executeTakeFirst();
    return Number(row?.used ?? 0);
  }
}
