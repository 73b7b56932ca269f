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
});
