import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are safe to log; every other value (links' tokens, codes, keys,
 * searches that may name a person) is written as [redacted]. An allowlist, so a parameter added
 * later is hidden until someone decides it is harmless. */
const LOGGABLE_PARAMS = new Set(['status', 'type', 'page', 'page_size']);
export const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq < 0 || LOGGABLE_PARAMS.has(name) ? pair : `${name}=${REDACTED}`;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** The request as the request log shows it: Fastify's fields, with the query's secrets hidden.
 * Headers are not logged at all (keys, bearer tokens and cookies travel there). */
export function requestLogValue(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
