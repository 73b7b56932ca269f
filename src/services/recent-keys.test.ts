import { describe, expect, it } from 'vitest';
import { RecentKeys } from './recent-keys.js';

const row = (id: string, org_id = 'ORG_a') => ({ id, org_id });

describe('RecentKeys', () => {
  it('keeps a row for its time from when it was remembered, never longer', () => {
    const keys = new RecentKeys<ReturnType<typeof row>>(2000);
    keys.remember('d1', row('k1'), 1000);
    expect(keys.get('d1', 2999)).toEqual(row('k1'));
    expect(keys.get('d1', 3000)).toBeUndefined();
    expect(keys.get('d1', 1500)).toBeUndefined();
  });

  it('forgets a revoked key and every key of a changed organisation at once', () => {
    const keys = new RecentKeys<ReturnType<typeof row>>(2000);
    keys.remember('d1', row('k1'), 0);
    keys.remember('d2', row('k2'), 0);
    keys.remember('d3', row('k3', 'ORG_b'), 0);
    keys.forgetKey('k1');
    expect(keys.get('d1', 1)).toBeUndefined();
    expect(keys.get('d2', 1)).toEqual(row('k2'));
    keys.forgetOrganisation('ORG_a');
    expect(keys.get('d2', 1)).toBeUndefined();
    expect(keys.get('d3', 1)).toEqual(row('k3', 'ORG_b'));
  });

  it('holds at most its bound, dropping the oldest, and nothing when the time is 0', () => {
    const keys = new RecentKeys<ReturnType<typeof row>>(2000, 2);
    keys.remember('d1', row('k1'), 0);
    keys.remember('d2', row('k2'), 0);
    keys.remember('d3', row('k3'), 0);
    expect([keys.get('d1', 1), keys.get('d2', 1), keys.get('d3', 1)].map((r) => r?.id)).toEqual([undefined, 'k2', 'k3']);
    const none = new RecentKeys<ReturnType<typeof row>>(0);
    none.remember('d1', row('k1'), 0);
    expect(none.get('d1', 0)).toBeUndefined();
  });

  it('looks a key up once for all who ask while the lookup runs, and remembers only a valid row', async () => {
    const keys = new RecentKeys<ReturnType<typeof row>>(60_000);
    let finds = 0;
    const find = async () => {
      finds++;
      await new Promise((r) => setTimeout(r, 10));
      return row('k1');
    };
    const rows = await Promise.all(Array.from({ length: 5 }, () => keys.lookUp('d1', find, () => false)));
    expect(rows.map((r) => r?.id)).toEqual(['k1', 'k1', 'k1', 'k1', 'k1']);
    expect(finds).toBe(1);
    expect(keys.get('d1'), 'not valid, not kept').toBeUndefined();
    await keys.lookUp('d1', find, () => true);
    expect(finds).toBe(2);
    expect(keys.get('d1')).toEqual(row('k1'));
  });

  it('neither remembers nor shares a lookup that a forget overtook', async () => {
    const keys = new RecentKeys<ReturnType<typeof row>>(60_000);
    let finds = 0;
    const find = async () => {
      const id = `k${++finds}`;
      await new Promise((r) => setTimeout(r, 10));
      return row(id);
    };
    const before = keys.lookUp('d1', find, () => true);
    keys.forgetKey('k1');
    const after = keys.lookUp('d1', find, () => true);
    expect((await before)?.id).toBe('k1');
    expect((await after)?.id, 'a lookup of its own, begun after the change').toBe('k2');
    expect(finds).toBe(2);
    expect(keys.get('d1')).toEqual(row('k2'));
  });
});
