import { randomHex } from '../../domain/random-hex.js';
import type { IncomingMessage } from 'node:http';

const SAFE_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** A caller's X-Request-ID is kept when it is a sane token (so traces join up across services);
 * anything else is replaced, never logged or echoed as sent. */
export function genRequestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && SAFE_ID.test(given)) return given;
  return newRequestId();
}

export function newRequestId(): string {
  return `req_${randomHex(12)}`;
}
