import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import { CLI, freePort, freshSchema, PG_URL, REDIS_URL, runNode, startNode, waitHealthy, type Started } from './scale/processes.js';

/** CPU time per upload of the API process (one process, no workers): wall throughput means
 * little on a shared machine, the CPU an upload costs does not depend on the neighbours. Sends
 * UPLOADS uploads of the 200 KB file bench:api sends (distinct bytes each) at CLIENTS clients after a warm-up,
 * and reads the process's user + system time from /proc before and after, and its event loop
 * thread's apart (the steadier figure on a busy machine). With CPU_PROF=dir the
 * process writes a V8 CPU profile there when it stops. With COUNT_SQL=1 it also prints the
 * database statements (PostgreSQL: round trips) per measured upload, by kind. With CPU_THREADS=1
 * it prints each thread's CPU per upload: the ids follow the order threads started in (the event
 * loop's, then V8's helpers, which run the collector's parallel work, then libuv's pool, started
 * on first use, which runs the file system calls and WebCrypto's digests). Linux only. */
const UPLOADS = Number(process.env.UPLOADS ?? 2000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const database = (process.env.BENCH_DATABASE ?? 'sqlite') as 'sqlite' | 'postgres';
/** BENCH_TARGET=bare measures bench:api's yardstick, the bare Fastify + multipart handler, instead. */
const bare = process.env.BENCH_TARGET === 'bare';

const boundary = '----docreadcpu';
const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.png"\r\nContent-Type: image/png\r\n\r\n`);
const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
// A 200 KB PNG of noise, as bench:api sends.
const png = await sharp(Buffer.from(Array.from({ length: 260 * 260 * 3 }, () => Math.floor(Math.random() * 256))), {
  raw: { width: 260, height: 260, channels: 3 },
})
  .png({ compressionLevel: 0 })
  .toBuffer();
let sent = 0;
function uniqueBody(): Buffer {
  const body = Buffer.concat([head, png, tail]);
  body.writeUInt32BE(sent++, head.length + 200);
  body.writeUInt32BE(process.pid, head.length + 204);
  return body;
}

/** User + system CPU of a process in ms (clock ticks of 10 ms on Linux); `thread`: of that thread only. */
function cpuMs(pid: number, thread?: number): number {
  const fields = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8')
    .split(') ')[1]!
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU of each of the process's threads, by thread id and name (Node 20 names them all "node"). */
function threadsCpu(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      out.set(`${tid} ${name}`, cpuMs(pid, Number(tid)));
    } catch {
      // Ended since the listing.
    }
  }
  return out;
}

/** PostgreSQL (on this machine): CPU of the server processes serving the service's connections,
 * told apart by their application_name, by process: one opened during the run counts from 0, one
 * that ended during it is missed (the pools keep theirs for 30 s idle, longer than a run). */
const APP_NAME = `docread-bench-cpu-${process.pid}`;
async function backendsCpu(): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [APP_NAME]);
    const out = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        out.set(pid, cpuMs(pid));
      } catch {
        // Ended since the query.
      }
    }
    return out;
  } finally {
    await client.end();
  }
}

/** `cpuMs` of the benchmarked process; with CPU_SPLIT, user and system time printed apart. */
function ownCpuMs(pid: number): number {
  if (process.env.CPU_SPLIT) {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    console.log(`utime ${Number(fields[11]) * 10} ms, stime ${Number(fields[12]) * 10} ms`);
  }
  return cpuMs(pid);
}

/** Asks the process for its statement counts (see scale/count-sql.ts) and prints them per upload. */
async function printCounts(pid: number, file: string): Promise<void> {
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 50 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 100));
  const counts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(`database statements (PostgreSQL: round trips) per upload: ${(total / UPLOADS).toFixed(2)}`);
  for (const [text, n] of Object.entries(counts)) if (n >= UPLOADS / 20) console.log(`  ${(n / UPLOADS).toFixed(2)}  ${text}`);
}

async function send(url: string, key: string, amount: number): Promise<number> {
  const r = await autocannon({
    url,
    connections: CLIENTS,
    amount,
    method: 'POST',
    headers: { 'x-doc-api-key': key, 'content-type': `multipart/form-data; boundary=${boundary}` },
    requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: uniqueBody() }) }],
  });
  return r.non2xx + r.errors + r.timeouts;
}

