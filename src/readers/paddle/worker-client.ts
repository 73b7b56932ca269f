import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { WorkerReply } from './worker-protocol.js';

/** One worker thread running an OCR engine: start it, wait for it to say it is ready, send it
 * requests and match the replies. Runs from compiled JS, and from TypeScript under tsx/vitest. */

export class WorkerCrashedError extends Error {
  readonly code = 'READER_CRASHED';
  constructor(message: string) {
    super(message);
    this.name = 'WorkerCrashedError';
  }
}

/** An error the engine reported for one request (a corrupt image); the engine itself is fine. */
export class EngineReportedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineReportedError';
  }
}

export interface WorkerEntry {
  /** A file URL, or (from source) bootstrap code run with `eval`. */
  script: URL | string;
  eval: boolean;
}

/** The entry file at `baseName` beside the caller: `.js` when compiled; `.ts` when run from source, loaded through tsx's
 * API. (`execArgv: ['--import', 'tsx']` does not work here: tsx 4 on Node 20 registers its hooks
 * only on the main thread, and the worker then fails with "Unknown file extension .ts".) */
export function workerEntry(baseName: string, fromUrl: string): WorkerEntry {
  if (!fromUrl.endsWith('.ts')) return { script: new URL(`./${baseName}.js`, fromUrl), eval: false };
  // The ESM build of the API sits beside the CommonJS one that require.resolve finds.
  const tsxApi = pathToFileURL(
    createRequire(fromUrl)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const entry = new URL(`./${baseName}.ts`, fromUrl).href;
  return {
    script: `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`,
    eval: true,
  };
}

export interface WorkerClientOptions {
  entry: WorkerEntry;
  workerData: unknown;
  startTimeoutMs: number;
  resourceLimits?: ResourceLimits;
}

export class WorkerClient<Req, Res> {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(v: Res): void; reject(e: Error): void }>();
  private dead: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: WorkerReply) => {
      if (reply.type !== 'result') return;
      const call = this.pending.get(reply.id);
      if (!call) return;
      this.pending.delete(reply.id);
      if (reply.ok) call.resolve(reply.result as Res);
      else call.reject(new EngineReportedError(reply.message));
    });
    const fail = (err: Error): void => {
      this.dead ??= err;
      for (const call of this.pending.values()) call.reject(this.dead);
      this.pending.clear();
    };
    worker.on('error', (err) => fail(new WorkerCrashedError(`OCR worker failed: ${err.message}`)));
    worker.on('exit', (code) => fail(new WorkerCrashedError(`OCR worker exited with code ${code}`)));
  }

  static start<Req, Res>(opts: WorkerClientOptions): Promise<WorkerClient<Req, Res>> {
    const worker = new Worker(opts.entry.script, {
      eval: opts.entry.eval,
      workerData: opts.workerData,
      execArgv: [],
      ...(opts.resourceLimits ? { resourceLimits: opts.resourceLimits } : {}),
    });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        void worker.terminate();
        reject(new WorkerCrashedError(`OCR worker did not start within ${opts.startTimeoutMs} ms`));
      }, opts.startTimeoutMs);
      const onStart = (reply: WorkerReply): void => {
        if (reply.type !== 'ready' && reply.type !== 'fatal') return;
        clearTimeout(timer);
        worker.off('message', onStart);
        worker.off('error', onError);
        if (reply.type === 'ready') resolve(new WorkerClient<Req, Res>(worker));
        else {
          void worker.terminate();
          reject(new WorkerCrashedError(`OCR worker could not start: ${reply.message}`));
        }
      };
      const onError = (err: Error): void => {
        clearTimeout(timer);
        void worker.terminate();
        reject(new WorkerCrashedError(`OCR worker could not start: ${err.message}`));
      };
      worker.on('message', onStart);
      worker.once('error', onError);
    });
  }

  call(request: Req): Promise<Res> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    return new Promise<Res>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, request });
    });
  }

  async terminate(): Promise<void> {
    await this.worker.terminate();
  }
}
