import { describe, expect, it } from 'vitest';
import { FileSync } from './file-sync.js';

describe('FileSync', () => {
  it('answers a caller only after an fsync that began after its call, and shares one among those who wait', async () => {
    const started: Array<() => void> = [];
    const sync = new FileSync('wal', () => new Promise<void>((resolve) => started.push(resolve)));
    const settled: string[] = [];
    const track = (name: string, p: Promise<void>) => p.then(() => settled.push(name));

    const first = track('first', sync.after());
    expect(started).toHaveLength(1);
    // Made while the first fsync runs: it may have begun before their writes.
    const second = track('second', sync.after());
    const third = track('third', sync.after());
    expect(started).toHaveLength(1);

    started[0]!();
    await first;
    await new Promise((r) => setImmediate(r));
    expect(settled).toEqual(['first']);
    expect(started, 'one more fsync for both who waited').toHaveLength(2);

    started[1]!();
    await Promise.all([second, third]);
    expect(settled).toEqual(['first', 'second', 'third']);
    // Nothing in flight: the next caller starts its own at once.
    void sync.after();
    expect(started).toHaveLength(3);
  });

  it('passes a failed fsync to its waiters and starts afresh for the next', async () => {
    let calls = 0;
    const sync = new FileSync('wal', async () => {
      calls++;
      if (calls === 1) throw new Error('EIO');
    });
    await expect(sync.after()).rejects.toThrow('EIO');
    await expect(sync.after()).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });
});
