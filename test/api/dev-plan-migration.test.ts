import { describe, expect, it } from 'vitest';
import { migrations } from '../../src/adapters/db/migrations.js';
import { testDatabaseFactories } from '../helpers/databases.js';
import { harnessPerSuite } from '../helpers/harness.js';

describe.each(await testDatabaseFactories())('0006_first_hour on %s', (_name, makeDb) => {
  const h = harnessPerSuite({ workers: false }, makeDb);

  it('moves only the development organisation first start made on sandbox to the development plan', async () => {
    const dev = await h.rt.accounts.createKey({ orgName: 'development', plan: 'sandbox', name: 'bootstrap' });
    const lookalike = await h.rt.accounts.createKey({ orgName: 'Development Ltd', plan: 'sandbox', name: 'bootstrap' });
    // As if the database predated the migration: run it again (later migrations stand after it).
    await migrations['0006_first_hour']!.up(h.rt.db.db);
    const plans = await h.rt.db.db.selectFrom('organisations').select(['id', 'plan']).execute();
    const planOf = (id: string) => plans.find((p) => p.id === id)?.plan;
    expect(planOf(dev.orgId)).toBe('development');
    expect(planOf(lookalike.orgId)).toBe('sandbox');
  });
});