const dir = mkdtempSync(join(tmpdir(), 'docread-bench-cpu-'));
const pgSchema = database === 'postgres' && !bare ? freshSchema() : null;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
  BOOTSTRAP_DEV_ORG: 'false',
  RATE_LIMIT_PER_MINUTE: '0',
  WORKERS_IN_PROCESS: 'false',
  SHUTDOWN_DRAIN_MS: '0',
  REDIS_URL,
  REDIS_PREFIX: `bench-cpu-${process.pid}:`,
  PGAPPNAME: APP_NAME,
  ...(pgSchema
    ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: pgSchema.schema, QUEUE_DRIVER: 'pgboss', PGBOSS_SCHEMA: pgSchema.bossSchema }
    : { DATABASE_URL: undefined, QUEUE_DRIVER: 'embedded' }),
};
let server: Started | undefined;
try {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const countFile = process.env.COUNT_SQL ? join(dir, 'sql-counts.json') : null;
  const profile = [
    ...(process.env.CPU_PROF ? [`--cpu-prof`, `--cpu-prof-dir=${process.env.CPU_PROF}`] : []),
    // tsx first (the same module startNode imports after these, so loaded once), to load a .ts file.
    ...(countFile ? ['--import', 'tsx', '--import', new URL('./scale/count-sql.ts', import.meta.url).pathname] : []),
  ];
  let key = '';
  let url = `${base}/v1/documents/upload`;
  if (bare) {
    const started = startNode(
      new URL('./scale/bare-upload-server.ts', import.meta.url).pathname,
      [],
      { ...env, PORT: String(port), BARE_DIR: dir, ...(countFile ? { COUNT_SQL: countFile } : {}) },
      /^READY$/,
      profile,
    );
    server = started.started;
    await started.ready;
    url = `${base}/upload`;
  } else {
    key = (await runNode(new URL('./scale/seed.ts', import.meta.url).pathname, [], env, /^SEED (\S+) (\S+)$/))[1]!;
    server = startNode(CLI, ['serve'], { ...env, PORT: String(port), ...(countFile ? { COUNT_SQL: countFile } : {}) }, undefined, profile).started;
    await waitHealthy(base);
  }
  await send(url, key, Math.min(500, UPLOADS));
  if (countFile) server.child.kill('SIGUSR2');
  const measureServer = database === 'postgres' && !bare;
  const serverBefore = measureServer ? await backendsCpu() : null;
  const pid = server.child.pid!;
  // The event loop's thread (its id is the process's): the file system's thread pool and V8's
  // helpers also count in the process's CPU, and vary more with the load beside the run.
  const threadsBefore = threadsCpu(pid);
  const loopBefore = cpuMs(pid, pid);
  const before = ownCpuMs(pid);
  const failures = await send(url, key, UPLOADS);
  const used = ownCpuMs(pid) - before;
  const loopUsed = cpuMs(pid, pid) - loopBefore;
  if (process.env.CPU_THREADS) {
    for (const [name, ms] of threadsCpu(pid)) {
      const spent = ms - (threadsBefore.get(name) ?? 0);
      if (spent > 0) console.log(`  thread ${name}: ${(spent / UPLOADS).toFixed(2)} ms per upload`);
    }
  }
  const serverAfter = measureServer ? await backendsCpu() : null;
  console.log(
    `${bare ? 'bare handler' : database}: ${UPLOADS} uploads at ${CLIENTS} clients, ${failures} failed; API process CPU ${used} ms, ${(used / UPLOADS).toFixed(2)} ms per upload (event loop thread ${(loopUsed / UPLOADS).toFixed(2)} ms)`,
  );
  if (serverBefore && serverAfter) {
    const serverUsed = [...serverAfter].reduce((sum, [pid, ms]) => sum + ms - (serverBefore.get(pid) ?? 0), 0);
    console.log(`PostgreSQL backends of the service (${serverAfter.size}): CPU ${serverUsed} ms, ${(serverUsed / UPLOADS).toFixed(2)} ms per upload`);
  }
  if (countFile) await printCounts(server.child.pid!, countFile);
} finally {
  await server?.stop();
  await pgSchema?.drop();
  rmSync(dir, { recursive: true, force: true });
}
