/** A bounded pool of warm, expensive resources (OCR engine workers, intake sandbox processes): at
 * most `size` jobs run at once, at most `maxQueue` wait, each resource is replaced after
 * `recycleAfter` jobs (long-lived engines grow), after a failed job, after a job overruns its time
 * limit, when the job itself says so, and when it died while idle. A retired resource's
 * replacement starts at once, so that the next job does not wait for it. */

export interface PoolOptions<R> {
  name: string;
  size: number;
  maxQueue: number;
  recycleAfter: number;
  /** Per-job limit enforced by the pool; without it the job keeps its own. */
  jobTimeoutMs?: number;
  create(): Promise<R>;
  /** Also called on a resource whose job is still running when `killRunningOnClose` is set. */
  destroy(resource: R): Promise<void>;
  /** Whether a job's error leaves the resource unusable; by default every error does. */
  isFatal?: (error: unknown) => boolean;
  /** Whether a resource still works (a process can die while idle); by default always. */
  isAlive?: (resource: R) => boolean;
  /** What `warm()` waits for on each resource it created, beyond `create()`. */
  ready?: (resource: R) => Promise<void>;
  /** `close()` destroys the resources of running jobs (they fail) instead of waiting for them. */
  killRunningOnClose?: boolean;
}

/** What a job may tell the pool about its resource. */
export interface Lease {
  /** Replace the resource after this job. */
  retire(): void;
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
  run<T>(job: (resource: R, lease: Lease) => Promise<T>, signal?: AbortSignal): Promise<T>;
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
  /** The running job asked for the resource to be replaced. */
  retired?: boolean;
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
  const isAlive = opts.isAlive ?? (() => true);
  const idle: Slot<R>[] = [];
  const busy = new Set<Slot<R>>();
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

  /** An idle resource that still works; dead ones are retired on the way. */
  function takeIdle(): Slot<R> | undefined {
    for (let slot = idle.pop(); slot; slot = idle.pop()) {
      if (isAlive(slot.resource)) return slot;
      retire(slot);
    }
    return undefined;
  }

  /** Hand idle resources to waiters, creating new ones while under `size`. */
  function pump(): void {
    while (waiters.length > 0 && !closed) {
      const slot = takeIdle();
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
    const slot = takeIdle();
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
    busy.delete(slot);
    slot.jobs++;
    if (closed || broken || slot.retired || slot.jobs >= opts.recycleAfter || !isAlive(slot.resource)) {
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
      const limit = opts.jobTimeoutMs;
      const timer = limit === undefined ? undefined : setTimeout(() => finish({ error: new JobTimeoutError(opts.name, limit), broken: true }), limit);
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

  async function run<T>(job: (resource: R, lease: Lease) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const slot = await acquire(signal);
    running++;
    slot.retired = false;
    busy.add(slot);
    const lease: Lease = { retire: () => void (slot.retired = true) };
    const work = (async () => {
      const outcome = await guarded(
        Promise.resolve().then(() => job(slot.resource, lease)),
        signal,
      );
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
        createSlot().then(async (slot) => {
          if (closed) return retire(slot);
          idle.push(slot);
          pump();
          await opts.ready?.(slot.resource);
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
    if (opts.killRunningOnClose) for (const slot of busy) void opts.destroy(slot.resource).catch(() => undefined);
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
