import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pino from 'pino';
import sharp from 'sharp';
import { loadConfig } from '../src/config/env.js';
import { createRuntime } from '../src/runtime.js';

/** Upload-to-202 latency for a 200 KB file at 50 concurrent clients, and GET /v1/documents/{id}
 * throughput. Targets on 2 cores: upload p99 < 100 ms; GET > 2,000 req/s with p99 < 30 ms. */
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
/** `upload` or `get` runs one phase alone (for profiling); anything else runs both. */
const PHASE = process.env.BENCH_PHASE ?? 'all';
const dir = mkdtempSync(join(tmpdir(), 'docread-bench-'));
// Rate limits off and an internal-plan organisation: this measures the service, not its limits.
const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: '0', BOOTSTRAP_DEV_ORG: 'false', RATE_LIMIT_PER_MINUTE: '0' });
const rt = await createRuntime(config, { logger: pino({ level: 'silent' }) });
const app = await rt.buildApp();
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
const base = `http://127.0.0.1:${address.port}`;
const { key } = await rt.accounts.createKey({ orgName: 'bench', plan: 'internal' });

// A 200 KB PNG of noise: incompressible, so the size on the wire is the size stored.
const png = await sharp(Buffer.from(Array.from({ length: 260 * 260 * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: 260, height: 260, channels: 3 } })
  .png({ compressionLevel: 0 })
  .toBuffer();
const boundary = '----docreadbench';
const body = Buffer.concat([
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.png"\r\nContent-Type: image/png\r\n\r\n`),
  png,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);

function report(name: string, r: autocannon.Result) {
  const non2xx = r.non2xx + r.errors + r.timeouts;
  console.log(
    `${name.padEnd(28)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  requests ${r.requests.total}  failures ${non2xx}`,
  );
}

console.log(`docread API benchmark — ${DURATION_S}s per phase, file ${Math.round(png.length / 1024)} KB, SQLite + local disk, workers off during upload`);
const uploads = await autocannon({
  ...(PHASE === 'get' ? { amount: 50 } : {}),
  url: `${base}/v1/documents/upload`,
  method: 'POST',
  connections: 50,
  duration: DURATION_S,
  headers: { 'x-doc-api-key': key, 'content-type': `multipart/form-data; boundary=${boundary}` },
  body,
});
if (PHASE !== 'get') report('upload → 202 (50 clients)', uploads);

const principal = (await rt.accounts.authenticateKey(key))!;
const one = (await rt.documents.list(principal, { page: 1, page_size: 1 })).items[0]!;
if (PHASE !== 'upload') {
  const gets = await autocannon({ url: `${base}/v1/documents/${one.id}`, connections: 50, duration: DURATION_S, headers: { 'x-doc-api-key': key } });
  report('GET /v1/documents/{id}', gets);
}

await app.close();
await rt.close();
rmSync(dir, { recursive: true, force: true });
