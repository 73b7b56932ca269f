import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config/env.js';
import { runApiCluster } from '../src/serve-cluster.js';
import { PG_URL, postgresReachable } from './helpers/databases.js';
import { freePort } from './helpers/server-process.js';

const CLI = new URL('../src/cli.ts', import.meta.url).pathname;

/** The API copies the primary forked (tsx's own esbuild helper is a child too, and not one). */
function childrenOf(pid: number): string[] {
  let pids: string[];
  try {
    pids = execFileSync('pgrep', ['-P', String(pid)])
      .toString()
      .trim()
      .split(/\s+/)
      .filter(Boolean);
  } catch {
    return []; // pgrep exits 1 when there are none yet
  }
  return pids.filter((p) => {
    try {
      return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('cli.ts');
    } catch {
      return false;
    }
  });
}

/** One request on its own connection, so the cluster may hand it to either process. */
function get(port: number, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

describe('API_PROCESSES without Redis', () => {
  it('refuses to start copies whose rate limits would each count alone', () => {
    expect(() => runApiCluster({ REDIS_URL: undefined } as Config, 2, () => undefined)).toThrow(/needs REDIS_URL/);
  });
});

describe.skipIf(!(await postgresReachable()))('two API processes on one port (API_PROCESSES=2)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docread-cluster-'));
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let child: ChildProcess | undefined;
  afterAll(async () => {
    child?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`).finally(() => client.end());
  });

  it('serves from two processes and counts the per-IP rate limit once across them', async () => {
    const port = await freePort();
    let stdout = '';
    child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve'], {
      env: {
        ...process.env,
        DATA_DIR: dir,
        PORT: String(port),
        LOG_LEVEL: 'silent',
        DATABASE_URL: PG_URL,
        DATABASE_SCHEMA: schema,
        REDIS_URL: 'redis://127.0.0.1:6379',
        REDIS_PREFIX: `test-${schema}:`,
        // Exact counts need Redis to answer: past the command timeout the counters fail open.
        REDIS_COMMAND_TIMEOUT_MS: '5000',
        API_PROCESSES: '2',
        WORKERS_IN_PROCESS: 'false',
        RATE_LIMIT_PER_MINUTE: '20',
        ABUSE_MAX_FAILURES: '1000',
        SHUTDOWN_DRAIN_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    child.stdout!.on('data', (chunk) => (stdout += String(chunk)));
    const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
    const deadline = Date.now() + 90_000;
    let children: string[] = [];
    while (children.length < 2 || (await get(port, '/healthz')) !== 200) {
      if (Date.now() > deadline) throw new Error('the cluster did not start');
      await sleep(200);
      children = childrenOf(child.pid!);
    }
    // Both copies must be listening before counting.
    await sleep(2000);
    expect(children).toHaveLength(2);
    expect(stdout).toMatch(/mk_live_[0-9A-Za-z]{43}/);

    // Unauthenticated requests: the per-IP limit (counted before authentication) lets 20 through
    // to their 401 and refuses the rest, whichever process each connection reached.
    const codes = await Promise.all(Array.from({ length: 30 }, () => get(port, '/v1/documents')));
    expect(codes.filter((c) => c === 401)).toHaveLength(20);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 180_000);
});
