import { sql, type Kysely, type RawBuilder } from 'kysely';
import { executePrepared } from '../prepared.js';
import type { Database } from '../schema.js';

/** Documents charged per organisation and month. */
export class UsageCountersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Adds `n` to the period's count unless that would pass the quota of the organisation's plan
   * as it is now; returns whether it was added. One statement: the plan is read and the
   * condition evaluated under the counter row's lock, so parallel uploads cannot overshoot. */
  async charge(orgId: string, period: string, n: number, quotas: PlanQuotas): Promise<boolean> {
    return this.chargeStatement(orgId, period, n, quotas, false);
  }

  /** PostgreSQL only: `charge` committed on its own without waiting for its WAL flush
   * (set_config is local to the statement's transaction), so the organisation's row is locked for
   * that statement alone rather than through an fsync. The WAL is written in order: once a later
   * commit (the documents it pays for) is flushed, so is this one. */
  async chargeAlone(orgId: string, period: string, n: number, quotas: PlanQuotas): Promise<boolean> {
    return this.chargeStatement(orgId, period, n, quotas, true);
  }

  private async chargeStatement(orgId: string, period: string, n: number, quotas: PlanQuotas, asyncCommit: boolean): Promise<boolean> {
    // No organisation row, no charge: the caller reads the plan to explain the refusal, and fails there.
    const source = asyncCommit ? sql`organisations as o, (select set_config('synchronous_commit', 'off', true)) as async_commit` : sql`organisations as o`;
    const statement = sql<{ used: number }>`
      insert into usage_counters as u (org_id, period, used)
      select o.id, ${period}, cast(${n} as integer)
      from ${source}
      where o.id = ${orgId} and ${withinQuota(sql`o.plan`, sql`cast(${n} as integer)`, quotas)}
      on conflict (org_id, period) do update set used = u.used + excluded.used
      where ${withinQuota(sql`(select plan from organisations where id = u.org_id)`, sql`u.used + excluded.used`, quotas)}
      returning used`.compile(this.db);
    const { rows } = await executePrepared(this.db, statement);
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

/** The monthly quota of each plan (null: no limit), and of a plan not among them. */
export interface PlanQuotas {
  byPlan: Readonly<Record<string, number | null>>;
  otherwise: number | null;
}

/** Whether `used` stays within the quota of the plan named by `plan`, as one SQL condition. */
function withinQuota(plan: RawBuilder<unknown>, used: RawBuilder<unknown>, quotas: PlanQuotas): RawBuilder<unknown> {
  const bound = (quota: number | null) => (quota === null ? sql`1 = 1` : sql`${used} <= cast(${quota} as integer)`);
  const cases = Object.entries(quotas.byPlan).map(([name, quota]) => sql`when ${name} then ${bound(quota)}`);
  return sql`(case ${plan} ${sql.join(cases, sql` `)} else ${bound(quotas.otherwise)} end)`;
}
