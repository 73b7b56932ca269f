import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Liveness answers while the process runs; readiness also needs the database, and turns false
 * first when the process is shutting down, so a load balancer stops sending it new requests
 * while the ones it has finish. */
export async function healthRoutes(app: FastifyInstance, opts: { ping: () => Promise<void>; draining: () => boolean }): Promise<void> {
  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (opts.draining()) return unavailable(request, reply, 'This process is shutting down.');
    try {
      await opts.ping();
      return { status: 'ready' };
    } catch (err) {
      request.log.warn({ err }, 'readiness check failed');
      return unavailable(request, reply, 'The database is not reachable.');
    }
  });
}

function unavailable(request: FastifyRequest, reply: FastifyReply, message: string) {
  return reply.status(503).send({
    error: { code: 'service_unavailable', message, request_id: request.id, next_action: { type: 'RETRY', message: 'Try again in a few minutes.' } },
  });
}
