import type { FastifyInstance } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import { buildApp, type AppServices } from './app.js';
import { createBlobStore } from './adapters/blobs/index.js';
import type { BlobStore } from './adapters/blobs/types.js';
import { connectDb, type Db } from './adapters/db/connect.js';
import { CommitGroups } from './adapters/db/group-commit.js';
import { Repositories } from './adapters/db/repositories/index.js';
import { createEmbeddedQueue } from './adapters/queue/embedded.js';
import { createPgBossQueue } from './adapters/queue/pgboss.js';
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
import { systemResolver, type Resolver } from './adapters/webhooks/address-guard.js';
import { createHttpSender } from './adapters/webhooks/http-sender.js';
import { JobEvents } from './services/jobs/job-events.js';
import { JobsService } from './services/jobs/jobs.js';
import { createDeliveryHandler } from './services/webhooks/delivery.js';
import { WebhookEndpointsService } from './services/webhooks/endpoints.js';
import { EventOutbox, WEBHOOK_QUEUE, type DeliveryJobPayload } from './services/webhooks/outbox.js';
import { SecretBox } from './services/webhooks/secret-box.js';
import { CaptureService } from './capture/check.js';
import { CvOutputsService } from './services/cv-outputs.js';
import { loadPdfFonts } from './outputs/fonts.js';
import { modelImprover } from './outputs/cv-improve-model.js';
import { createLlmClient } from './readers/llm/client.js';
import { PageImagesService } from './services/page-images.js';

/** The composition root: builds every adapter and service once from the config. */
export interface Runtime extends Omit<AppServices, 'ping' | 'draining'> {
  config: Config;
  logger: Logger;
  db: Db;
  repos: Repositories;
  blobs: BlobStore;
  queue: Queue;
  readDeps: ReadDeps;
  buildApp(): Promise<FastifyInstance>;
  startWorkers(concurrency?: number): void;
  /** Readiness turns false; requests and work already under way go on. */
  beginDrain(): void;
  close(): Promise<void>;
}

