import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config } from './config/env.js';
import { registerAuth } from './http/plugins/auth.js';
import { registerIpLimits, registerPrincipalLimits, type RateLimitOptions } from './http/plugins/rate-limit.js';
import { registerErrorHandling } from './http/plugins/errors.js';
import { clientErrorHandler, frameworkErrors } from './http/plugins/framework-errors.js';
import { registerHttpMetrics, type Metrics } from './http/plugins/metrics.js';
import { registerOpenApi } from './http/plugins/openapi.js';
import { genRequestId } from './http/plugins/request-id.js';
import { requestLogValue } from './http/log-redaction.js';
import { healthRoutes } from './http/routes/health.js';
import { authRoutes } from './http/routes/v1/auth.js';
import { documentRoutes } from './http/routes/v1/documents.js';
import { keyRoutes } from './http/routes/v1/keys.js';
import { usageRoutes } from './http/routes/v1/usage.js';
import { userRoutes } from './http/routes/v1/users.js';
import { policyRoutes } from './http/routes/v1/policy.js';
import { reviewRoutes } from './http/routes/v1/reviews.js';
import { captureRoutes } from './http/routes/v1/capture.js';
import type { CaptureService } from './capture/check.js';
import { cvOutputRoutes } from './http/routes/v1/cv-outputs.js';
import type { CvOutputsService } from './services/cv-outputs.js';
import { pageRoutes } from './http/routes/v1/pages.js';
import { webSessionRoutes } from './http/routes/v1/web-session.js';
import { webAppRoutes } from './http/routes/web-app.js';
import type { PageImagesService } from './services/page-images.js';
import type { PoliciesService } from './services/policies.js';
import type { ReviewsService } from './services/reviews.js';
import type { AccountsService } from './services/accounts.js';
import type { SessionsService } from './services/sessions.js';
import type { UsageService } from './services/usage.js';
import type { Counters } from './services/usage-limiter.js';
import type { UsersService } from './services/users.js';
import type { DocumentsService } from './services/documents.js';
import type { JobsService } from './services/jobs/jobs.js';
import type { WebhookEndpointsService } from './services/webhooks/endpoints.js';
import { jobRoutes } from './http/routes/v2/jobs.js';
import { webhookRoutes } from './http/routes/v2/webhooks.js';

export interface AppServices {
  accounts: AccountsService;
  users: UsersService;
  sessions: SessionsService;
  usage: UsageService;
  counters: Counters;
  documents: DocumentsService;
  policies: PoliciesService;
  reviews: ReviewsService;
  jobs: JobsService;
  webhooks: WebhookEndpointsService;
  capture: CaptureService;
  cvOutputs: CvOutputsService;
  pageImages: PageImagesService;
  metrics: Metrics;
  ping: () => Promise<void>;
  /** True once the process has begun shutting down: readiness answers 503 from then on. */
  draining: () => boolean;
}

export const API_VERSION = '0.1.0';

const NOISY_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** Builds the HTTP app from services that already exist; does no I/O of its own. */
export async function buildApp(config: Config, services: AppServices, logger: Logger): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger.child({}, { serializers: { req: requestLogValue } }) as FastifyBaseLogger,
    genReqId: genRequestId,
    // Probes and scrapes every few seconds would drown the request log.
    logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: (request) => NOISY_PATHS.has(request.url) }),
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.CONNECTION_TIMEOUT_MS,
    bodyLimit: 1024 * 1024,
    trustProxy: config.TRUST_PROXY ? config.TRUST_PROXY.split(',').map((s) => s.trim()) : false,
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandling(app);
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: config.MAX_FILE_BYTES, files: config.MAX_BATCH_FILES + 1, fields: 10, fieldSize: 4096 },
  });
  await registerOpenApi(app, API_VERSION);
  const limits: RateLimitOptions = {
    counters: services.counters,
    perMinute: config.RATE_LIMIT_PER_MINUTE,
    planPerMinute: (plan) => services.usage.planOf(plan).requests_per_minute,
    abuse: { maxFailures: config.ABUSE_MAX_FAILURES, windowSeconds: config.ABUSE_WINDOW_SECONDS, blockSeconds: config.ABUSE_BLOCK_SECONDS },
  };
  registerIpLimits(app, limits);
  registerAuth(app, { accounts: services.accounts, sessions: services.sessions });
  registerPrincipalLimits(app, limits);
  registerHttpMetrics(app, services.metrics);
  await app.register(healthRoutes, { ping: services.ping, draining: services.draining });
  await app.register(authRoutes, { accounts: services.accounts, users: services.users, sessions: services.sessions });
  await app.register(userRoutes, { users: services.users });
  await app.register(keyRoutes, { accounts: services.accounts, users: services.users });
  await app.register(usageRoutes, { usage: services.usage });
  await app.register(documentRoutes, {
    documents: services.documents,
    maxFileBytes: config.MAX_FILE_BYTES,
    maxBatchFiles: config.MAX_BATCH_FILES,
  });
  await app.register(reviewRoutes, { reviews: services.reviews });
  await app.register(cvOutputRoutes, { outputs: services.cvOutputs });
  await app.register(policyRoutes, { policies: services.policies });
  await app.register(jobRoutes, { jobs: services.jobs, maxFileBytes: config.MAX_FILE_BYTES });
  await app.register(webhookRoutes, { webhooks: services.webhooks });
  await app.register(captureRoutes, { capture: services.capture, counters: services.counters, perMinute: config.CAPTURE_RATE_LIMIT_PER_MINUTE });
  await app.register(pageRoutes, { pageImages: services.pageImages });
  await app.register(webSessionRoutes, { sessions: services.sessions, refreshDays: config.REFRESH_TOKEN_DAYS });
  await app.register(webAppRoutes);
  return app;
}
