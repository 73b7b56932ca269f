import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/server-process.js';

const CLI = new URL('../src/cli.ts', import.meta.url).pathname;

async function status(url: string): Promise<number> {
  try {
    return (await fetch(url)).status;
  } catch {
    return 0;
  }
}

describe('graceful shutdown of docread serve', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docread-shutdown-'));
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('on SIGTERM turns unready first while still answering, then finishes and exits 0', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve'], {
      env: {
        ...process.env,
        DATA_DIR: dir,
        PORT: String(port),
        LOG_LEVEL: 'silent',
        DATABASE_URL: '',
        SHUTDOWN_DRAIN_MS: '1500',
        BOOTSTRAP_DEV_ORG: 'false',
        PADDLE_ENABLED: 'false',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
    const deadline = Date.now() + 60_000;
    while ((await status(`${base}/readyz`)) !== 200) {
      if (Date.now() > deadline) throw new Error('the server did not become ready');
      await sleep(100);
    }
    child.kill('SIGTERM');
    await sleep(300);
    // Draining: the load balancer is told to stop, and the process still serves what reaches it.
    expect(await status(`${base}/readyz`)).toBe(503);
    expect(await status(`${base}/healthz`)).toBe(200);
    expect(await exited).toBe(0);
    expect(await status(`${base}/healthz`)).toBe(0);
  }, 90_000);
});