/** `destination` is for tests that read the log; by default it is standard output. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  const options = {
    level: config.LOG_LEVEL,
    // Credentials travel in headers; any logged object carrying headers (the request, the
    // multipart parser's options at trace level) has them hidden.
    redact: { paths: ['headers', '*.headers'].flatMap((at) => [`${at}["x-doc-api-key"]`, `${at}.authorization`, `${at}.cookie`]), censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}

function createQueue(config: Config, db: Db, logger: Logger): Queue {
  if (config.QUEUE_DRIVER === 'pgboss' && config.database.kind === 'postgres') {
    return createPgBossQueue({
      connectionString: config.database.url,
      schema: config.PGBOSS_SCHEMA,
      maxAttempts: config.QUEUE_MAX_ATTEMPTS,
      expireSeconds: config.PGBOSS_EXPIRE_SECONDS,
      maintenanceSeconds: config.PGBOSS_MAINTENANCE_SECONDS,
      pollSeconds: Math.max(0.5, config.QUEUE_POLL_MS / 1000),
      retryDelaySeconds: 1,
      poolSize: config.PGBOSS_POOL_MAX,
      logger,
    });
  }
  return createEmbeddedQueue(db.db, db.kind, {
    leaseSeconds: config.QUEUE_LEASE_SECONDS,
    pollMs: config.QUEUE_POLL_MS,
    maxAttempts: config.QUEUE_MAX_ATTEMPTS,
    logger,
  });
}

export async function createRuntime(
  config: Config,
  opts: { logger?: Logger /** Tests: a resolver that rebinds. */; webhookResolver?: Resolver } = {},
): Promise<Runtime> {
  const logger = opts.logger ?? createLogger(config);
  const db = connectDb(config.database, {
    onConnectionLost: (err) => logger.warn({ err }, 'database: a connection was lost; the pool opens another'),
  });
  const applied = await db.migrate();
  if (applied.length) logger.info({ applied }, 'database migrated');
  const blobs = createBlobStore(config.blobs);
  const queue = createQueue(config, db, logger);
  const sqliteFile = config.database.kind === 'sqlite' ? config.database.file : null;
  const groups = sqliteFile === null ? undefined : new CommitGroups(db.db, sqliteFile === ':memory:' ? null : `${sqliteFile}-wal`);
  const repos = new Repositories(db.db, groups);
  const accounts = new AccountsService(repos, { keyCacheMs: config.API_KEY_CACHE_MS });
  const authKeys = await loadAuthKeys(repos.meta, config.AUTH_SECRET);
  const notify = createNotifier(config);
  const passwords = new PasswordHasher({ memoryKib: config.ARGON2_MEMORY_KIB, iterations: config.ARGON2_ITERATIONS });
  const otp = new OtpChallenges(repos, authKeys.otp);
  const sessions = new SessionsService(repos, {
    passwords,
    otp,
    tokens: new TokenSigner(authKeys.jwt, config.ACCESS_TOKEN_SECONDS),
    notify,
    refreshDays: config.REFRESH_TOKEN_DAYS,
    logger,
  });
  const users = new UsersService(repos, { accounts, passwords, otp, notify, publicBaseUrl: config.publicBaseUrl });
  const counters = new Counters({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS, logger });
  if (!(await counters.connected(2_000))) logger.warn('Redis did not connect within 2 s: shared counters fail open until it does');
  const usage = new UsageService(repos, config.plans, counters, { chargeBeforeTransaction: db.kind === 'postgres' });
  const outbox = new EventOutbox(queue);
  const jobEvents = new JobEvents(outbox);
  const documents = new DocumentsService(repos, blobs, queue, {
    maxFileBytes: config.MAX_FILE_BYTES,
    keepOriginals: config.KEEP_ORIGINALS,
    publicBaseUrl: config.publicBaseUrl,
    logger,
    quota: usage,
    scrubErased: (tables) => db.scrubErased(tables),
    events: jobEvents,
    viewCacheBytes: config.VIEW_CACHE_MB * 1024 * 1024,
  });
  const policies = new PoliciesService(repos);
  const reviews = new ReviewsService(repos, documents, policies, jobEvents);
  const jobs = new JobsService(repos, documents, jobEvents, { idempotencyHours: config.IDEMPOTENCY_KEY_HOURS });
  const webhookGuard = { allowHttpLoopback: config.WEBHOOK_ALLOW_HTTP_LOOPBACK, resolver: opts.webhookResolver ?? systemResolver };
  const secretBox = new SecretBox(config.WEBHOOK_ENCRYPTION_KEY ?? authKeys.webhookSecrets);
  const webhooks = new WebhookEndpointsService(repos, queue, secretBox, { guard: webhookGuard, rotationWindowSeconds: config.WEBHOOK_ROTATION_WINDOW_SECONDS });
  const metrics = createMetrics({
    queueDepth: () => queue.depth(),
    documentsByStatus: () => repos.documents.countByStatus(),
  });
  const reading = createReadDeps(config, logger);
  const readDeps = reading.deps;
  // the capture check shares the process's OCR pools (started on first use)
  const capture = new CaptureService({
    readers: async () => ({ tesseract: await readDeps.readers.get('tesseract'), paddle: await readDeps.readers.get('paddle') }),
  });
  // Rebuilt CVs are read back by the same sandboxed intake that reads uploads.
  const cvOutputs = new CvOutputsService(repos, documents, {
    readBack: (bytes, kind) => readDeps.intake(bytes, kind, readDeps.limits),
    fonts: () => loadPdfFonts(config.CV_PDF_FONT, config.CV_PDF_FONT_BOLD),
    ...(config.llm.mode !== 'off'
      ? {
          improveWithModel: modelImprover(
            createLlmClient({
              providers: config.llm.providers,
              timeoutMs: config.llm.timeoutMs,
              maxTokens: config.llm.maxTokens,
              maxRetries: config.llm.maxRetries,
              logger,
            }),
            (err) => logger.warn({ err: (err as Error).message }, 'CV improvement by the model failed; local rules used'),
          ),
        }
      : {}),
  });
  const pageImages = new PageImagesService(repos, blobs, readDeps);
  let workersStarted = false;
  let draining = false;

  // The services the app is built from, listed once: the runtime exposes them and buildApp takes them.
  const services: Omit<AppServices, 'ping' | 'draining'> = {
    accounts,
    users,
    sessions,
    usage,
    counters,
    documents,
    policies,
    reviews,
    jobs,
    webhooks,
    capture,
    cvOutputs,
    pageImages,
    metrics,
  };

  return {
    config,
    logger,
    db,
    repos,
    blobs,
    queue,
    ...services,
    readDeps,
    buildApp: () => buildApp(config, { ...services, ping: () => db.ping(), draining: () => draining }, logger),
    startWorkers(concurrency = config.WORKER_CONCURRENCY) {
      if (workersStarted) return;
      workersStarted = true;
      const handler = createReadHandler({
        repos,
        blobs,
        read: readDeps,
        logger,
        policyFor: (orgId) => policies.effectiveFor(orgId),
        events: jobEvents,
        observer: {
          onFinished: ({ status, timings }) => {
            metrics.readingsFinished.inc({ status });
            for (const [step, ms] of Object.entries(timings)) metrics.stepSeconds.observe({ step }, ms / 1000);
          },
        },
      });
      queue.work<ReadJobPayload>(READ_QUEUE, handler, { concurrency });
      const deliver = createDeliveryHandler({
        repos,
        queue,
        send: createHttpSender({ ...webhookGuard, timeoutMs: config.WEBHOOK_TIMEOUT_MS }),
        box: secretBox,
        scheduleMs: config.WEBHOOK_RETRY_SCHEDULE_MS,
        legacyKey: authKeys.legacyWebhookSignature,
        logger,
      });
      queue.work<DeliveryJobPayload>(WEBHOOK_QUEUE, deliver, { concurrency: config.WEBHOOK_CONCURRENCY });
    },
    beginDrain() {
      draining = true;
    },
    async close() {
      draining = true;
      await queue.stop(config.SHUTDOWN_WORK_TIMEOUT_MS);
      await reading.close();
      await blobs.close();
      await counters.close();
      await db.close();
    },
  };
}
