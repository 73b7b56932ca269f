import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { pngWithText } from '../fixtures/files.js';
import { PG_URL } from '../helpers/databases.js';
import { freePort } from '../helpers/server-process.js';

/** Scale-out under failure (npm run test:scale): 2 API processes and 2 worker processes on
 * PostgreSQL with pg-boss, 200 documents, and worker processes killed with SIGKILL 20 times while
 * they read. Every document must reach a final state, each with exactly one finished reading.
 * Sizes come from the environment so a maintainer can push harder. */
const DOCUMENTS = Number(process.env.SCALE_DOCUMENTS ?? 200);
const KILLS = Number(process.env.SCALE_KILLS ?? 20);
const KILL_EVERY_MS = Number(process.env.SCALE_KILL_EVERY_MS ?? 3000);

const CLI = new URL('../../src/cli.ts', import.meta.url).pathname;
const run = promisify(execFile);

describe('2 API and 2 worker processes on PostgreSQL + pg-boss, workers killed while reading', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docread-scale-'));
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const env = {
    ...process.env,
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: PG_URL,
    DATABASE_SCHEMA: schema,
    QUEUE_DRIVER: 'pgboss',
    PGBOSS_SCHEMA: `${schema}_boss`,
    // A killed worker's job is taken as stalled after 30 s and run again.
    PGBOSS_EXPIRE_SECONDS: '30',
    PGBOSS_MAINTENANCE_SECONDS: '2',
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `scale-${schema}:`,
    RATE_LIMIT_PER_MINUTE: '0',
    WORKERS_IN_PROCESS: 'false',
    BOOTSTRAP_DEV_ORG: 'false',
    PADDLE_ENABLED: 'false',
    SHUTDOWN_DRAIN_MS: '0',
  };
  const processes = new Set<ChildProcess>();
  const start = (args: string[], extra: Record<string, string> = {}): ChildProcess => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...env, ...extra }, stdio: 'ignore' });
    processes.add(child);
    child.on('exit', () => processes.delete(child));
    return child;
  };

  afterAll(async () => {
    for (const child of processes) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade; drop schema if exists ${schema}_boss cascade`).finally(() => client.end());
  });

  it(
    `reads ${DOCUMENTS} documents to a final state exactly once across ${KILLS} worker kills`,
    async () => {
      await run(process.execPath, ['--import', 'tsx', CLI, 'migrate'], { env });
      const { stdout } = await run(process.execPath, ['--import', 'tsx', CLI, 'keys', 'create', '--org', 'scale', '--plan', 'internal'], { env });
      const key = stdout.trim().split('\n').at(-1)!;
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      start(['serve'], { PORT: String(port), API_PROCESSES: '2' });
      const workers = [start(['worker', '-c', '2']), start(['worker', '-c', '2'])];
      for (let up = false; !up; await sleep(200))
        up = await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        );

      const ids: string[] = [];
      const uploading = (async () => {
        for (let i = 0; i < DOCUMENTS; i++) {
          const form = new FormData();
          form.append('file', new Blob([new Uint8Array(await pngWithText([`SCALE ${schema} ${i}`]))], { type: 'image/png' }), `scale-${i}.png`);
          const res = await fetch(`${base}/v1/documents/upload`, { method: 'POST', body: form, headers: { 'x-doc-api-key': key } });
          expect(res.status).toBe(202);
          ids.push(((await res.json()) as { id: string }).id);
        }
      })();

      const db = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` });
      await db.connect();
      try {
        const open = async () => Number((await db.query(`select count(*)::int as n from documents where status = 'processing'`)).rows[0].n);
        let kills = 0;
        while (kills < KILLS) {
          await sleep(KILL_EVERY_MS);
          const index = kills % workers.length;
          workers[index]!.kill('SIGKILL');
          kills++;
          workers[index] = start(['worker', '-c', '2']);
        }
        await uploading;
        const deadline = Date.now() + 15 * 60_000;
        while ((await open()) > 0) {
          if (Date.now() > deadline) throw new Error(`${await open()} documents never finished`);
          await sleep(1000);
        }

        const docs = await db.query(`select id, status from documents`);
        expect(docs.rows).toHaveLength(DOCUMENTS);
        expect(docs.rows.filter((d) => d.status === 'processing')).toEqual([]);
        expect(new Set(docs.rows.map((d) => d.id))).toEqual(new Set(ids));
        // One reading per document, finished once: a job run again after a kill found it done or redid it.
        const readings = await db.query(`select document_id, count(*)::int as n, min(status) as lo, max(status) as hi from readings group by document_id`);
        expect(readings.rows).toHaveLength(DOCUMENTS);
        expect(readings.rows.filter((r) => r.n !== 1 || r.lo !== 'done' || r.hi !== 'done')).toEqual([]);
        const tally = await db.query(`select status, count(*)::int as n from documents group by status order by status`);
        process.stdout.write(`scale: ${DOCUMENTS} documents final (${tally.rows.map((r) => `${r.status} ${r.n}`).join(', ')}), ${kills} worker kills\n`);
      } finally {
        await db.end();
      }
    },
    30 * 60_000,
  );
});
