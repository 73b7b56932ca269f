import { describe, expect, it } from 'vitest';
import { LookupGroups } from './lookup-groups.js';

describe('LookupGroups', () => {
  it('looks up the reads asked while lookups run together, each answered with its own value', async () => {
    const calls: number[][] = [];
    const groups = new LookupGroups<number, string>(async (keys) => {
      calls.push(keys);
      await new Promise((r) => setTimeout(r, 10));
      return keys.map((k) => `v${k}`);
    });
    const values = await Promise.all(Array.from({ length: 10 }, (_, i) => groups.get(i)));
    expect(values).toEqual(Array.from({ length: 10 }, (_, i) => `v${i}`));
    expect(calls.slice(0, 2), 'the first two do not wait').toEqual([[0], [1]]);
    expect(calls).toHaveLength(3);
  });

  it('fails only the reads of the group whose lookup failed', async () => {
    const groups = new LookupGroups<number, number>(async (keys) => {
      await new Promise((r) => setTimeout(r, 5));
      if (keys.includes(3)) throw new Error('lost connection');
      return keys;
    }, 1);
    const results = await Promise.allSettled([1, 2, 3, 4].map((k) => groups.get(k)));
    // 1 alone, then 2, 3 and 4 together.
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected']);
    expect(await groups.get(5)).toBe(5);
  });

  it('holds no more than maxKeys in one lookup', async () => {
    const sizes: number[] = [];
    const groups = new LookupGroups<number, number>(
      async (keys) => {
        sizes.push(keys.length);
        await new Promise((r) => setTimeout(r, 5));
        return keys;
      },
      1,
      4,
    );
    await Promise.all(Array.from({ length: 11 }, (_, i) => groups.get(i)));
    expect(sizes).toEqual([1, 4, 4, 2]);
  });
});
