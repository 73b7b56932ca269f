/** One sandbox process: a forked Node process that parses files, watched from outside. A job ends
 * with the child's answer or with the child killed: over its memory budget (resident memory polled
 * from /proc, plus V8's heap cap), over its time limit, on abort, or when it dies on its own. */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FileKind } from '../../domain/document-types.js';
import type { IntakeResult } from '../types.js';
import { IntakeError } from './errors.js';
import type { IntakeLimits } from './limits.js';
import { reviveResult, type ChildMessage, type JobMessage } from './protocol.js';
import { residentMb } from './rss.js';

const WATCH_INTERVAL_MS = 25;
const STDERR_TAIL = 4096;

/** From compiled JS the entry is child.js; from TypeScript source (vitest, tsx) child.ts via tsx. */
function childEntry(): { path: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const path = fileURLToPath(new URL(fromSource ? './child.ts' : './child.js', import.meta.url));
  return { path, execArgv: fromSource ? ['--import', 'tsx'] : [] };
}

/** `clean`: the process answered and no parser ran on the file, so it may be reused. */
export type JobOutcome = { ok: true; result: IntakeResult } | { ok: false; error: unknown; clean?: boolean };

export interface SandboxProcessOptions {
  heapMb: number;
  startTimeoutMs: number;
}

export class SandboxProcess {
  readonly child: ChildProcess;
  readonly ready: Promise<void>;
  jobs = 0;
  /** Resident memory once started (the parsers loaded), before any file. */
  baselineMb = 0;
  private stderrTail = '';
  private exited = false;
  private nextId = 1;

  constructor(options: SandboxProcessOptions) {
    const entry = childEntry();
    this.child = fork(entry.path, [], {
      execArgv: [...entry.execArgv, `--max-old-space-size=${options.heapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.child.stderr?.setEncoding('utf8');
    this.child.stderr?.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_TAIL);
    });
    this.child.on('exit', () => {
      this.exited = true;
    });
    // Failures to signal or message the process surface through each job's outcome; an 'error'
    // event without a listener would throw in the server process instead.
    this.child.on('error', () => undefined);
    const started = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => fail(new Error(`intake sandbox did not start within ${options.startTimeoutMs} ms`)), options.startTimeoutMs);
      const onMessage = (m: ChildMessage) => {
        if (m?.type !== 'ready') return;
        cleanup();
        resolve();
      };
      const onExit = (code: number | null) => fail(new Error(`intake sandbox exited while starting (code ${code}): ${this.stderrTail.trim().slice(-500)}`));
      const onError = (err: Error) => fail(err);
      const cleanup = () => {
        clearTimeout(timer);
        this.child.off('message', onMessage);
        this.child.off('exit', onExit);
        this.child.off('error', onError);
      };
      const fail = (err: Error) => {
        cleanup();
        this.kill();
        reject(err);
      };
      this.child.on('message', onMessage);
      this.child.once('exit', onExit);
      this.child.once('error', onError);
    });
    this.ready = started.then(async () => {
      this.baselineMb = (await this.residentMb()) ?? 0;
    });
    // A start failure is reported to whoever awaits `ready`; never as an unhandled rejection.
    this.ready.catch(() => undefined);
  }

  get alive(): boolean {
    return !this.exited && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Idle processes must not keep the server process alive on their own. */
  setHeld(held: boolean): void {
    const channel = this.child.channel as { ref?: () => void; unref?: () => void } | null | undefined;
    if (held) {
      this.child.ref();
      channel?.ref?.();
    } else {
      this.child.unref();
      channel?.unref?.();
    }
  }

  kill(): void {
    if (this.alive) this.child.kill('SIGKILL');
  }

  residentMb(): Promise<number | null> {
    return this.child.pid === undefined ? Promise.resolve(null) : residentMb(this.child.pid);
  }

  run(bytes: Buffer, kind: FileKind, limits: IntakeLimits, timeoutMs: number, signal?: AbortSignal): Promise<JobOutcome> {
    this.jobs++;
    const id = this.nextId++;
    let where = kind === 'pdf' ? 'the PDF' : kind === 'png' || kind === 'jpeg' ? 'the image' : 'the Word file';
    return new Promise<JobOutcome>((resolve) => {
      let settled = false;
      const finish = (outcome: JobOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearTimeout(stepTimer);
        clearInterval(watch);
        this.child.off('message', onMessage);
        this.child.off('close', onExit);
        signal?.removeEventListener('abort', onAbort);
        resolve(outcome);
      };
      const killFor = (error: unknown) => {
        this.kill();
        finish({ ok: false, error });
      };
      const onMessage = (m: ChildMessage) => {
        if (!m || !('id' in m) || m.id !== id) return;
        if (m.type === 'progress') {
          where = m.where;
          if (kind === 'pdf') startStep();
        } else if (m.type === 'done') finish({ ok: true, result: reviveResult(m.result) });
        else if (m.type === 'refused') finish({ ok: false, error: new IntakeError(m.reason), clean: m.beforeParsing });
      };
      const onExit = (code: number | null, sig: string | null) => {
        const outOfHeap = /heap limit|out of memory|allocation failed/i.test(this.stderrTail);
        const reason = outOfHeap
          ? `${where} expands beyond the memory budget (${limits.memoryMb} MB)`
          : `${where} made the parser stop unexpectedly (${sig ?? `exit code ${code}`})`;
        finish({ ok: false, error: new IntakeError(reason) });
      };
      const onAbort = () => killFor(signal?.reason ?? new Error('aborted'));
      const timer = setTimeout(() => killFor(new IntakeError(`${where} took longer than ${Math.round(timeoutMs / 1000)} s to open`)), timeoutMs);
      let stepTimer: NodeJS.Timeout | undefined;
      const startStep = () => {
        clearTimeout(stepTimer);
        const ms = limits.pdfPageTimeoutMs;
        stepTimer = setTimeout(() => killFor(new IntakeError(`${where} took longer than ${Math.round(ms / 1000)} s to read`)), ms);
      };
      const watch = setInterval(() => {
        void this.residentMb().then((mb) => {
          if (mb !== null && mb > limits.memoryMb) killFor(new IntakeError(`${where} expands beyond the memory budget (${limits.memoryMb} MB)`));
        });
      }, WATCH_INTERVAL_MS);
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.child.on('message', onMessage);
      // 'close' rather than 'exit': by then stderr (a V8 out-of-heap report) has been read.
      this.child.once('close', onExit);
      const job: JobMessage = { type: 'job', id, kind, bytes, limits };
      this.child.send(job, (err) => {
        if (err) killFor(new Error(`intake sandbox could not take the file: ${err.message}`));
      });
    });
  }
}
