import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPeriod } from '../../src/services/usage.js';
import { testDatabaseFactories, type TestDatabase } from '../helpers/databases.js';
import { startHarness, upload, type Harness } from '../helpers/harness.js';

const PLANS = {
  sandbox: { monthly_quota: 50, uploads_per_hour: 30, requests_per_minute: null },
  starter: { monthly_quota: 1000, uploads_per_hour: null, requests_per_minute: null },
};

/** A distinct small PNG per n, so no upload is a cached twin of another. */
const png = (n: number) =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: { r: n % 256, g: Math.floor(n / 256) % 256, b: 41 } } })
    .png()
    .toBuffer();

/** A trigger that refuses the document row named 'refused.png', as a failing insert would. */
async function refuseOneName(h: Harness, kind: TestDatabase['name']): Promise<void> {
  if (kind === 'sqlite') {
    await sql`create trigger refuse_one before insert on documents when new.name = 'refused.png' begin select raise(abort, 'refused by the test'); end`.execute(
      h.rt.db.db,
    );
    return;
  }
  await sql`create function refuse_one() returns trigger language plpgsql as $$
    begin if new.name = 'refused.png' then raise exception 'refused by the test'; end if; return new; end $$`.execute(h.rt.db.db);
  await sql`create trigger refuse_one before insert on documents for each row execute function refuse_one()`.execute(h.rt.db.db);
}

/** Two API runtimes (as two processes would be) on one database. */
describe.each(await testDatabaseFactories({ pgboss: true }))('the monthly quota across two API runtimes on %s', (name, makeDb) => {
  let db: TestDatabase;
  let a: Harness;
  let b: Harness;
  beforeAll(async () => {
    db = makeDb();
    const opts = { workers: false, env: { PLANS: JSON.stringify(PLANS) } };
    a = await startHarness(db, opts);
    b = await startHarness(db, opts);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.cleanup();
  });

  async function org(orgName: string, used: number) {
    const created = await a.rt.accounts.createKey({ orgName, plan: 'starter' });
    await a.rt.db.db.insertInto('usage_counters').values({ org_id: created.orgId, period: currentPeriod(), used }).execute();
    return created;
  }
  const used = async (orgId: string) => a.rt.repos.usageCounters.used(orgId, currentPeriod());
  const documents = async (orgId: string) =>
    Number(
      (
        await a.rt.db.db
          .selectFrom('documents')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('org_id', '=', orgId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('accepts exactly the 10 units left of 80 parallel uploads split over both', async () => {
    const { key, orgId } = await org('split', 990);
    const files = await Promise.all(Array.from({ length: 80 }, (_, i) => png(i)));
    const answers = await Promise.all(files.map((bytes, i) => upload(i % 2 ? a : b, key, { filename: `p${i}.png`, bytes })));
    const codes = answers.map((r) => (r.statusCode === 202 ? 'ok' : r.json().error.code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(10);
    expect(codes.filter((c) => c !== 'ok' && c !== 'quota_exceeded')).toEqual([]);
    expect([await documents(orgId), await used(orgId)]).toEqual([10, 1000]);
  });

  it('does not charge an upload whose document could not be recorded', async () => {
    // Room for all four: the refused one's charge may be taken before its refund comes back.
    const { key, orgId } = await org('refused', 996);
    await refuseOneName(a, name as TestDatabase['name']);
    const files = await Promise.all(Array.from({ length: 4 }, (_, i) => png(500 + i)));
    const answers = await Promise.all(files.map((bytes, i) => upload(i % 2 ? a : b, key, { filename: i === 0 ? 'refused.png' : `r${i}.png`, bytes })));
    expect(answers.map((r) => r.statusCode)).toEqual([500, 202, 202, 202]);
    expect([await documents(orgId), await used(orgId)]).toEqual([3, 999]);
    const last = await upload(b, key, { filename: 'last.png', bytes: await png(600) });
    const over = await upload(a, key, { filename: 'over.png', bytes: await png(601) });
    expect([last.statusCode, over.json().error?.code]).toEqual([202, 'quota_exceeded']);
    expect([await documents(orgId), await used(orgId)]).toEqual([4, 1000]);
  });
});
