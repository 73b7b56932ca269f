import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseFactories, type TestDatabase } from '../../../../test/helpers/databases.js';
import { connectDb, type Db } from '../connect.js';
import { Repositories } from './index.js';
import type { PlanQuotas } from './usage-counters.js';
import { CompiledQuery } from 'kysely';

const PERIOD = '2026-11';
/** Most test organisations are on the starter plan; ORG_p's plan is changed by a test. */
const starterQuota = (quota: number | null): PlanQuotas => ({ byPlan: { starter: quota, business: 1000 }, otherwise: 1000 });

describe.each(await testDatabaseFactories())('the monthly charge as one statement (%s)', (kind, factory) => {
  let tdb: TestDatabase;
  let db: Db;
  let repos: Repositories;
  beforeAll(async () => {
    tdb = factory();
    db = connectDb(tdb.database);
    await db.migrate();
    repos = new Repositories(db.db);
    for (const id of ['ORG_a', 'ORG_b', 'ORG_c', 'ORG_p'])
      await db.db
        .insertInto('organisations')
        .values({ id, name: id, plan: 'starter', status: 'active', created_at: '2026-11-01T00:00:00.000Z', subscription_expires_at: null })
        .execute();
  });
  afterAll(async () => {
    await db?.close();
    await tdb?.cleanup();
  });

  const used = (orgId: string) => repos.usageCounters.used(orgId, PERIOD);
  // Both forms where the database has both (PostgreSQL); SQLite charges in the documents' transaction only.
  const charges = kind === 'postgres' ? (['charge', 'chargeAlone'] as const) : (['charge'] as const);
  /** A month of its own for each form, so that each starts from no charge. */
  const monthOf = { charge: ['2026-06', '2027-06'], chargeAlone: ['2026-07', '2027-07'] } as const;

  it.each(charges)('charges up to the quota and no further, the first charge of the month included (%s)', async (how) => {
    const period = monthOf[how][0];
    const charge = (n: number, quota: number | null, orgId = 'ORG_a') => repos.usageCounters[how](orgId, period, n, starterQuota(quota));
    expect(await charge(4, 3), 'more than the quota on a new row').toBe(false);
    expect(await repos.usageCounters.used('ORG_a', period)).toBe(0);
    expect(await charge(2, 3)).toBe(true);
    expect(await charge(2, 3)).toBe(false);
    expect(await charge(1, 3)).toBe(true);
    expect(await repos.usageCounters.used('ORG_a', period)).toBe(3);
    expect(await charge(1, 0, 'ORG_b'), 'a quota of 0').toBe(false);
  });

  it('counts without a limit when the quota is null, and gives a refund back', async () => {
    for (let i = 0; i < 3; i++) expect(await repos.usageCounters.charge('ORG_c', PERIOD, 5, starterQuota(null))).toBe(true);
    await repos.usageCounters.refund('ORG_c', PERIOD, 5);
    expect(await used('ORG_c')).toBe(10);
  });

  it('holds the organisation to the quota of its plan as it is at the charge, an unknown plan to the fallback', async () => {
    const quotas: PlanQuotas = { byPlan: { starter: 2, business: 5 }, otherwise: 3 };
    const charge = () => repos.usageCounters.charge('ORG_p', PERIOD, 1, quotas);
    for (let i = 0; i < 2; i++) expect(await charge()).toBe(true);
    expect(await charge(), 'starter: 2').toBe(false);
    await repos.organisations.update('ORG_p', { plan: 'business' });
    for (let i = 0; i < 3; i++) expect(await charge()).toBe(true);
    expect(await charge(), 'business: 5').toBe(false);
    await repos.organisations.update('ORG_p', { plan: 'retired' });
    expect(await charge(), 'unknown plan: 3, already passed').toBe(false);
    expect(await used('ORG_p')).toBe(5);
    expect(await repos.usageCounters.charge('ORG_missing', PERIOD, 1, quotas), 'no organisation, no charge').toBe(false);
  });

  it.each(charges)('admits exactly the quota among parallel charges (%s)', async (how) => {
    const period = monthOf[how][1];
    const results = await Promise.all(Array.from({ length: 40 }, () => repos.usageCounters[how]('ORG_b', period, 1, starterQuota(25))));
    expect(results.filter(Boolean)).toHaveLength(25);
    expect(await repos.usageCounters.used('ORG_b', period)).toBe(25);
  });

  it.runIf(kind === 'postgres')('charges with a lookup in the same statement only where the lookup finds nothing (chargeAloneUnless)', async () => {
    const period = '2026-08';
    const quotas = starterQuota(2);
    // The lookup an upload makes (its finished twin), with the row in hand or not.
    const lookUp = (name: string) => CompiledQuery.raw('select id, name from organisations where id = $1 and name = $2', ['ORG_c', name]);
    expect(await repos.usageCounters.chargeAloneUnless('ORG_a', period, 1, quotas, lookUp('ORG_c'))).toEqual({ found: { id: 'ORG_c', name: 'ORG_c' } });
    expect(await repos.usageCounters.used('ORG_a', period), 'found: not charged').toBe(0);
    expect(await repos.usageCounters.chargeAloneUnless('ORG_a', period, 1, quotas, lookUp('nobody'))).toEqual({ charged: true });
    expect(await repos.usageCounters.chargeAloneUnless('ORG_a', period, 1, quotas, lookUp('nobody'))).toEqual({ charged: true });
    expect(await repos.usageCounters.chargeAloneUnless('ORG_a', period, 1, quotas, lookUp('nobody')), 'past the quota').toEqual({ charged: false });
    expect(await repos.usageCounters.used('ORG_a', period)).toBe(2);
  });
});
