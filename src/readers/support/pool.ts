/** A bounded pool of warm, expensive resources (OCR engine workers): at most `size` jobs run at
 * once, at most `maxQueue` wait, each resource is replaced after `recycleAfter` jobs (long-lived
 * engines grow), after a failed job, and after a job overruns its time limit. */

export interface PoolOptions<R> {
  name: string;
  size: number;
  maxQueue: number;
  recycleAfter: number;
  jobTimeoutMs: number;
  create(): Promise<R>;
  destroy(resource: R): Promise<void>;
  /** Whether a job's error leaves the resource unusable; by default every error does. */
  isFatal?: (error: unknown) => boolean;
}

export interface PoolStats {
  size: number;
  live: number;
  idle: number;
  running: number;
  queued: number;
  created: number;
  recycled: number;
}

export interface ResourcePool<R> {
  run<T>(job: (resource: R) => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Create every resource now so the first jobs do not pay the start-up cost. */
  warm(): Promise<void>;
  close(): Promise<void>;
  stats(): PoolStats;
}

export class PoolBusyError extends Error {
  readonly code = 'READER_BUSY';
  constructor(name: string, maxQueue: number) {
    super(`${name}: queue is full (${maxQueue} waiting); try again later`);
    this.name = 'PoolBusyError';
  }
}

export class PoolClosedError extends Error {
  readonly code = 'READER_CLOSED';
  constructor(name: string) {
    super(`${name}: the pool is closed`);
    this.name = 'PoolClosedError';
  }
}

export class JobTimeoutError extends Error {
  readonly code = 'READER_TIMEOUT';
  constructor(name: string, ms: number) {
    super(`${name}: job did not finish within ${ms} ms`);
    this.name = 'JobTimeoutError';
  }
}

interface Slot<R> {
  resource: R;
  jobs: number;
}

interface Waiter<R> {
  resolve(slot: Slot<R>): void;
  reject(error: unknown): void;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted', 'AbortError');
}

export function createPool<R>(opts: PoolOptions<R>): ResourcePool<R> {
  if (opts.size < 1 || opts.recycleAfter < 1 || opts.maxQueue < 0) {
    throw new RangeError(`${opts.name}: size and recycleAfter must be ≥ 1, maxQueue ≥ 0`);
  }
  const isFatal = opts.isFatal ?? (() => true);
  const idle: Slot<R>[] = [];
  const waiters: Waiter<R>[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const destroying = new Set<Promise<void>>();
  let live = 0; // created or being created
  let running = 0;
  let created = 0;
  let recycled = 0;
  let closed = false;

  const creating = new Set<Promise<unknown>>();

  function createSlot(): Promise<Slot<R>> {
    const pending = opts.create().then(
      (resource) => {
        created++;
        return { resource, jobs: 0 };
      },
      (err: unknown) => {
        live--;
        throw err;
      },
    );
    creating.add(pending);
    const forget = (): void => void creating.delete(pending);
    pending.then(forget, forget);
    return pending;
  }

  function retire(slot: Slot<R>): void {
    live--;
    recycled++;
    const gone = opts.destroy(slot.resource).catch(() => undefined);
    destroying.add(gone);
    void gone.then(() => destroying.delete(gone));
  }

  /** Hand idle resources to waiters, creating new ones while under `size`. */
  function pump(): void {
    while (waiters.length > 0 && !closed) {
      const slot = idle.pop();
      if (slot) {
        waiters.shift()!.resolve(slot);
        continue;
      }
      if (live >= opts.size) return;
      const waiter = waiters.shift()!;
      live++;
      createSlot().then(waiter.resolve, (err) => {
        waiter.reject(err);
        pump();
      });
    }
  }

  /** Keep the pool warm: replace a retired resource before the next job asks for it. */
  function replenish(): void {
    if (closed || live >= opts.size) return;
    live++;
    createSlot().then(
      (slot) => {
        if (closed) return retire(slot);
        idle.push(slot);
        pump();
      },
      () => undefined, // the next job retries creation and sees the error itself
    );
  }

  function acquire(signal?: AbortSignal): Promise<Slot<R>> {
    if (closed) return Promise.reject(new PoolClosedError(opts.name));
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const slot = idle.pop();
    if (slot) return Promise.resolve(slot);
    if (live < opts.size) {
      live++;
      return createSlot();
    }
    if (waiters.length >= opts.maxQueue) return Promise.reject(new PoolBusyError(opts.name, opts.maxQueue));
    return new Promise<Slot<R>>((resolve, reject) => {
      const onAbort = (): void => {
        const i = waiters.indexOf(waiter);
        if (i >= 0) waiters.splice(i, 1);
        reject(abortReason(signal!));
      };
      const waiter: Waiter<R> = {
        resolve: (s) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(s);
        },
        reject: (e) => {
          signal?.removeEventListener('abort', onAbort);
          reject(e);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiters.push(waiter);
    });
  }

  function release(slot: Slot<R>, broken: boolean): void {
    running--;
    slot.jobs++;
    if (closed || broken || slot.jobs >= opts.recycleAfter) {
      retire(slot);
      replenish();
      pump();
      return;
    }
    idle.push(slot);
    pump();
  }

  /** Runs the job, rejecting on timeout or abort; either leaves the engine mid-work, so it is retired. */
  function guarded<T>(job: Promise<T>, signal?: AbortSignal): Promise<{ value: T } | { error: unknown; broken: boolean }> {
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => finish({ error: new JobTimeoutError(opts.name, opts.jobTimeoutMs), broken: true }),
        opts.jobTimeoutMs,
      );
      const onAbort = (): void => finish({ error: abortReason(signal!), broken: true });
      let done = false;
      function finish(outcome: { value: T } | { error: unknown; broken: boolean }): void {
        if (done) return;
        done = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve(outcome);
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      job.then(
        (value) => finish({ value }),
        (error) => finish({ error, broken: isFatal(error) }),
      );
    });
  }

  async function run<T>(job: (resource: R) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const slot = await acquire(signal);
    running++;
    const work = (async () => {
      const outcome = await guarded(Promise.resolve().then(() => job(slot.resource)), signal);
      if ('value' in outcome) {
        release(slot, false);
        return outcome.value;
      }
      release(slot, outcome.broken);
      throw outcome.error;
    })();
    inFlight.add(work);
    work.then(
      () => inFlight.delete(work),
      () => inFlight.delete(work),
    );
    return work;
  }

  async function warm(): Promise<void> {
    const pending: Promise<void>[] = [];
    while (live < opts.size && !closed) {
      live++;
      pending.push(
        createSlot().then((slot) => {
          if (closed) return retire(slot);
          idle.push(slot);
          pump();
        }),
      );
    }
    await Promise.all(pending);
  }

  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    for (const waiter of waiters.splice(0)) waiter.reject(new PoolClosedError(opts.name));
    for (const slot of idle.splice(0)) retire(slot);
    await Promise.allSettled([...creating, ...inFlight]);
    while (destroying.size > 0) await Promise.allSettled([...destroying]);
  }

  return {
    run,
    warm,
    close,
    stats: () => ({ size: opts.size, live, idle: idle.length, running, queued: waiters.length, created, recycled }),
  };
}
