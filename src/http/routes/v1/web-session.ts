import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../domain/errors.js';
import type { SessionsService, Tokens } from '../../../services/sessions.js';
import { LoginBody, LoginOtpBody, OtpRequiredSchema } from '../../schemas/auth.js';
import { errorResponses } from '../../schemas/common.js';

/** The browser session of the dashboard. The refresh token lives only in an HttpOnly cookie scoped
 * to these routes; the access token is returned in the body and kept in the page's memory. */
export const REFRESH_COOKIE = 'docread_refresh';
export const SESSION_PATH = '/v1/auth/session';
/** Every route here needs this header: a page on another origin cannot send it without a CORS
 * preflight, which this API never grants, so a forged cross-site form or fetch is refused. */
export const CSRF_HEADER = 'x-docread-csrf';

const AccessSchema = z
  .object({
    token: z.string().describe('Access token (JWT); send as Authorization: Bearer. Keep it in memory only.'),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int(),
  })
  .meta({ id: 'BrowserAccess' });
const OkSchema = z.object({ ok: z.literal(true) });

const csrfDescription = `Needs the header ${CSRF_HEADER}: 1 and, when the browser sends Origin, the API's own origin.`;

/** Same-origin proof for cookie-carrying requests: the custom header, and Origin / Sec-Fetch-Site
 * when the browser sends them. */
function assertSameOrigin(request: FastifyRequest): void {
  if (request.headers[CSRF_HEADER] !== '1') throw new AppError('forbidden', `Browser session requests need the header ${CSRF_HEADER}: 1.`);
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') throw new AppError('forbidden', 'Browser session requests must come from the dashboard itself.');
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) {
    throw new AppError('forbidden', 'Browser session requests must come from the dashboard itself.');
  }
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAgeSeconds: number): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${REFRESH_COOKIE}=${encodeURIComponent(value)}; Path=${SESSION_PATH}; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`,
  );
}

/** Sign-in, refresh and sign-out for the dashboard, with the refresh token in a cookie. */
export async function webSessionRoutes(app: FastifyInstance, opts: { sessions: SessionsService; refreshDays: number }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sessions } = opts;
  const tags = ['Browser session'];
  const config = { public: true } as const;
  const maxAge = opts.refreshDays * 86_400;
  const access = (request: FastifyRequest, reply: FastifyReply, tokens: Tokens) => {
    setRefreshCookie(request, reply, tokens.refresh_token, maxAge);
    reply.header('cache-control', 'no-store');
    return { token: tokens.token, token_type: tokens.token_type, expires_in: tokens.expires_in };
  };

  r.post(`${SESSION_PATH}/login`, {
    config,
    schema: {
      tags,
      summary: 'Sign in from the dashboard',
      description: `As POST /v1/auth/login, but the refresh token is set as an HttpOnly, SameSite=Strict cookie (path ${SESSION_PATH}) instead of returned. ${csrfDescription}`,
      security: [],
      body: LoginBody,
      response: { 200: z.union([AccessSchema, OtpRequiredSchema]), ...errorResponses(422) },
    },
    handler: async (request, reply) => {
      assertSameOrigin(request);
      const answer = await sessions.login(request.body.email, request.body.password);
      return 'otp_required' in answer ? answer : access(request, reply, answer);
    },
  });

  r.post(`${SESSION_PATH}/login/otp`, {
    config,
    schema: {
      tags,
      summary: 'Finish signing in from the dashboard with the WhatsApp code',
      description: csrfDescription,
      security: [],
      body: LoginOtpBody,
      response: { 200: AccessSchema, ...errorResponses(422) },
    },
    handler: async (request, reply) => {
      assertSameOrigin(request);
      return access(request, reply, await sessions.loginWithCode(request.body.pre_token, request.body.code));
    },
  });

  r.post(`${SESSION_PATH}/refresh`, {
    config,
    schema: {
      tags,
      summary: 'A new access token from the refresh cookie (after a reload, or before the token expires)',
      description: `The cookie rotates; a used one ends the session (401 session_revoked). Without the cookie: 204, nothing to refresh (a signed-out page load is no failed authentication). ${csrfDescription}`,
      security: [],
      response: { 200: AccessSchema, 204: z.null().describe('No browser session: sign in.'), ...errorResponses() },
    },
    handler: async (request, reply) => {
      assertSameOrigin(request);
      const refresh = readCookie(request.headers.cookie, REFRESH_COOKIE);
      if (!refresh) return reply.status(204).send(null);
      try {
        return access(request, reply, await sessions.refresh(refresh));
      } catch (err) {
        setRefreshCookie(request, reply, '', 0);
        throw err;
      }
    },
  });

  r.post(`${SESSION_PATH}/logout`, {
    config,
    schema: {
      tags,
      summary: 'Sign out from the dashboard (ends the session, clears the cookie)',
      description: csrfDescription,
      security: [],
      response: { 200: OkSchema, ...errorResponses() },
    },
    handler: async (request, reply) => {
      assertSameOrigin(request);
      const refresh = readCookie(request.headers.cookie, REFRESH_COOKIE);
      if (refresh) await sessions.logoutByRefreshToken(refresh);
      setRefreshCookie(request, reply, '', 0);
      return { ok: true as const };
    },
  });
}
