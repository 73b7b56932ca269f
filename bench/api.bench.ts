import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import sharp from 'sharp';

/** Upload-to-202 latency for a 200 KB file at 50 concurrent clients, and GET /v1/documents/{id}
 * throughput. The service runs in its own process (bench/api-server.ts) on SQLite and local disk,
 * with no workers, so only the request path is measured.
 * Targets on 2 cores: upload p99 < 100 ms; GET > 2,000 req/s with p99 < 30 ms. */
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
/** `upload` or `get` runs one phase alone (for profiling); anything else runs both. */
const PHASE = process.env.BENCH_PHASE ?? 'all';

// BENCH_NODE_ARGS='--cpu-prof' profiles the server.
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const server = spawn(
  process.execPath,
  [...nodeArgs, '--import', 'tsx', new URL('./api-server.ts', import.meta.url).pathname, ...(process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean)],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, WORKERS_IN_PROCESS: 'false' },
  },
);
const [base, key] = await new Promise<[string, string]>((resolve, reject) => {
  server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  createInterface({ input: server.stdout! }).on('line', (line) => {
    const m = line.match(/^READY (\S+) (\S+)$/);
    if (m) resolve([m[1]!, m[2]!]);
  });
});

// A 200 KB PNG of noise: incompressible, so the size on the wire is the size stored.
const png = await sharp(Buffer.from(Array.from({ length: 260 * 260 * 3 }, () => Math.floor(Math.random() * 256))), {
  raw: { width: 260, height: 260, channels: 3 },
})
  .png({ compressionLevel: 0 })
  .toBuffer();
const boundary = '----docreadbench';
const body = Buffer.concat([
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.png"\r\nContent-Type: image/png\r\n\r\n`),
  png,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);

function report(name: string, r: autocannon.Result) {
  const failures = r.non2xx + r.errors + r.timeouts;
  console.log(
    `${name.padEnd(28)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  requests ${r.requests.total}  failures ${failures}`,
  );
}

try {
  console.log(
    `docread API benchmark — ${DURATION_S}s per phase, file ${Math.round(png.length / 1024)} KB, SQLite + local disk, server in its own process, no workers`,
  );
  let lastId = '';
  const uploads = await autocannon({
    url: `${base}/v1/documents/upload`,
    method: 'POST',
    connections: 50,
    ...(PHASE === 'get' ? { amount: 50 } : { duration: DURATION_S }),
    headers: { 'x-doc-api-key': key, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    setupClient: (client) =>
      client.on('body', (b: Buffer) => {
        lastId = (JSON.parse(b.toString()) as { id: string }).id;
      }),
  });
  if (PHASE !== 'get') report('upload → 202 (50 clients)', uploads);
  if (PHASE !== 'upload') {
    const gets = await autocannon({ url: `${base}/v1/documents/${lastId}`, connections: 50, duration: DURATION_S, headers: { 'x-doc-api-key': key } });
    report('GET /v1/documents/{id}', gets);
  }
} finally {
  server.kill('SIGTERM');
}
