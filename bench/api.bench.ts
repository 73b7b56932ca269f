import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { median } from '../src/domain/median.js';
import { CLI, freePort, freshSchema, PG_URL, REDIS_URL, runNode, startNode, waitHealthy, type Started } from './scale/processes.js';

/** The request path, side by side with a bare handler, in one run on one machine.
 * For each database (SQLite, PostgreSQL + pg-boss) and each number of API processes (1, 2):
 *  - uploads of a 200 KB file at 50 clients to the service (`docread serve`, no workers) and to
 *    bench/scale/bare-upload-server.ts (bare Fastify + @fastify/multipart storing the file with the
 *    service's own fsyncs), each with that many processes: req/s and p99, and their ratios;
 *  - GET /v1/documents/{id} at 50 clients on a document a worker read to its end beforehand.
 * Targets: service ≥ 60% of the bare handler's upload req/s, p99 ≤ 2× its p99; GET ≥ 5,000 req/s
 * with p99 < 30 ms. Each cell runs BENCH_ROUNDS times, the bare handler and the service in turn,
 * and reports the medians, the ratios per round beside them: on two cores shared with the load
 * generator one run is no measure (the bare handler alone, one process on SQLite, went 649 and
 * 1,144 uploads/s in two runs a few minutes apart). Every cell starts from an empty database (a fresh schema on PostgreSQL,
 * dropped afterwards) and a fresh folder. Every upload carries distinct bytes: identical bytes
 * would be answered from the earlier document (cached) instead of stored. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').filter(Boolean) as Array<'sqlite' | 'postgres'>;
const PROCESSES = (process.env.BENCH_PROCESSES ?? '1,2').split(',').map(Number).filter(Boolean);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const TARGET = { throughputRatio: 0.6, p99Ratio: 2, getPerSecond: 5000, getP99Ms: 30 };

// A 200 KB PNG of noise (incompressible: the size on the wire is the size stored).
const png = await sharp(Buffer.from(Array.from({ length: 260 * 260 * 3 }, () => Math.floor(Math.random() * 256))), {
  raw: { width: 260, height: 260, channels: 3 },
})
  .png({ compressionLevel: 0 })
  .toBuffer();
const boundary = '----docreadbench';
const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.png"\r\nContent-Type: image/png\r\n\r\n`);
const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
// Where a request's counter is written into the noise, past the PNG's header.
const STAMP_AT = head.length + 200;
let sent = 0;
/** The form with this request's own bytes. */
function uniqueBody(): Buffer {
  const body = Buffer.concat([head, png, tail]);
  body.writeUInt32BE(sent++, STAMP_AT);
  body.writeUInt32BE(process.pid, STAMP_AT + 4);
  return body;
}

interface Measured {
  perSecond: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
}

async function load(url: string, headers: Record<string, string>, seconds: number, upload: boolean): Promise<Measured> {
  const r = await autocannon({
    url,
    connections: CLIENTS,
    duration: seconds,
    headers,
    ...(upload
      ? {
          method: 'POST' as const,
          headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
          requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: uniqueBody() }) }],
        }
      : {}),
  });
  return { perSecond: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.total, failures: r.non2xx + r.errors + r.timeouts };
}

/** Uploads for the warm-up (JIT, every cluster copy listening), then the measured run. */
async function measureUploads(url: string, headers: Record<string, string>): Promise<Measured> {
  if (WARMUP_SECONDS > 0) await load(url, headers, WARMUP_SECONDS, true);
  return load(url, headers, SECONDS, true);
}

