import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDatabase, postgresReachable, type TestDatabase } from '../../../../test/helpers/databases.js';
import { connectDb, type Db } from '../connect.js';
import { Repositories } from './index.js';

const PERIOD = '2026-11';

describe.skipIf(!(await postgresReachable()))('the monthly charge as one statement of its own on postgres', () => {
  let tdb: TestDatabase;
  let db: Db;
  let repos: Repositories;
  beforeAll(async () => {
    tdb = postgresDatabase();
    db = connectDb(tdb.database);
    await db.migrate();
    repos = new Repositories(db.db);
    for (const id of ['ORG_a', 'ORG_b', 'ORG_c'])
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

  it('charges up to the quota and no further, the first charge of the month included', async () => {
    expect(await repos.usageCounters.chargeAlone('ORG_a', PERIOD, 4, 3), 'more than the quota on a new row').toBe(false);
    expect(await used('ORG_a')).toBe(0);
    expect(await repos.usageCounters.chargeAlone('ORG_a', PERIOD, 2, 3)).toBe(true);
    expect(await repos.usageCounters.chargeAlone('ORG_a', PERIOD, 2, 3)).toBe(false);
    expect(await repos.usageCounters.chargeAlone('ORG_a', PERIOD, 1, 3)).toBe(true);
    expect(await used('ORG_a')).toBe(3);
    expect(await repos.usageCounters.chargeAlone('ORG_b', PERIOD, 1, 0), 'a quota of 0').toBe(false);
  });

  it('counts without a limit when the quota is null, and gives a refund back', async () => {
    for (let i = 0; i < 3; i++) expect(await repos.usageCounters.chargeAlone('ORG_c', PERIOD, 5, null)).toBe(true);
    await repos.usageCounters.refund('ORG_c', PERIOD, 5);
    expect(await used('ORG_c')).toBe(10);
  });

  it('admits exactly the quota among parallel charges', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => repos.usageCounters.chargeAlone('ORG_b', '2026-12', 1, 25)));
    expect(results.filter(Boolean)).toHaveLength(25);
    expect(await repos.usageCounters.used('ORG_b', '2026-12')).toBe(25);
  });
});
