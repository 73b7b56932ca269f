import { describe, expect, it } from 'vitest';
import { createPool, JobTimeoutError, PoolBusyError, PoolClosedError, type PoolOptions } from './pool.js';

interface Fake {
  id: number;
  destroyed: boolean;
}

function fakePool(overrides: Partial<PoolOptions<Fake>> = {}) {
  let next = 0;
  const all: Fake[] = [];
  const pool = createPool<Fake>({
    name: 'fake',
    size: 2,
    maxQueue: 2,
    recycleAfter: 100,
    jobTimeoutMs: 5_000,
    create: async () => {
      const f = { id: ++next, destroyed: false };
      all.push(f);
      return f;
    },
    destroy: async (f) => {
      f.destroyed = true;
    },
    ...overrides,
  });
  return { pool, all };
}

function deferred<T = void>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createPool', () => {
  it('runs at most `size` jobs at once and queues the rest in order', async () => {
    const { pool } = fakePool();
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const jobs = gates.map((g, i) =>
      pool.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await g.promise;
        order.push(i);
        running--;
      }),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(pool.stats()).toMatchObject({ running: 2, queued: 2 });
    gates.forEach((g) => g.resolve());
    await Promise.all(jobs);
    expect(peak).toBe(2);
    expect(order.slice(2).sort()).toEqual([2, 3]);
    await pool.close();
  });

  it('refuses work beyond the queue bound with READER_BUSY', async () => {
    const { pool } = fakePool({ size: 1, maxQueue: 1 });
    const gate = deferred();
    const first = pool.run(() => gate.promise);
    const second = pool.run(async () => 'queued');
    await expect(pool.run(async () => 'third')).rejects.toBeInstanceOf(PoolBusyError);
    gate.resolve();
    await first;
    await expect(second).resolves.toBe('queued');
    await pool.close();
  });

  it('replaces a resource after `recycleAfter` jobs', async () => {
    const { pool, all } = fakePool({ size: 1, recycleAfter: 2 });
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await pool.run(async (f) => f.id));
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[1]);
    expect(ids[2]).toBe(ids[3]);
    expect(all[0]!.destroyed).toBe(true);
    await pool.close();
    expect(all.every((f) => f.destroyed)).toBe(true);
  });

  it('retires a resource whose job failed fatally, keeps it after a harmless error', async () => {
    const { pool } = fakePool({ size: 1, isFatal: (e) => e instanceof TypeError });
    const a = await pool.run(async (f) => f.id);
    await expect(pool.run(async () => Promise.reject(new RangeError('bad input')))).rejects.toThrow('bad input');
    expect(await pool.run(async (f) => f.id)).toBe(a);
    await expect(pool.run(async () => Promise.reject(new TypeError('engine died')))).rejects.toThrow('engine died');
    expect(await pool.run(async (f) => f.id)).not.toBe(a);
    await pool.close();
  });

  it('times out a hung job and destroys its resource', async () => {
    const { pool, all } = fakePool({ size: 1, jobTimeoutMs: 30 });
    await expect(pool.run(() => new Promise(() => undefined))).rejects.toBeInstanceOf(JobTimeoutError);
    expect(all[0]!.destroyed).toBe(true);
    await expect(pool.run(async (f) => f.id)).resolves.toBe(2);
    await pool.close();
  });

  it('drops an aborted job from the queue without running it', async () => {
    const { pool } = fakePool({ size: 1 });
    const gate = deferred();
    const first = pool.run(() => gate.promise);
    const controller = new AbortController();
    let ran = false;
    const queued = pool.run(async () => {
      ran = true;
    }, controller.signal);
    controller.abort(new Error('caller gave up'));
    await expect(queued).rejects.toThrow('caller gave up');
    gate.resolve();
    await first;
    expect(ran).toBe(false);
    expect(pool.stats().queued).toBe(0);
    await pool.close();
  });

  it('warms every resource up front and rejects new work once closed', async () => {
    const { pool, all } = fakePool({ size: 3 });
    await pool.warm();
    expect(pool.stats()).toMatchObject({ live: 3, idle: 3, created: 3 });
    await pool.close();
    expect(all.map((f) => f.destroyed)).toEqual([true, true, true]);
    await expect(pool.run(async () => 1)).rejects.toBeInstanceOf(PoolClosedError);
  });

  it('reports a creation failure to the job that needed the resource, then recovers', async () => {
    let fail = true;
    const { pool } = fakePool({
      size: 1,
      create: async () => {
        if (fail) throw new Error('no engine');
        return { id: 7, destroyed: false };
      },
    });
    await expect(pool.run(async (f) => f.id)).rejects.toThrow('no engine');
    fail = false;
    await expect(pool.run(async (f) => f.id)).resolves.toBe(7);
    await pool.close();
  });
});

describe('createPool: what the intake sandbox relies on', () => {
  it('replaces a resource the job retired, and keeps one the job did not', async () => {
    const { pool, all } = fakePool({ size: 1 });
    await pool.run(async (_f, lease) => lease.retire());
    await pool.run(async () => undefined);
    await pool.run(async () => undefined);
    expect(all.map((f) => f.destroyed)).toEqual([true, false]);
    await pool.close();
  });

  it('passes over an idle resource that died and starts another', async () => {
    const { pool, all } = fakePool({ size: 1, isAlive: (f) => !f.destroyed && f.id !== 1 });
    const first = await pool.run(async (f) => f.id);
    const second = await pool.run(async (f) => f.id);
    expect([first, second]).toEqual([1, 2]);
    expect(all[0]!.destroyed).toBe(true);
    await pool.close();
  });

  it('without jobTimeoutMs, a job keeps its own time', async () => {
    const { pool } = fakePool({ jobTimeoutMs: undefined });
    expect(await pool.run(() => new Promise((resolve) => setTimeout(() => resolve('done'), 20)))).toBe('done');
    await pool.close();
  });

  it('with killRunningOnClose, close destroys the resources of running jobs instead of waiting for them', async () => {
    const gate = deferred();
    const { pool, all } = fakePool({
      killRunningOnClose: true,
      destroy: async (f) => {
        f.destroyed = true;
        gate.reject(new Error('killed'));
      },
    });
    const job = pool.run(() => gate.promise);
    await new Promise((r) => setTimeout(r, 0));
    await pool.close();
    await expect(job).rejects.toThrow('killed');
    expect(all[0]!.destroyed).toBe(true);
  });

  it('warm waits for each new resource to be ready', async () => {
    const ready = deferred();
    let warmed = false;
    const { pool } = fakePool({ size: 1, ready: () => ready.promise });
    const warming = pool.warm().then(() => (warmed = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(warmed).toBe(false);
    ready.resolve();
    await warming;
    expect(warmed).toBe(true);
    await pool.close();
  });
});