async function bare(processes: number): Promise<Measured> {
  const dir = mkdtempSync(join(tmpdir(), 'docread-bench-bare-'));
  const port = await freePort();
  const { started, ready } = startNode(
    new URL('./scale/bare-upload-server.ts', import.meta.url).pathname,
    [],
    { ...process.env, PORT: String(port), BARE_PROCESSES: String(processes), BARE_DIR: dir },
    /^READY$/,
  );
  try {
    await ready;
    return await measureUploads(`http://127.0.0.1:${port}/upload`, {});
  } finally {
    await started.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function service(database: 'sqlite' | 'postgres', processes: number): Promise<{ upload: Measured; get: Measured }> {
  const dir = mkdtempSync(join(tmpdir(), 'docread-bench-api-'));
  const pgSchema = database === 'postgres' ? freshSchema() : null;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    BOOTSTRAP_DEV_ORG: 'false',
    RATE_LIMIT_PER_MINUTE: '0',
    WORKERS_IN_PROCESS: 'false',
    SHUTDOWN_DRAIN_MS: '0',
    REDIS_URL,
    REDIS_PREFIX: `bench-${database}-${processes}-${process.pid}:`,
    ...(pgSchema
      ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: pgSchema.schema, QUEUE_DRIVER: 'pgboss', PGBOSS_SCHEMA: pgSchema.bossSchema }
      : { DATABASE_URL: undefined, QUEUE_DRIVER: 'embedded' }),
  };
  let server: Started | undefined;
  try {
    const seed = await runNode(new URL('./scale/seed.ts', import.meta.url).pathname, [], env, /^SEED (\S+) (\S+)$/);
    const [, key, finishedId] = seed as unknown as [string, string, string];
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const serve = startNode(CLI, ['serve'], { ...env, PORT: String(port), API_PROCESSES: String(processes) });
    server = serve.started;
    await waitHealthy(base);
    const headers = { 'x-doc-api-key': key };
    const finished = (await (await fetch(`${base}/v1/documents/${finishedId}`, { headers })).json()) as { status: string };
    if (finished.status === 'processing') throw new Error('the GET document is not finished');
    const upload = await measureUploads(`${base}/v1/documents/upload`, headers);
    // Readings queued by the uploads stay queued: no worker runs, so GET shares the machine with nothing else.
    await sleep(500);
    const get = await load(`${base}/v1/documents/${finishedId}`, headers, SECONDS, false);
    return { upload, get };
  } finally {
    await server?.stop();
    await pgSchema?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const rows: string[][] = [];
let allPass = true;
const n = (x: number) => String(Math.round(x));
const mark = (ok: boolean) => {
  allPass &&= ok;
  return ok ? 'pass' : 'FAIL';
};
console.log(
  `docread API benchmark: ${ROUNDS} round${ROUNDS > 1 ? 's' : ''} per cell (medians), ${SECONDS} s per phase after ${WARMUP_SECONDS} s of warm-up, ${CLIENTS} clients, a ${Math.round(png.length / 1024)} KB PNG per upload (distinct bytes each), local disk, no workers`,
);
for (const database of DATABASES) {
  for (const processes of PROCESSES) {
    process.stdout.write(`  ${database}, ${processes} process${processes > 1 ? 'es' : ''}:`);
    const rounds: Array<{ b: Measured; s: { upload: Measured; get: Measured } }> = [];
    for (let round = 1; round <= ROUNDS; round++) {
      process.stdout.write(` round ${round}: bare handler … `);
      const b = await bare(processes);
      process.stdout.write('service …');
      rounds.push({ b, s: await service(database, processes) });
    }
    console.log(' done');
    const of = (pick: (r: (typeof rounds)[number]) => number) => median(rounds.map(pick));
    const ratios = rounds.map(({ b, s }) => s.upload.perSecond / b.perSecond);
    const throughput = median(ratios);
    const p99 = of(({ b, s }) => s.upload.p99 / Math.max(1, b.p99));
    const [getPerSecond, getP99] = [of(({ s }) => s.get.perSecond), of(({ s }) => s.get.p99)];
    rows.push([
      database,
      String(processes),
      n(of(({ b }) => b.perSecond)),
      n(of(({ b }) => b.p99)),
      n(of(({ s }) => s.upload.perSecond)),
      n(of(({ s }) => s.upload.p99)),
      `${throughput.toFixed(2)} ${mark(throughput >= TARGET.throughputRatio)}`,
      ratios.map((r) => r.toFixed(2)).join(' '),
      `${p99.toFixed(2)} ${mark(p99 <= TARGET.p99Ratio)}`,
      n(getPerSecond),
      n(getP99),
      mark(getPerSecond >= TARGET.getPerSecond && getP99 < TARGET.getP99Ms),
      String(rounds.reduce((sum, { b, s }) => sum + b.failures + s.upload.failures + s.get.failures, 0)),
    ]);
  }
}

const header = [
  'database',
  'procs',
  'bare up/s',
  'bare p99',
  'svc up/s',
  'svc p99',
  `up/s ratio (≥${TARGET.throughputRatio})`,
  'ratio per round',
  `p99 ratio (≤${TARGET.p99Ratio})`,
  'GET/s',
  'GET p99',
  `GET (≥${TARGET.getPerSecond}/s, <${TARGET.getP99Ms} ms)`,
  'failures',
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${rows.map(line).join('\n')}`);
console.log(`\nlatencies in ms; ${allPass ? 'every target met' : 'some targets missed (FAIL above)'}; numbers from a busy machine are not results`);
