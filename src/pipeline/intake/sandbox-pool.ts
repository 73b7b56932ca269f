/** A small pool of warm sandbox processes. Starting one costs ~250 ms (Node plus pdf.js, sharp and
 * mammoth), more than a typical file takes to read, so processes are reused: each takes one file
 * at a time and is replaced after `maxJobsPerProcess` files, after any failure in which a parser
 * ran on the file (refusals decided before parsing, such as a pixel bomb's header, leave it
 * untouched), or when a file left it using more than half of the memory between its start-up
 * size and the budget. */
import type { FileKind } from '../../domain/document-types.js';
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
  private readonly idle: SandboxProcess[] = [];
  private readonly busy = new Set<SandboxProcess>();
  private readonly waiting: (() => void)[] = [];
  private closed = false;
  /** Processes started so far (for tests and metrics). */
  started = 0;

  constructor(options: Partial<SandboxPoolOptions> = {}) {
    this.options = { ...DEFAULT_POOL_OPTIONS, ...options };
  }

  /** Starts processes up to the pool size and waits until the idle ones are ready. */
  async warm(): Promise<void> {
    while (this.idle.length + this.busy.size < this.options.size) this.idle.push(this.spawn());
    await Promise.all(this.idle.map((proc) => proc.ready));
  }

  async run(bytes: Buffer, kind: FileKind, limits: IntakeLimits, timeoutMs: number, signal?: AbortSignal): Promise<IntakeResult> {
    const proc = await this.acquire(signal);
    let reusable = false;
    try {
      proc.setHeld(true);
      await proc.ready;
      const outcome = await proc.run(bytes, kind, limits, timeoutMs, signal);
      reusable =
        (outcome.ok || outcome.clean === true) &&
        proc.jobs < this.options.maxJobsPerProcess &&
        ((await proc.residentMb()) ?? 0) < (proc.baselineMb + limits.memoryMb) / 2;
      if (!outcome.ok) throw outcome.error;
      return outcome.result;
    } finally {
      this.release(proc, reusable);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const proc of [...this.idle, ...this.busy]) proc.kill();
    this.idle.length = 0;
    this.busy.clear();
    for (const wake of this.waiting.splice(0)) wake();
  }

  private spawn(): SandboxProcess {
    this.started++;
    const proc = new SandboxProcess({ heapMb: this.options.heapMb, startTimeoutMs: this.options.startTimeoutMs });
    proc.setHeld(false);
    return proc;
  }

  private async acquire(signal?: AbortSignal): Promise<SandboxProcess> {
    for (;;) {
      if (this.closed) throw new Error('intake sandbox pool is closed');
      signal?.throwIfAborted();
      const idle = this.idle.pop();
      const proc = idle && idle.alive ? idle : this.busy.size + this.idle.length < this.options.size ? this.spawn() : undefined;
      if (proc) {
        this.busy.add(proc);
        return proc;
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          signal?.removeEventListener('abort', wake);
          const at = this.waiting.indexOf(wake);
          if (at !== -1) this.waiting.splice(at, 1);
          resolve();
        };
        this.waiting.push(wake);
        signal?.addEventListener('abort', wake, { once: true });
      });
    }
  }

  private release(proc: SandboxProcess, reusable: boolean): void {
    this.busy.delete(proc);
    if (reusable && proc.alive && !this.closed) {
      proc.setHeld(false);
      this.idle.push(proc);
    } else {
      proc.kill();
      // Keep the pool warm: the replacement starts now, not when the next file arrives.
      if (!this.closed && this.idle.length + this.busy.size < this.options.size) this.idle.push(this.spawn());
    }
    this.waiting.shift()?.();
  }
}
