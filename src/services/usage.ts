import type { CompiledQuery } from 'kysely';
import type { Repositories } from '../adapters/db/repositories/index.js';
import type { PlanQuotas } from '../adapters/db/repositories/usage-counters.js';
import type { Plan, Plans } from '../config/plans.js';
import { AppError } from '../domain/errors.js';
import type { Counters } from './usage-limiter.js';

/** What DocumentsService asks while it accepts uploads. */
export interface UploadQuota {
  /** Counts `n` uploads at once against a free plan's hourly cap, all or none; `plan` as read when
   * the caller was authenticated, a moment ago. Resolves to the refund of those `n` for when the
   * upload is then refused for another reason. */
  admitUploads(orgId: string, plan: string, n: number): Promise<() => Promise<void>>;
  /** Charges `n` documents about to be recorded; throws when the month is used up. Resolves to
   * what is left to do in the transaction that records them, and the refund for when that
   * transaction does not commit. */
  chargeMonth(orgId: string, n: number): Promise<MonthCharge>;
  /** Where the charge is a statement of its own (PostgreSQL): `chargeMonth` unless `unless` (a
   * query of at most one row) finds a row, which it then resolves to instead; one round trip. */
  chargeMonthUnless?<T>(orgId: string, n: number, unless: CompiledQuery<T>): Promise<{ found: T } | { found: null; month: MonthCharge }>;
  /** Where the documents are recorded by one statement (PostgreSQL): the charge of `n` as a part
   * of it, returning one row when charged and none over the quota (the caller then writes nothing,
   * and asks `chargeMonthUnless` for the refusal). */
  chargeMonthStatement?(orgId: string, n: number): CompiledQuery<unknown>;
}

export interface MonthCharge {
  /** Absent when the charge is already made and nothing is left for the documents' transaction. */
  inTransaction?(tx: Repositories): Promise<void>;
  refund(): Promise<void>;
}

export interface UsageOptions {
  /** Charge in a statement of its own before the documents' transaction (PostgreSQL, where concurrent
   * transactions would otherwise wait in turn for the organisation's row until each commits),
   * rather than in theirs (SQLite: one writer, and its commits are grouped). Either way no
   * upload is accepted past the quota; but a process that dies between the charge and the
   * documents' commit leaves that charge (for uploads that got no 202) counted. A single upload
   * recorded by one statement (pg-boss) is charged in that statement instead (chargeMonthStatement). */
  chargeBeforeTransaction: boolean;
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
 * with a conditional UPDATE, in the upload's transaction or (PostgreSQL) just before it and
 * refunded should it not commit. Cached uploads and rereads are free. */
export class UsageService implements UploadQuota {
  constructor(
    private readonly repos: Repositories,
    private readonly plans: Plans,
    private readonly counters: Counters,
    private readonly opts: UsageOptions = { chargeBeforeTransaction: false },
  ) {
    this.quotas = {
      byPlan: Object.fromEntries(Object.entries(plans).map(([name, plan]) => [name, plan.monthly_quota])),
      otherwise: plans.sandbox!.monthly_quota, // as planOf: an unknown plan is held to sandbox's
    };
    if (opts.chargeBeforeTransaction) {
      this.chargeMonthUnless = (orgId, n, unless) => this.chargeAloneUnless(orgId, n, unless);
      this.chargeMonthStatement = (orgId, n) => this.repos.usageCounters.chargeQueryOf(orgId, currentPeriod(), n, this.quotas);
    }
  }

  /** The charge reads the organisation's plan in its own statement; these are the plans' quotas it compares with. */
  private readonly quotas: PlanQuotas;

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

  readonly chargeMonthUnless?: UploadQuota['chargeMonthUnless'];
  readonly chargeMonthStatement?: UploadQuota['chargeMonthStatement'];

  private async chargeAloneUnless<T>(orgId: string, n: number, unless: CompiledQuery<T>): Promise<{ found: T } | { found: null; month: MonthCharge }> {
    const period = currentPeriod();
    const result = await this.repos.usageCounters.chargeAloneUnless(orgId, period, n, this.quotas, unless);
    if (!('charged' in result)) return { found: result.found };
    if (!result.charged) throw await this.refusal(this.repos, orgId, period, n);
    return { found: null, month: { refund: () => this.repos.usageCounters.refund(orgId, period, n) } };
  }

  async chargeMonth(orgId: string, n: number): Promise<MonthCharge> {
    const period = currentPeriod();
    if (!this.opts.chargeBeforeTransaction) return { inTransaction: (tx) => this.charge(tx, orgId, period, n), refund: async () => undefined };
    if (!(await this.repos.usageCounters.chargeAlone(orgId, period, n, this.quotas))) throw await this.refusal(this.repos, orgId, period, n);
    return { refund: () => this.repos.usageCounters.refund(orgId, period, n) };
  }

  private async charge(tx: Repositories, orgId: string, period: string, n: number): Promise<void> {
    if (!(await tx.usageCounters.charge(orgId, period, n, this.quotas))) throw await this.refusal(tx, orgId, period, n);
  }

  /** Why a charge was refused: the plan's quota and the count, read after the refusal. */
  private async refusal(repos: Repositories, orgId: string, period: string, n: number): Promise<AppError> {
    const quota = this.planOf(await repos.organisations.planOf(orgId)).monthly_quota;
    return overQuota(quota ?? 0, await repos.usageCounters.used(orgId, period), n);
  }

  async report(orgId: string): Promise<UsageReport> {
    const orgPlan = await this.repos.organisations.planOf(orgId);
    const plan = this.planOf(orgPlan);
    const used = await this.repos.usageCounters.used(orgId, currentPeriod());
    const hour = plan.uploads_per_hour === null ? null : await this.counters.peek(HOURLY, orgId, { points: plan.uploads_per_hour, seconds: 3600 });
    return {
      organisation_id: orgId,
      plan: orgPlan,
      period: currentPeriod(),
      used,
      quota: plan.monthly_quota,
      remaining: plan.monthly_quota === null ? null : Math.max(0, plan.monthly_quota - used),
      resets_at: nextPeriodStart(),
      uploads_per_hour: plan.uploads_per_hour,
      uploads_this_hour_remaining: hour?.remaining ?? null,
    };
  }
}

/** The refusal of a charge the database did not make; `used` is read after it, so a refund made
 * meanwhile may show room that was not there when the charge was refused. */
function overQuota(quota: number, used: number, n: number): AppError {
  if (quota === 0) return new AppError('no_quota', 'The plan includes no documents; upgrade the plan.');
  return new AppError('quota_exceeded', `The monthly quota of ${quota} documents is used up (${Math.max(0, quota - used)} left, ${n} requested).`, {
    extra: { quota, used, requested: n },
  });
}

function rateLimited(resetSeconds: number, perHour: number): AppError {
  return new AppError('rate_limited', `The plan allows ${perHour} uploads an hour.`, { headers: { 'retry-after': String(resetSeconds) } });
}
