import type { FastifyInstance } from 'fastify';

/** Liveness answers while the process runs; readiness also needs the database. */
export async function healthRoutes(app: FastifyInstance, opts: { ping: () => Promise<void> }): Promise<void> {
  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    try {
      await opts.ping();
      return { status: 'ready' };
    } catch (err) {
      request.log.warn({ err }, 'readiness check failed');
      return reply.status(503).send({
        error: { code: 'service_unavailable', message: 'The database is not reachable.', request_id: request.id, next_action: { type: 'RETRY', message: 'Try again in a few minutes.' } },
      });
    }
  });
}
