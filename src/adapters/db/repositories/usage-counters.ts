import { CompiledQuery, sql, type Kysely, type RawBuilder } from 'kysely';
import { executePrepared, prepared } from '../prepared.js';
import { fromTemplate } from '../statement-template.js';
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

  /** PostgreSQL only: `chargeAlone`, in the same statement (one round trip) as `unless`, a query
   * of at most one row whose row, when there is one, is returned instead of charging. */
  async chargeAloneUnless<T>(
    orgId: string,
    period: string,
    n: number,
    quotas: PlanQuotas,
    unless: CompiledQuery<T>,
  ): Promise<{ found: T } | { charged: boolean }> {
    const charge = this.chargeQuery(orgId, period, n, quotas, true, true);
    const { rows } = await executePrepared(this.db, CompiledQuery.raw(chargeUnlessText(charge, unless), [...charge.parameters, ...unless.parameters]));
    const { charged_count, found_count, ...row } = rows[0] as Record<string, unknown>;
    if (Number(found_count) > 0) return { found: row as T };
    return { charged: Number(charged_count) > 0 };
  }

  /** PostgreSQL: `charge` as a statement for the caller to run as a part of its own (see
   * runAsOneStatement), so the charge commits with the documents it pays for; it returns one row
   * when it charged, none when the quota would be passed. */
  chargeQueryOf(orgId: string, period: string, n: number, quotas: PlanQuotas): CompiledQuery<{ used: number }> {
    return this.chargeQuery(orgId, period, n, quotas, false);
  }

  private async chargeStatement(orgId: string, period: string, n: number, quotas: PlanQuotas, asyncCommit: boolean): Promise<boolean> {
    const { rows } = await executePrepared(this.db, this.chargeQuery(orgId, period, n, quotas, asyncCommit));
    return rows.length > 0;
  }

  /** `unlessFound`: charges only where the statement's `found` part has no row. */
  private chargeQuery(
    orgId: string,
    period: string,
    n: number,
    quotas: PlanQuotas,
    asyncCommit: boolean,
    unlessFound = false,
  ): CompiledQuery<{ used: number }> {
    // No organisation row, no charge: the caller reads the plan to explain the refusal, and fails there.
    const source = asyncCommit ? sql`organisations as o, (select set_config('synchronous_commit', 'off', true)) as async_commit` : sql`organisations as o`;
    // Every upload is charged: from a template (see statement-template.ts), one per set of quotas.
    const key = `usage_counters.charge:${asyncCommit}:${unlessFound}:${quotasKey(quotas)}`;
    const unless = unlessFound ? sql`, (select count(*) as n from found) as f` : sql``;
    return fromTemplate(this.db, key, [orgId, period, n] as const, ([orgId, period, n]) => ({
      compile: () =>
        sql<{ used: number }>`
      insert into usage_counters as u (org_id, period, used)
      select o.id, ${period}, cast(${n} as integer)
      from ${source}${unless}
      where ${unlessFound ? sql`f.n = 0 and ` : sql``}o.id = ${orgId} and ${withinQuota(sql`o.plan`, sql`cast(${n} as integer)`, quotas)}
      on conflict (org_id, period) do update set used = u.used + excluded.used
      where ${withinQuota(sql`(select plan from organisations where id = u.org_id)`, sql`u.used + excluded.used`, quotas)}
      returning used`.compile(this.db),
    }));
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

/** A name for a set of quotas, to tell templates apart; kept per object (a service holds one). */
const quotasKeys = new WeakMap<PlanQuotas, string>();
function quotasKey(quotas: PlanQuotas): string {
  let key = quotasKeys.get(quotas);
  if (key === undefined) quotasKeys.set(quotas, (key = JSON.stringify([Object.entries(quotas.byPlan), quotas.otherwise])));
  return key;
}

/** The text of `chargeAloneUnless`'s statement, made once per pair of texts (both from templates,
 * so the same strings each time: looking them up does not hash them anew). */
const chargeUnlessTexts = new Map<string, Map<string, string>>();
function chargeUnlessText(charge: CompiledQuery, unless: CompiledQuery): string {
  let byUnless = chargeUnlessTexts.get(charge.sql);
  if (!byUnless) chargeUnlessTexts.set(charge.sql, (byUnless = new Map()));
  let text = byUnless.get(unless.sql);
  if (text === undefined) {
    // Placeholders only: both statements' values are parameters, so no literal holds a `$` and digits.
    const offset = charge.parameters.length;
    const found = unless.sql.replace(/\$(\d+)/g, (_, i: string) => `$${Number(i) + offset}`);
    text = prepared(
      `with found as (${found}), charged as (${charge.sql}) select found.*, (select count(*) from charged) as charged_count, (select count(*) from found) as found_count from (select 1) as one left join found on true`,
    );
    byUnless.set(unless.sql, text);
  }
  return text;
}
