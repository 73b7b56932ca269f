import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { buildApp } from './app.js';
import { createBlobStore } from './adapters/blobs/index.js';
import type { BlobStore } from './adapters/blobs/types.js';
import { connectDb, type Db } from './adapters/db/connect.js';
import { createEmbeddedQueue } from './adapters/queue/embedded.js';
import type { Queue } from './adapters/queue/types.js';
import type { Config } from './config/env.js';
import { createMetrics, type Metrics } from './http/plugins/metrics.js';
import { SandboxPool, intakeFile, intakeLimits } from './pipeline/intake/index.js';
import type { ReadDeps } from './pipeline/read-document.js';
import { AccountsService } from './services/accounts.js';
import { DocumentsService, READ_QUEUE, type ReadJobPayload } from './services/documents.js';
import { createReadHandler } from './services/reading-worker.js';

/** The composition root: builds every adapter and service once from the config. */
export interface Runtime {
  config: Config;
  logger: Logger;
  db: Db;
  blobs: BlobStore;
  queue: Queue;
  accounts: AccountsService;
  documents: DocumentsService;
  metrics: Metrics;
  readDeps: ReadDeps;
  buildApp(): Promise<FastifyInstance>;
  startWorkers(concurrency?: number): void;
  close(): Promise<void>;
}

export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: { paths: ['req.headers["x-doc-api-key"]', 'req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
  });
}

export async function createRuntime(config: Config, opts: { logger?: Logger; migrate?: boolean } = {}): Promise<Runtime> {
  const logger = opts.logger ?? createLogger(config);
  const db = connectDb(config.database);
  if (opts.migrate !== false) {
    const applied = await db.migrate();
    if (applied.length) logger.info({ applied }, 'database migrated');
  }
  const blobs = createBlobStore(config.blobs);
  const queue = createEmbeddedQueue(db.db, db.kind, {
    leaseSeconds: config.QUEUE_LEASE_SECONDS,
    pollMs: config.QUEUE_POLL_MS,
    maxAttempts: config.QUEUE_MAX_ATTEMPTS,
    logger,
  });
  const accounts = new AccountsService(db.db);
  const documents = new DocumentsService(db.db, blobs, queue, {
    maxFileBytes: config.MAX_FILE_BYTES,
    keepOriginals: config.KEEP_ORIGINALS,
    publicBaseUrl: config.publicBaseUrl,
    logger,
  });
  const metrics = createMetrics({
    queueDepth: () => queue.depth(),
    documentsByStatus: async () => {
      const rows = await db.db.selectFrom('documents').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    },
  });
  const limits = intakeLimits({ maxFileBytes: config.MAX_FILE_BYTES, maxPages: config.MAX_PDF_PAGES });
  // Untrusted files are opened in sandbox processes, as many as documents are read at once.
  const sandbox = new SandboxPool({ size: config.WORKER_CONCURRENCY, heapMb: limits.memoryMb });
  const readDeps: ReadDeps = {
    intake: (bytes, kind, l, opts) => intakeFile(bytes, kind, l, { ...opts, pool: sandbox }),
    limits,
    logger,
  };
  let workersStarted = false;

  return {
    config,
    logger,
    db,
    blobs,
    queue,
    accounts,
    documents,
    metrics,
    readDeps,
    buildApp: () => buildApp(config, { accounts, documents, metrics, ping: () => db.ping() }, logger),
    startWorkers(concurrency = config.WORKER_CONCURRENCY) {
      if (workersStarted) return;
      workersStarted = true;
      const handler = createReadHandler({
        db: db.db,
        blobs,
        read: readDeps,
        logger,
        observer: {
          onFinished: ({ status, timings }) => {
            metrics.readingsFinished.inc({ status });
            for (const [step, ms] of Object.entries(timings)) metrics.stepSeconds.observe({ step }, ms / 1000);
          },
        },
      });
      queue.work<ReadJobPayload>(READ_QUEUE, handler, { concurrency });
    },
    async close() {
      await queue.stop(10_000);
      await sandbox.close();
      await blobs.close();
      await db.close();
    },
  };
}
