import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { generateCvDocx, generateInvoicePdf, generateInvoiceScan, generatePassport, generateReceiptPng } from '../test/fixtures/documents/index.js';
import { CLI, freePort, freshSchema, PG_URL, REDIS_URL, startNode, waitHealthy, type Started } from './scale/processes.js';

/** Documents per minute with 1 and 2 worker processes (`docread worker`), per kind of document, on
 * PostgreSQL + pg-boss with the API (`docread serve`, no workers) in a process of its own. For each
 * number of workers and each kind: a warm-up batch (models loaded, not timed), then BENCH_DOCS
 * uploads pushed one after another through the API, timed from the first upload until every one
 * of them is final. Each document has its own seed, so none is answered from an earlier one. */
const DOCS = Number(process.env.BENCH_DOCS ?? 6);
const WORKERS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number).filter(Boolean);
const CONCURRENCY = Number(process.env.BENCH_WORKER_CONCURRENCY ?? 2);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_SECONDS ?? 900) * 1000;

interface Kind {
  name: string;
  file: string;
  mediaType: string;
  make: (seed: number) => Promise<Buffer>;
}
const allKinds: Kind[] = [
  {
    name: 'passport photo (JPEG)',
    file: 'passport.jpg',
    mediaType: 'image/jpeg',
    make: async (seed) => (await generatePassport({ seed, photo: true, format: 'jpeg' })).bytes,
  },
  { name: 'scanned A4 invoice (PNG, 200 dpi)', file: 'invoice.png', mediaType: 'image/png', make: async (seed) => (await generateInvoiceScan({ seed })).bytes },
  { name: 'text-layer PDF invoice', file: 'invoice.pdf', mediaType: 'application/pdf', make: async (seed) => (await generateInvoicePdf({ seed })).bytes },
  {
    name: 'DOCX CV',
    file: 'cv.docx',
    mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    make: async (seed) => (await generateCvDocx({ seed })).bytes,
  },
  { name: 'receipt (PNG)', file: 'receipt.png', mediaType: 'image/png', make: async (seed) => (await generateReceiptPng({ seed })).bytes },
];
// BENCH_KINDS=passport,docx picks kinds by a word of their name.
const picked = process.env.BENCH_KINDS?.split(',')
  .map((w) => w.trim().toLowerCase())
  .filter(Boolean);
const kinds = picked?.length ? allKinds.filter((k) => picked.some((w) => k.name.toLowerCase().includes(w))) : allKinds;

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'docread-bench-workers-'));
const schema = freshSchema();
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dir,
  LOG_LEVEL: 'info',
  DATABASE_URL: PG_URL,
  DATABASE_SCHEMA: schema.schema,
  QUEUE_DRIVER: 'pgboss',
  PGBOSS_SCHEMA: schema.bossSchema,
  REDIS_URL,
  REDIS_PREFIX: `bench-workers-${process.pid}:`,
  RATE_LIMIT_PER_MINUTE: '0',
  WORKERS_IN_PROCESS: 'false',
  BOOTSTRAP_DEV_ORG: 'false',
  SHUTDOWN_DRAIN_MS: '0',
};
const db = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema.schema}` });
const running = new Set<Started>();
let seed = 1;

async function uploadAll(base: string, key: string, kind: Kind, count: number): Promise<string[]> {
  const files = await Promise.all(Array.from({ length: count }, () => kind.make(seed++)));
  const ids: string[] = [];
  for (const bytes of files) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: kind.mediaType }), kind.file);
    const res = await fetch(`${base}/v1/documents/upload`, { method: 'POST', body: form, headers: { 'x-doc-api-key': key } });
    if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    ids.push(((await res.json()) as { id: string }).id);
  }
  return ids;
}

async function allFinal(ids: string[]): Promise<Record<string, number>> {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const { rows } = await db.query<{ status: string; n: number }>(`select status, count(*)::int as n from documents where id = any($1) group by status`, [
      ids,
    ]);
    const tally = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    if (!tally.processing) return tally;
    if (Date.now() > deadline) throw new Error(`${tally.processing} documents not final after ${TIMEOUT_MS / 1000} s`);
    await sleep(250);
  }
}

function startWorker(): Promise<Started> {
  const { started, ready } = startNode(CLI, ['worker', '-c', String(CONCURRENCY)], env, /worker started/);
  running.add(started);
  return ready.then(() => started);
}

const rows: Array<{ kind: string; workers: number; seconds: number; perMinute: number; statuses: string }> = [];
try {
  await run(process.execPath, ['--import', 'tsx', CLI, 'migrate'], { env: { ...env, LOG_LEVEL: 'warn' } });
  const { stdout } = await run(process.execPath, ['--import', 'tsx', CLI, 'keys', 'create', '--org', 'bench', '--plan', 'internal'], {
    env: { ...env, LOG_LEVEL: 'warn' },
  });
  const key = stdout.trim().split('\n').at(-1)!;
  await db.connect();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const api = startNode(CLI, ['serve'], { ...env, PORT: String(port), LOG_LEVEL: 'warn' }).started;
  running.add(api);
  await waitHealthy(base);
  console.log(
    `docread worker benchmark: PostgreSQL + pg-boss, API in its own process, worker processes with -c ${CONCURRENCY}, ${DOCS} documents per kind after a warm-up of ${CONCURRENCY} per worker process`,
  );
  for (const workers of WORKERS) {
    const started = await Promise.all(Array.from({ length: workers }, () => startWorker()));
    for (const kind of kinds) {
      process.stdout.write(`  ${workers} worker${workers > 1 ? 's' : ''}, ${kind.name}: warm-up … `);
      await allFinal(await uploadAll(base, key, kind, workers * CONCURRENCY));
      process.stdout.write('timed … ');
      const t0 = performance.now();
      const tally = await allFinal(await uploadAll(base, key, kind, DOCS));
      const seconds = (performance.now() - t0) / 1000;
      rows.push({
        kind: kind.name,
        workers,
        seconds,
        perMinute: (DOCS / seconds) * 60,
        statuses: Object.entries(tally)
          .map(([s, n]) => `${s} ${n}`)
          .join(', '),
      });
      console.log(`${seconds.toFixed(1)} s`);
    }
    for (const worker of started) {
      await worker.stop();
      running.delete(worker);
    }
  }
} finally {
  for (const child of running) await child.stop();
  await db.end().catch(() => undefined);
  await schema.drop();
  rmSync(dir, { recursive: true, force: true });
}

const header = ['kind', 'workers', 'docs', 'seconds', 'docs/min', 'vs 1 worker', 'final statuses'];
const table = rows.map((r) => {
  const one = rows.find((o) => o.kind === r.kind && o.workers === 1);
  return [
    r.kind,
    String(r.workers),
    String(DOCS),
    r.seconds.toFixed(1),
    r.perMinute.toFixed(1),
    one ? `${(r.perMinute / one.perMinute).toFixed(2)}×` : '',
    r.statuses,
  ];
});
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i === 6 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${table.map(line).join('\n')}`);
console.log('\nnumbers from a busy machine are not results');
