import { sql, type Kysely, type RawBuilder } from 'kysely';
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

  /** PostgreSQL only: `charge` as one statement committed on its own without waiting for its WAL
   * flush (set_config is local to the statement's transaction), so the organisation's row is
   * locked for that statement alone rather than through an fsync. The WAL is written in order:
   * once a later commit (the documents it pays for) is flushed, so is this one. */
  async chargeAlone(orgId: string, period: string, n: number, quota: number | null): Promise<boolean> {
    const withinQuota = (used: RawBuilder<unknown>) => (quota === null ? sql`true` : sql`${used} <= ${quota}::integer`);
    const { rows } = await sql<{ used: number }>`
      insert into usage_counters as u (org_id, period, used)
      select ${orgId}, ${period}, ${n}::integer
      from (select set_config('synchronous_commit', 'off', true)) as async_commit
      where ${withinQuota(sql`${n}::integer`)}
      on conflict (org_id, period) do update set used = u.used + excluded.used
      where ${withinQuota(sql`u.used + excluded.used`)}
      returning u.used`.execute(this.db);
    return rows.length > 0;
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
