/** The service as a separate process (`docread serve` from source), for what only a real process
 * shows: files on disk while it runs, and kill -9. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = ['--import', 'tsx', 'src/cli.ts'];

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** kill -9, and wait until the process is gone. */
  kill9(): Promise<void>;
  /** SIGTERM and wait (a graceful stop). */
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

function baseEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LOG_LEVEL: 'warn',
    BOOTSTRAP_DEV_ORG: 'false',
    RATE_LIMIT_PER_MINUTE: '0',
    ABUSE_MAX_FAILURES: '100000',
    QUEUE_POLL_MS: '50',
    ...env,
  };
}

/** An API key of a new organisation on the internal plan (no quota), made by the operator CLI. */
export function createKey(env: Record<string, string>, org = 'probe'): string {
  const run = spawnSync(process.execPath, [...CLI, 'keys', 'create', '--org', org, '--plan', 'internal'], {
    cwd: ROOT,
    env: baseEnv(env),
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (run.status !== 0) throw new Error(`keys create failed: ${run.stderr}`);
  return run.stdout.trim().split('\n').pop()!;
}

export async function startServer(env: Record<string, string>, opts: { startTimeoutMs?: number } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...CLI, 'serve'], {
    cwd: ROOT,
    env: baseEnv({ HOST: '127.0.0.1', PORT: String(port), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + (opts.startTimeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${out}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    output: () => out,
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Uploads one file over HTTP; answers the status and the JSON body. */
export async function uploadFile(url: string, key: string, filename: string, bytes: Buffer): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), filename);
  const res = await fetch(`${url}/v1/documents/upload`, { method: 'POST', headers: { 'x-doc-api-key': key }, body: form });
  return { status: res.status, body: await res.json() };
}

export async function getDocument(url: string, key: string, id: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${url}/v1/documents/${id}`, { headers: { 'x-doc-api-key': key } });
  return { status: res.status, body: await res.json() };
}

export async function waitFinal(url: string, key: string, id: string, timeoutMs: number): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await getDocument(url, key, id);
    if (status === 200 && body.status !== 'processing') return body;
    if (Date.now() > deadline) throw new Error(`document ${id} not final after ${timeoutMs} ms (${status} ${JSON.stringify(body).slice(0, 200)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Polls /healthz every 250 ms (2 s timeout each) until stopped; answers the count and failures. */
export function watchHealth(url: string): { stop(): Promise<{ checks: number; failures: string[] }> } {
  let polling = true;
  let checks = 0;
  const failures: string[] = [];
  const loop = (async () => {
    while (polling) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
        if (!res.ok) failures.push(`status ${res.status}`);
      } catch (err) {
        failures.push(`${String(err)} after ${Math.round(performance.now() - t0)} ms`);
      }
      checks++;
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return {
    async stop() {
      polling = false;
      await loop;
      return { checks, failures };
    },
  };
}
