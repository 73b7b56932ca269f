import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export { freePort } from '../../test/helpers/server-process.js';

/** Processes and databases for the scale-out benchmarks (bench:api, bench:workers): the service
 * and its helpers run as separate Node processes from source, as `docread` would. */
export const CLI = new URL('../../src/cli.ts', import.meta.url).pathname;
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface Started {
  child: ChildProcess;
  /** SIGTERM, then waits until the process (and, for a cluster, its copies) ended. */
  stop(): Promise<void>;
}

/** Starts `node ...nodeArgs --import tsx <script> ...args`; `readyLine` resolves with its first match on stdout. */
export function startNode(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  readyLine?: RegExp,
  nodeArgs: string[] = [],
): { started: Started; ready: Promise<RegExpMatchArray> } {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script, ...args], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<RegExpMatchArray>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} ${args.join(' ')} exited with ${code} before it was ready`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = readyLine ? line.match(readyLine) : null;
      if (m) resolve(m);
    });
  });
  ready.catch(() => undefined);
  return {
    started: {
      child,
      async stop() {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await ended;
      },
    },
    ready,
  };
}

/** Runs a script to its end and returns the first match of `line` on its stdout. */
export async function runNode(script: string, args: string[], env: NodeJS.ProcessEnv, line: RegExp): Promise<RegExpMatchArray> {
  const { started, ready } = startNode(script, args, env, line);
  const match = await ready;
  await new Promise<void>((resolve) => (started.child.exitCode !== null ? resolve() : started.child.once('exit', () => resolve())));
  return match;
}

export async function waitHealthy(base: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const up = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    if (Date.now() > deadline) throw new Error(`${base} did not become healthy`);
    await sleep(200);
  }
}

/** A fresh PostgreSQL schema (and one for pg-boss beside it), dropped by `drop`. */
export function freshSchema(): { schema: string; bossSchema: string; drop(): Promise<void> } {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const bossSchema = `${schema}_boss`;
  return {
    schema,
    bossSchema,
    async drop() {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      try {
        await client.query(`drop schema if exists ${schema} cascade; drop schema if exists ${bossSchema} cascade`);
      } finally {
        await client.end();
      }
    },
  };
}
