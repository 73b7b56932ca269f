import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { currentPeriod } from '../../src/services/usage.js';
import { postgresPgbossDatabase, postgresReachable } from '../helpers/databases.js';
import { harnessPerSuite, upload } from '../helpers/harness.js';

const PLANS = {
  sandbox: { monthly_quota: 50, uploads_per_hour: 30, requests_per_minute: null },
  starter: { monthly_quota: 1000, uploads_per_hour: null, requests_per_minute: null },
};

/** A distinct small PNG per n, so no upload is a cached twin of another unless meant to be. */
const png = (n: number) =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: { r: n % 256, g: Math.floor(n / 256) % 256, b: 77 } } })
    .png()
    .toBuffer();

// On PostgreSQL with pg-boss an upload is charged in its group's one statement, written only where
// its bytes have no finished twin; a twin (or the quota used up) leaves the statement unwritten,
// and that upload alone takes the statement of its own that tells which it was.
describe.runIf(await postgresReachable())('uploads charged in their group statement on PostgreSQL with pg-boss', () => {
  const h = harnessPerSuite({ workers: false, env: { PLANS: JSON.stringify(PLANS) } }, postgresPgbossDatabase);

  it('charges parallel uploads without a statement each; a twin among them is cached, not charged, and holds no other back', async () => {
    const { key, orgId } = await h.rt.accounts.createKey({ orgName: 'grouped-charge', plan: 'starter' });
    const twinBytes = await png(1);
    const first = (await upload(h, key, { filename: 'first.png', bytes: twinBytes })).json() as { id: string };
    // Finish the reading by hand: no worker runs in this suite.
    await h.rt.db.db.updateTable('readings').set({ status: 'done', finished_at: new Date().toISOString() }).where('document_id', '=', first.id).execute();

    const alone = vi.spyOn(h.rt.repos.usageCounters, 'chargeAloneUnless');
    try {
      const files = await Promise.all(Array.from({ length: 20 }, (_, i) => png(100 + i)));
      const answers = await Promise.all([
        ...files.map((bytes, i) => upload(h, key, { filename: `g${i}.png`, bytes })),
        upload(h, key, { filename: 'twin.png', bytes: twinBytes }),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual(Array(21).fill(202));
      expect((answers[20]!.json() as { cached: boolean }).cached).toBe(true);
      expect(answers.slice(0, 20).every((r) => (r.json() as { cached: boolean }).cached === false)).toBe(true);
      // Only the twin was charged (not) by a statement of its own.
      expect(alone).toHaveBeenCalledTimes(1);
    } finally {
      alone.mockRestore();
    }
    expect(await h.rt.repos.usageCounters.used(orgId, currentPeriod())).toBe(21);
    const jobs = await h.rt.db.db
      .selectFrom('readings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('org_id', '=', orgId)
      .where('trigger', '=', 'upload')
      .executeTakeFirstOrThrow();
    expect(Number(jobs.n)).toBe(21);
  });
});
