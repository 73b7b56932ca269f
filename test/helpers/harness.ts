import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino, { type Logger } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig, type Config } from '../../src/config/env.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import { sqliteDatabase, type TestDatabase } from './databases.js';

/** A real runtime (database, blob store, queue, workers) and the real app, driven through
 * Fastify's injector. */
export interface Harness {
  rt: Runtime;
  app: FastifyInstance;
  blobRoot: string;
  key(orgName: string): Promise<string>;
  inject: FastifyInstance['inject'];
  close(): Promise<void>;
}

export interface HarnessOptions {
  workers?: boolean;
  env?: Record<string, string>;
  blobRoot?: string;
  blobs?: Config['blobs'];
  logger?: Logger;
}

export async function startHarness(db: TestDatabase, opts: HarnessOptions = {}): Promise<Harness> {
  const blobRoot = opts.blobRoot ?? mkdtempSync(join(tmpdir(), 'docread-blobs-'));
  const config = loadConfig({
    ...db.env,
    DATA_DIR: db.env.DATA_DIR ?? blobRoot,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    QUEUE_POLL_MS: '20',
    QUEUE_LEASE_SECONDS: '30',
    BOOTSTRAP_DEV_ORG: 'false',
    // Suites drive many requests and refusals from one address; limit tests set their own.
    RATE_LIMIT_PER_MINUTE: '0',
    ABUSE_MAX_FAILURES: '100000',
    ...opts.env,
  });
  const rt = await createRuntime(
    { ...config, blobs: opts.blobs ?? { kind: 'disk', root: blobRoot } },
    { logger: opts.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }) },
  );
  const app = await rt.buildApp();
  await app.ready();
  if (opts.workers !== false) rt.startWorkers(2);
  return {
    rt,
    app,
    blobRoot,
    // Operator-made organisations on the internal plan: no quota in suites that are not about quota.
    key: async (orgName) => (await rt.accounts.createKey({ orgName, plan: 'internal' })).key,
    inject: app.inject.bind(app) as FastifyInstance['inject'],
    async close() {
      await app.close();
      await rt.close();
      if (!opts.blobRoot) rmSync(blobRoot, { recursive: true, force: true });
    },
  };
}

/** The set-up most API suites share: a fresh database (SQLite unless `database` makes another)
 * and a harness on it, started before the enclosing block's tests and closed, database and all,
 * after them. The answer stands for that harness (and its database as `db`) once the block's
 * first beforeAll has run; the suite's own hooks, registered after, can use it. */
export function harnessPerSuite(opts: HarnessOptions = {}, database: () => TestDatabase = sqliteDatabase): Harness & { readonly db: TestDatabase } {
  let db: TestDatabase | undefined;
  let h: Harness | undefined;
  beforeAll(async () => {
    db = database();
    h = await startHarness(db, opts);
  });
  afterAll(async () => {
    await h?.close();
    await db?.cleanup();
  });
  const started = (): Harness => {
    if (!h) throw new Error('The harness is used before its beforeAll ran.');
    return h;
  };
  return {
    get rt() {
      return started().rt;
    },
    get app() {
      return started().app;
    },
    get blobRoot() {
      return started().blobRoot;
    },
    get db() {
      if (!db) throw new Error('The database is used before its beforeAll ran.');
      return db;
    },
    key: (orgName) => started().key(orgName),
    inject: ((...args: Parameters<FastifyInstance['inject']>) => started().inject(...args)) as FastifyInstance['inject'],
    close: () => started().close(),
  };
}

export interface FilePart {
  field?: string;
  filename: string;
  bytes: Buffer;
  type?: string;
}

/** Encodes a multipart form the way a browser or curl would. */
export async function multipart(files: FilePart[], fields: Record<string, string> = {}): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.field ?? 'file', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'application/octet-stream' }), f.filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

export async function upload(h: Harness, key: string, file: FilePart, fields: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const { payload, headers } = await multipart([file], fields);
  return h.inject({ method: 'POST', url: '/v1/documents/upload', payload, headers: { ...headers, 'x-doc-api-key': key } });
}

/** Polls GET /v1/documents/{id} until reading has finished. */
export async function waitFinished(h: Harness, key: string, id: string, timeoutMs = 60_000): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await h.inject({ method: 'GET', url: `/v1/documents/${id}`, headers: { 'x-doc-api-key': key } });
    const body = res.json();
    if (res.statusCode !== 200) throw new Error(`GET ${id} answered ${res.statusCode}: ${res.body}`);
    if (body.status !== 'processing') return body;
    if (Date.now() > deadline) throw new Error(`document ${id} still processing after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
