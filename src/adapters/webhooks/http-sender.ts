import http from 'node:http';
import https from 'node:https';
import { checkUrlShape, guardedLookup, UnsafeAddressError, type GuardOptions } from './address-guard.js';

export interface SendRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface SendResult {
  /** The receiver's status; null when no answer came (refused, reset, timeout, TLS, unsafe address). */
  statusCode: number | null;
  /** Any 2xx; 3xx and everything else is a failure (redirects are never followed). */
  ok: boolean;
  error: string | null;
  durationMs: number;
}

export type WebhookSender = (req: SendRequest) => Promise<SendResult>;

/** How much of a receiver's answer is read (it is not kept; reading it lets the socket close cleanly). */
const MAX_ANSWER_BYTES = 64 * 1024;

/** POSTs over node:http/https: Node's fetch cannot take a lookup and follows redirects. The
 * resolved addresses are checked inside the connection's own lookup, so the checked address is
 * the one connected to; an address literal is checked before any connection. One time limit
 * covers connect, TLS, sending and the answer. Each request has its own connection (agent: false),
 * so no socket opened for one check is reused for another host's request. */
export function createHttpSender(opts: GuardOptions & { timeoutMs: number }): WebhookSender {
  return (req) =>
    new Promise<SendResult>((resolve) => {
      const started = performance.now();
      const done = (statusCode: number | null, error: string | null) => {
        clearTimeout(timer);
        resolve({
          statusCode,
          ok: statusCode !== null && statusCode >= 200 && statusCode < 300 && error === null,
          error,
          durationMs: Math.round(performance.now() - started),
        });
      };
      let checked;
      try {
        checked = checkUrlShape(req.url, opts);
      } catch (err) {
        resolve({ statusCode: null, ok: false, error: err instanceof UnsafeAddressError ? `unsafe_webhook_url: ${err.message}` : String(err), durationMs: 0 });
        return;
      }
      const { url } = checked;
      const client = url.protocol === 'https:' ? https : http;
      let settled = false;
      const finish = (statusCode: number | null, error: string | null) => {
        if (settled) return;
        settled = true;
        done(statusCode, error);
      };
      const request = client.request(
        url,
        {
          method: 'POST',
          agent: false,
          lookup: guardedLookup(opts, url.protocol) as never,
          headers: {
            ...req.headers,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(req.body)),
            'user-agent': 'docread-webhooks/1',
          },
        },
        (res) => {
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_ANSWER_BYTES) res.destroy();
          });
          const status = res.statusCode ?? null;
          res.on('end', () => finish(status, null));
          res.on('close', () => finish(status, null));
          res.on('error', () => finish(status, null));
        },
      );
      const timer: NodeJS.Timeout = setTimeout(() => {
        request.destroy(new Error(`no answer within ${opts.timeoutMs} ms`));
      }, opts.timeoutMs);
      request.on('error', (err) =>
        finish(null, err instanceof UnsafeAddressError ? `unsafe_webhook_url: ${err.message}` : `${err.name}: ${err.message}`.slice(0, 500)),
      );
      request.end(req.body);
    });
}
