import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { buildApp, type AppServices } from './app.js';
import { createBlobStore } from './adapters/blobs/index.js';
import type { BlobStore } from './adapters/blobs/types.js';
import { connectDb, type Db } from './adapters/db/connect.js';
import { createEmbeddedQueue } from './adapters/queue/embedded.js';
import type { Queue } from './adapters/queue/types.js';
import type { Config } from './config/env.js';
import { createMetrics } from './http/plugins/metrics.js';
import type { ReadDeps } from './pipeline/context.js';
import { createReadDeps } from './pipeline/read-deps.js';
import { AccountsService } from './services/accounts.js';
import { createNotifier } from './services/notify/index.js';
import { loadAuthKeys } from './services/sessions-secret.js';
import { TokenSigner } from './services/sessions-tokens.js';
import { SessionsService } from './services/sessions.js';
import { UsageService } from './services/usage.js';
import { Counters } from './services/usage-limiter.js';
import { OtpChallenges } from './services/users-otp.js';
import { PasswordHasher } from './services/users-passwords.js';
import { UsersService } from './services/users.js';
import { DocumentsService, READ_QUEUE, type ReadJobPayload } from './services/documents.js';
import { createReadHandler } from './services/reading-worker.js';
import { PoliciesService } from './services/policies.js';
import { ReviewsService } from './services/reviews.js';

/** The composition root: builds every adapter and service once from the config. */
export interface Runtime extends Omit<AppServices, 'ping'> {
  config: Config;
  logger: Logger;
  db: Db;
  blobs: BlobStore;
  queue: Queue;
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

export async function createRuntime(config: Config, opts: { logger?: Logger } = {}): Promise<Runtime> {
  const logger = opts.logger ?? createLogger(config);
  const db = connectDb(config.database);
  const applied = await db.migrate();
  if (applied.length) logger.info({ applied }, 'database migrated');
  const blobs = createBlobStore(config.blobs);
  const queue = createEmbeddedQueue(db.db, db.kind, {
    leaseSeconds: config.QUEUE_LEASE_SECONDS,
    pollMs: config.QUEUE_POLL_MS,
    maxAttempts: config.QUEUE_MAX_ATTEMPTS,
    logger,
  });
  const accounts = new AccountsService(db.db);
  const authKeys = await loadAuthKeys(db.db, config.AUTH_SECRET);
  const notify = createNotifier(config);
  const passwords = new PasswordHasher({ memoryKib: config.ARGON2_MEMORY_KIB, iterations: config.ARGON2_ITERATIONS });
  const otp = new OtpChallenges(db.db, authKeys.otp);
  const sessions = new SessionsService(db.db, { passwords, otp, tokens: new TokenSigner(authKeys.jwt, config.ACCESS_TOKEN_SECONDS), notify, refreshDays: config.REFRESH_TOKEN_DAYS, logger });
  const users = new UsersService(db.db, { accounts, passwords, otp, notify, publicBaseUrl: config.publicBaseUrl });
  const counters = new Counters({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS, logger });
  const usage = new UsageService(db.db, config.plans, counters);
  const documents = new DocumentsService(db.db, blobs, queue, {
    maxFileBytes: config.MAX_FILE_BYTES,
    keepOriginals: config.KEEP_ORIGINALS,
    publicBaseUrl: config.publicBaseUrl,
    logger,
    quota: usage,
  });
  const policies = new PoliciesService(db.db);
  const reviews = new ReviewsService(db.db, documents, policies);
  const metrics = createMetrics({
    queueDepth: () => queue.depth(),
    documentsByStatus: async () => {
      const rows = await db.db.selectFrom('documents').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    },
  });
  const reading = createReadDeps(config, logger);
  const readDeps = reading.deps;
  let workersStarted = false;

  return {
    config,
    logger,
    db,
    blobs,
    queue,
    accounts,
    users,
    sessions,
    usage,
    counters,
    documents,
    policies,
    reviews,
    metrics,
    readDeps,
    buildApp: () => buildApp(config, { accounts, users, sessions, usage, counters, documents, policies, reviews, metrics, ping: () => db.ping() }, logger),
    startWorkers(concurrency = config.WORKER_CONCURRENCY) {
      if (workersStarted) return;
      workersStarted = true;
      const handler = createReadHandler({
        db: db.db,
        blobs,
        read: readDeps,
        logger,
        policyFor: (orgId) => policies.effectiveFor(orgId),
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
      await reading.close();
      await blobs.close();
      await counters.close();
      await db.close();
    },
  };
}
