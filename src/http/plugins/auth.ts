import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors.js';
import type { AccountsService, KeyScope, Principal } from '../../services/accounts.js';
import type { SessionsService } from '../../services/sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Routes that need no credentials (health, docs, sign-in). */
    public?: boolean;
    /** `user`: signed-in people only (dashboard routes); an API key gets 403 forbidden. */
    auth?: 'user';
    /** The scope the route needs; derived from the path when not set. */
    scope?: KeyScope;
  }
  interface FastifyInstance {
    /** Every route registered after the auth plugin, for tests and the route matrix. */
    apiRoutes: ApiRoute[];
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  public: boolean;
  userOnly: boolean;
}

/** Scopes by the resource named after the version prefix; a route can name its own. */
const RESOURCE_SCOPES: Record<string, { read: KeyScope; write: KeyScope }> = {
  documents: { read: 'documents:read', write: 'documents:write' },
  capture: { read: 'documents:read', write: 'documents:write' },
  jobs: { read: 'jobs:read', write: 'jobs:write' },
  webhooks: { read: 'webhooks:manage', write: 'webhooks:manage' },
  usage: { read: 'usage:read', write: 'usage:read' },
};

export function requiredScope(method: string, url: string, declared?: KeyScope): KeyScope {
  if (declared) return declared;
  const resource = url.split('/')[2] ?? '';
  const scopes = RESOURCE_SCOPES[resource] ?? RESOURCE_SCOPES.documents!;
  return method === 'GET' || method === 'HEAD' ? scopes.read : scopes.write;
}

/** Every route needs credentials unless it is marked public; unknown routes answer 404 first.
 * An API key (X-Doc-API-Key, or as a Bearer value) or a dashboard access token (Bearer JWT). */
export function registerAuth(app: FastifyInstance, deps: { accounts: AccountsService; sessions: SessionsService }): void {
  app.decorateRequest('principal', null);
  app.decorate('apiRoutes', [] as ApiRoute[]);
  app.addHook('onRoute', (route) => {
    if (isDocsRoute(route.url) || route.schema?.hide) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.apiRoutes.push({ method, url: route.url, public: route.config?.public === true, userOnly: route.config?.auth === 'user' });
    }
  });
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config?.public || request.is404 || isDocsRoute(request.routeOptions.url)) return;
    const principal = await authenticate(request, deps);
    request.principal = principal;
    if (config?.auth === 'user') {
      if (principal.kind !== 'user') throw new AppError('forbidden', 'This route is for signed-in people (bearer token); API keys cannot use it.');
      return;
    }
    const scope = requiredScope(request.method, request.routeOptions.url ?? request.url, config?.scope);
    if (!principal.scopes.includes(scope)) {
      throw new AppError('insufficient_scope', `This needs the scope ${scope}.`, { extra: { scope } });
    }
  });
}

/** The interactive docs are registered by a plugin whose routes we do not declare ourselves. */
function isDocsRoute(url: string | undefined): boolean {
  return url === '/docs' || (url?.startsWith('/docs/') ?? false);
}

async function authenticate(request: FastifyRequest, deps: { accounts: AccountsService; sessions: SessionsService }): Promise<Principal> {
  const header = request.headers['x-doc-api-key'];
  const bearer = request.headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  const key = typeof header === 'string' ? header.trim() : bearer?.startsWith('mk_') ? bearer : undefined;
  if (key) {
    const principal = await deps.accounts.authenticateKey(key);
    if (!principal) throw new AppError('unauthorized', 'The API key is not valid.');
    return principal;
  }
  if (bearer) return deps.sessions.authenticateAccess(bearer);
  throw new AppError('unauthorized', 'Send an API key in X-Doc-API-Key, or a bearer token.');
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('unauthorized', 'Authentication is required.');
  return request.principal;
}
