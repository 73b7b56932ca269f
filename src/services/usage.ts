import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../adapters/db/schema.js';
import type { Plan, Plans } from '../config/plans.js';
import { AppError } from '../domain/errors.js';
import type { Counters } from './usage-limiter.js';

/** What DocumentsService asks while it accepts uploads. */
export interface UploadQuota {
  /** Counts `n` uploads at once against a free plan's hourly cap, all or none; `plan` as read when
   * the caller was authenticated, a moment ago. Resolves to the refund of those `n` for when the
   * upload is then refused for another reason. */
  admitUploads(orgId: string, plan: string, n: number): Promise<() => Promise<void>>;
  /** Charges `n` documents in the transaction that records them; throws when the month is used up. */
  charge(trx: Transaction<Database>, orgId: string, n: number): Promise<void>;
}

export interface UsageReport {
  organisation_id: string;
  plan: string;
  period: string;
  used: number;
  quota: number | null;
  remaining: number | null;
  resets_at: string;
  uploads_per_hour: number | null;
  uploads_this_hour_remaining: number | null;
}

const HOURLY = 'uploads-hour';

export function currentPeriod(at = new Date()): string {
  return at.toISOString().slice(0, 7);
}

function nextPeriodStart(at = new Date()): string {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)).toISOString().slice(0, 19);
}

/** Monthly quota per plan, kept exact in the database: a per-organisation, per-month row charged
 * with a conditional UPDATE in the upload's own transaction. Cached uploads and rereads are free. */
export class UsageService implements UploadQuota {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly plans: Plans,
    private readonly counters: Counters,
  ) {}

  planOf(name: string): Plan {
    // An organisation on a plan no longer configured gets the most restrictive known one.
    return this.plans[name] ?? this.plans.sandbox!;
  }

  async admitUploads(orgId: string, planName: string, n: number): Promise<() => Promise<void>> {
    const plan = this.planOf(planName);
    if (plan.uploads_per_hour === null || n === 0) return async () => undefined;
    const window = { points: plan.uploads_per_hour, seconds: 3600 };
    // One atomic count of all n: parallel batches cannot each see room for themselves.
    const hour = await this.counters.consume(HOURLY, orgId, window, n);
    const refund = () => this.counters.refund(HOURLY, orgId, window, n);
    if (!hour.allowed) {
      await refund();
      throw rateLimited(hour.resetSeconds, plan.uploads_per_hour);
    }
    return refund;
  }

  async charge(trx: Transaction<Database>, orgId: string, n: number): Promise<void> {
    const org = await trx.selectFrom('organisations').select('plan').where('id', '=', orgId).executeTakeFirstOrThrow();
    const quota = this.planOf(org.plan).monthly_quota;
    const period = currentPeriod();
    await trx.insertInto('usage_counters').values({ org_id: orgId, period, used: 0 }).onConflict((oc) => oc.columns(['org_id', 'period']).doNothing()).execute();
    let update = trx
      .updateTable('usage_counters')
      .set((eb) => ({ used: eb('used', '+', n) }))
      .where('org_id', '=', orgId)
      .where('period', '=', period);
    // The condition is evaluated under the row lock, so parallel uploads cannot overshoot.
    if (quota !== null) update = update.where((eb) => eb(eb('used', '+', n), '<=', quota));
    const res = await update.executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) refuseOverQuota(quota ?? 0, await this.used(trx, orgId), n);
  }

  async report(orgId: string): Promise<UsageReport> {
    const org = await this.db.selectFrom('organisations').select('plan').where('id', '=', orgId).executeTakeFirstOrThrow();
    const plan = this.planOf(org.plan);
    const used = await this.used(this.db, orgId);
    const hour = plan.uploads_per_hour === null ? null : await this.counters.peek(HOURLY, orgId, { points: plan.uploads_per_hour, seconds: 3600 });
    return {
      organisation_id: orgId,
      plan: org.plan,
      period: currentPeriod(),
      used,
      quota: plan.monthly_quota,
      remaining: plan.monthly_quota === null ? null : Math.max(0, plan.monthly_quota - used),
      resets_at: nextPeriodStart(),
      uploads_per_hour: plan.uploads_per_hour,
      uploads_this_hour_remaining: hour?.remaining ?? null,
    };
  }

  private async used(db: Kysely<Database> | Transaction<Database>, orgId: string): Promise<number> {
    const row = await db.selectFrom('usage_counters').select('used').where('org_id', '=', orgId).where('period', '=', currentPeriod()).executeTakeFirst();
    return Number(row?.used ?? 0);
  }
}

function refuseOverQuota(quota: number, used: number, n: number): void {
  if (quota === 0) throw new AppError('no_quota', 'The plan includes no documents; upgrade the plan.');
  if (used + n > quota) {
    throw new AppError('quota_exceeded', `The monthly quota of ${quota} documents is used up (${Math.max(0, quota - used)} left, ${n} requested).`, {
      extra: { quota, used, requested: n },
    });
  }
}

function rateLimited(resetSeconds: number, perHour: number): AppError {
  return new AppError('rate_limited', `The plan allows ${perHour} uploads an hour.`, { headers: { 'retry-after': String(resetSeconds) } });
}
