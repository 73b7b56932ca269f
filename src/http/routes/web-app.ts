import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../domain/errors.js';

/** The dashboard's built files (`npm run build` writes them); the same path from src/ and dist/. */
export const WEB_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

// Everything comes from this origin: no CDN, no inline script; blob: for the page images fetched
// with the bearer token.
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

function secure(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY');
}

/** Serves the dashboard at /app: built assets by name, every other path the single page (the app
 * routes in the browser). Paths cannot leave the build folder. */
export async function webAppRoutes(app: FastifyInstance, opts: { root?: string } = {}): Promise<void> {
  const root = resolve(opts.root ?? WEB_DIST);
  const config = { public: true } as const;
  const schema = { hide: true } as const;

  const sendIndex = async (reply: FastifyReply) => {
    const html = await readFile(resolve(root, 'index.html')).catch(() => null);
    if (!html) throw new AppError('service_unavailable', 'The dashboard is not built; run npm run build.');
    return secure(reply).header('cache-control', 'no-cache').type(TYPES['.html']!).send(html);
  };

  app.get('/app', { config, schema }, async (_request, reply) => reply.redirect('/app/', 302));

  app.get('/app/*', { config, schema }, async (request, reply) => {
    const rest = (request.params as { '*': string })['*'];
    if (!rest.startsWith('assets/') && rest !== 'favicon.svg') return sendIndex(reply);
    const file = resolve(root, rest);
    const type = TYPES[extname(file)];
    const info = file.startsWith(root + sep) && type ? await stat(file).catch(() => null) : null;
    if (!info?.isFile()) throw new AppError('not_found', 'No such dashboard file.');
    // Asset names carry a content hash, so they never change.
    return secure(reply)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .type(type!)
      .send(await readFile(file));
  });
}
