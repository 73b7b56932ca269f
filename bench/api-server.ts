import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/config/env.js';
import { createRuntime } from '../src/runtime.js';

/** The service for bench/api.bench.ts, in a process of its own so that the load generator does
 * not share its event loop. Rate limits off and an internal-plan key: this measures the service,
 * not its limits. Prints `READY <base> <key>` once listening; exits on SIGTERM. */
const dir = mkdtempSync(join(tmpdir(), 'docread-bench-'));
const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', BOOTSTRAP_DEV_ORG: 'false', RATE_LIMIT_PER_MINUTE: '0' });
const rt = await createRuntime(config, { logger: pino({ level: 'silent' }) });
const app = await rt.buildApp();
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
const { key } = await rt.accounts.createKey({ orgName: 'bench', plan: 'internal' });
process.stdout.write(`READY http://127.0.0.1:${address.port} ${key}\n`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => rt.close())
    .finally(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
});
