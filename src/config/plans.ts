import { z } from 'zod';

/** Subscription plans: monthly document quota, hourly upload cap (free plans) and the request
 * rate of each key. `null` means no limit of that kind. Overridden as a whole with PLANS (JSON). */
export const PlanSchema = z.object({
  monthly_quota: z.number().int().min(0).nullable(),
  uploads_per_hour: z.number().int().min(1).nullable(),
  requests_per_minute: z.number().int().min(1).nullable(),
});
export type Plan = z.infer<typeof PlanSchema>;

export const PlansSchema = z.record(z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/), PlanSchema).refine((p) => 'sandbox' in p, 'a "sandbox" plan is required');
export type Plans = Readonly<Record<string, Plan>>;

/** Sandbox is the spec's free plan (50 a month, 30 uploads an hour); the others are this
 * project's choice. `development` is the organisation `npm start` makes on an empty database: an
 * operator trying their own server is not a trial customer, so no hourly cap, and a monthly quota
 * high enough for evaluations yet still a bound. `internal` is for operators (benchmarks, the
 * `read` command): no quota. */
export const DEV_PLAN = 'development';
const DEVELOPMENT: Plan = { monthly_quota: 100_000, uploads_per_hour: null, requests_per_minute: null };

export const DEFAULT_PLANS: Plans = {
  sandbox: { monthly_quota: 50, uploads_per_hour: 30, requests_per_minute: null },
  [DEV_PLAN]: DEVELOPMENT,
  starter: { monthly_quota: 1_000, uploads_per_hour: null, requests_per_minute: null },
  business: { monthly_quota: 20_000, uploads_per_hour: null, requests_per_minute: 1_200 },
  internal: { monthly_quota: null, uploads_per_hour: null, requests_per_minute: null },
};

export function parsePlans(json: string | undefined): Plans {
  if (!json) return DEFAULT_PLANS;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new Error('Invalid configuration:\n  PLANS: not valid JSON');
  }
  const parsed = PlansSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`Invalid configuration:\n  PLANS: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  // The development organisation keeps its plan when PLANS does not mention it.
  return Object.freeze({ [DEV_PLAN]: DEVELOPMENT, ...parsed.data });
}
