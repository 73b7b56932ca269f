import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors.js';
import type { AccountsService, Principal } from '../../services/accounts.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Routes that need no credentials (health, docs, sign-in). */
    public?: boolean;
  }
}

/** Every route needs an API key unless it is marked public; unknown routes answer 404 first. */
export function registerAuth(app: FastifyInstance, accounts: AccountsService): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public || request.is404 || isDocsRoute(request.routeOptions.url)) return;
    request.principal = await authenticate(request, accounts);
  });
}

/** The interactive docs are registered by a plugin whose routes we do not declare ourselves. */
function isDocsRoute(url: string | undefined): boolean {
  return url === '/docs' || (url?.startsWith('/docs/') ?? false);
}

async function authenticate(request: FastifyRequest, accounts: AccountsService): Promise<Principal> {
  const header = request.headers['x-doc-api-key'];
  const presented = typeof header === 'string' ? header.trim() : bearerKey(request.headers.authorization);
  if (!presented) throw new AppError('unauthorized', 'Send an API key in X-Doc-API-Key.');
  const principal = await accounts.authenticateKey(presented);
  if (!principal) throw new AppError('unauthorized', 'The API key is not valid.');
  return principal;
}

/** The spec's v2 example sends the key as a Bearer value. */
function bearerKey(authorization: string | undefined): string | null {
  const m = authorization?.match(/^Bearer\s+(mk_live_\S+)$/);
  return m?.[1] ?? null;
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('unauthorized', 'Authentication is required.');
  return request.principal;
}
