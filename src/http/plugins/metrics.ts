import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics: HTTP latency, queue depth, documents by status, pipeline step timings. */
export interface Metrics {
  registry: Registry;
  stepSeconds: Histogram<'step'>;
  readingsFinished: Counter<'status'>;
}

export function createMetrics(sources: {
  queueDepth: () => Promise<Record<string, { queued: number; active: number; failed: number }>>;
  documentsByStatus: () => Promise<Record<string, number>>;
}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'docread_' });
  new Gauge({
    name: 'docread_queue_jobs',
    help: 'Jobs in the work queue by queue and state.',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const [queue, d] of Object.entries(await sources.queueDepth())) {
        this.set({ queue, state: 'queued' }, d.queued);
        this.set({ queue, state: 'active' }, d.active);
        this.set({ queue, state: 'failed' }, d.failed);
      }
    },
  });
  new Gauge({
    name: 'docread_documents',
    help: 'Stored documents by status.',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const [status, n] of Object.entries(await sources.documentsByStatus())) this.set({ status }, n);
    },
  });
  return {
    registry,
    stepSeconds: new Histogram({
      name: 'docread_pipeline_step_seconds',
      help: 'Time spent in each reading step.',
      labelNames: ['step'],
      buckets: [0.005, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32],
      registers: [registry],
    }),
    readingsFinished: new Counter({
      name: 'docread_readings_finished_total',
      help: 'Readings finished, by resulting document status.',
      labelNames: ['status'],
      registers: [registry],
    }),
  };
}

export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  const httpSeconds = new Histogram({
    name: 'docread_http_request_duration_seconds',
    help: 'HTTP request latency by route and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
    httpSeconds.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
