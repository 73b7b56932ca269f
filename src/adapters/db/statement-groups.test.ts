import { describe, expect, it } from 'vitest';
import { refusedByServer, StatementGroups } from './statement-groups.js';

const refused = (message: string) => Object.assign(new Error(message), { severity: 'ERROR', code: '23505' });

describe('StatementGroups', () => {
  it('writes the items that wait while groups are being written together, each answered once its group is written', async () => {
    const writes: number[][] = [];
    const groups = new StatementGroups<number>(async (items) => {
      writes.push(items);
      await new Promise((r) => setTimeout(r, 20));
    }, refusedByServer);
    await Promise.all(Array.from({ length: 10 }, (_, i) => groups.run([i])));
    expect(writes.flat().sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(writes.slice(0, 2), 'the first two do not wait').toEqual([[0], [1]]);
    expect(writes.length, 'the rest in fewer writes than items').toBeLessThan(10);
  });

  it('writes a refused group again item by item, so that only the bad item fails', async () => {
    const written: number[] = [];
    const groups = new StatementGroups<number>(async (items) => {
      await new Promise((r) => setTimeout(r, 5));
      if (items.includes(13)) throw refused('duplicate key');
      written.push(...items);
    }, refusedByServer);
    const results = await Promise.allSettled([10, 11, 12, 13, 14, 15].map((n) => groups.run([n])));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(written.sort()).toEqual([10, 11, 12, 14, 15]);
  });

  it('does not write again a group whose outcome is unknown (the connection was lost): every item of it fails', async () => {
    let writes = 0;
    const groups = new StatementGroups<number>(async (items) => {
      writes++;
      await new Promise((r) => setTimeout(r, 5));
      if (items.length > 1) throw new Error('Connection terminated unexpectedly');
    }, refusedByServer);
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => groups.run([n])));
    const failed = results.filter((r) => r.status === 'rejected').length;
    expect(failed).toBe(3);
    expect(writes).toBe(3);
  });
});
