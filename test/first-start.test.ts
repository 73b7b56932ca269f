import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CLI = new URL('../src/cli.ts', import.meta.url).pathname;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `docread serve` on an empty data folder, as `npm start` runs it: the key it prints is used as a newcomer would. */
describe('first start on an empty database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docread-first-'));
  let child: ChildProcess;
  let base: string;
  let key: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // Readers stay off: this is about admission, not reading.
    const env = {
      ...process.env,
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
      PLANS: '',
      WORKERS_IN_PROCESS: 'false',
    };
    child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    key = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no key printed: ${out}`)), 90_000);
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const found = /mk_live_[0-9A-Za-z]{43}/.exec(out);
        if (found) {
          clearTimeout(timer);
          resolve(found[0]);
        }
      });
      child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
    });
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints a key whose organisation is on the development plan and accepts 100 uploads in a row', async () => {
    const headers = { 'x-doc-api-key': key };
    const usage = (await (await fetch(`${base}/v1/usage`, { headers })).json()) as { quota: number };
    expect(usage).toMatchObject({ plan: 'development', uploads_per_hour: null, used: 0 });
    expect(usage.quota).toBeGreaterThanOrEqual(10_000);
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const bytes = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: i, g: 3, b: 5 } } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `f${i}.png`);
      statuses.push((await fetch(`${base}/v1/documents/upload`, { method: 'POST', body: form, headers })).status);
    }
    expect(statuses.filter((s) => s !== 202)).toEqual([]);
    expect(((await (await fetch(`${base}/v1/usage`, { headers })).json()) as { used: number }).used).toBe(100);
  }, 120_000);
});
