/** A small pool of warm sandbox processes. Starting one costs ~250 ms (Node plus pdf.js, sharp and
 * mammoth), more than a typical file takes to read, so processes are reused: each takes one file
 * at a time and is replaced after `maxJobsPerProcess` files, after any failure in which a parser
 * ran on the file (refusals decided before parsing, such as a pixel bomb's header, leave it
 * untouched), or when a file left it using more than half of the memory between its start-up
 * size and the budget. The pooling itself is the readers' resource pool (readers/support/pool.ts);
 * what is the sandbox's own is the job and when a process may take another. */
import type { FileKind } from '../../domain/document-types.js';
import { createPool, type ResourcePool } from '../../readers/support/pool.js';
import type { IntakeResult } from '../types.js';
import type { IntakeLimits } from './limits.js';
import { SandboxProcess } from './sandbox-process.js';

export interface SandboxPoolOptions {
  /** Processes kept; files beyond wait their turn. */
  size: number;
  maxJobsPerProcess: number;
  /** V8 heap cap of each process (the resident-memory watchdog uses each file's own limit). */
  heapMb: number;
  startTimeoutMs: number;
}

// A start takes ~250 ms; on a machine loaded twenty-fold it took over 15 s, and a file must not fail
// for that (the OCR engines wait 30–60 s likewise): the limit only catches a process that hangs.
export const DEFAULT_POOL_OPTIONS: Readonly<SandboxPoolOptions> = Object.freeze({ size: 2, maxJobsPerProcess: 50, heapMb: 768, startTimeoutMs: 60_000 });

export class SandboxPool {
  private readonly options: SandboxPoolOptions;
  private readonly pool: ResourcePool<SandboxProcess>;
  /** Processes started so far (for tests and metrics). */
  started = 0;

  constructor(options: Partial<SandboxPoolOptions> = {}) {
    this.options = { ...DEFAULT_POOL_OPTIONS, ...options };
    this.pool = createPool<SandboxProcess>({
      name: 'intake sandbox',
      size: this.options.size,
      // Files beyond the pool's size wait their turn; each job keeps its own time limit (run below).
      maxQueue: Number.POSITIVE_INFINITY,
      recycleAfter: this.options.maxJobsPerProcess,
      create: async () => this.spawn(),
      destroy: async (proc) => proc.kill(),
      // A refusal before parsing leaves the process reusable: the job says when one is spent (lease.retire).
      isFatal: () => false,
      isAlive: (proc) => proc.alive,
      ready: (proc) => proc.ready,
      killRunningOnClose: true,
    });
  }

  /** Starts processes up to the pool size and waits until they are ready. */
  warm(): Promise<void> {
    return this.pool.warm();
  }

  run(bytes: Buffer, kind: FileKind, limits: IntakeLimits, timeoutMs: number, signal?: AbortSignal): Promise<IntakeResult> {
    return this.pool.run(async (proc, lease) => {
      let reusable = false;
      try {
        proc.setHeld(true);
        await proc.ready;
        const outcome = await proc.run(bytes, kind, limits, timeoutMs, signal);
        reusable = (outcome.ok || outcome.clean === true) && ((await proc.residentMb()) ?? 0) < (proc.baselineMb + limits.memoryMb) / 2;
        if (!outcome.ok) throw outcome.error;
        return outcome.result;
      } finally {
        if (reusable) proc.setHeld(false);
        else lease.retire();
      }
    }, signal);
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private spawn(): SandboxProcess {
    this.started++;
    const proc = new SandboxProcess({ heapMb: this.options.heapMb, startTimeoutMs: this.options.startTimeoutMs });
    proc.setHeld(false);
    return proc;
  }
}
