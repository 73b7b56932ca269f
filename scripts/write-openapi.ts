import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/config/env.js';
import { createRuntime } from '../src/runtime.js';

/** Writes the OpenAPI document generated from the route schemas to openapi.json (committed; a
 * test fails when it drifts from what the app serves). */
const dir = mkdtempSync(join(tmpdir(), 'docread-openapi-'));
const rt = await createRuntime(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), { logger: pino({ level: 'silent' }) });
try {
  const app = await rt.buildApp();
  await app.ready();
  writeFileSync(new URL('../openapi.json', import.meta.url), `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
} finally {
  await rt.close();
  rmSync(dir, { recursive: true, force: true });
}
