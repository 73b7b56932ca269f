import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { harnessPerSuite } from '../helpers/harness.js';

/** Requests refused before any route runs (by the router, or by Node's HTTP parser) answer in
 * the same envelope as every other error, with a request id in the body and the header. */
describe('errors before routing keep the envelope', () => {
  let port: number;
  const h = harnessPerSuite({ workers: false });
  beforeAll(async () => {
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    port = (h.app.server.address() as { port: number }).port;
  });

  function expectEnvelope(status: number, headers: Record<string, unknown>, body: string, code: string) {
    const parsed = JSON.parse(body);
    expect([status, parsed.error.code]).toEqual([expect.any(Number), code]);
    expect(parsed.error.request_id).toMatch(/^req_[0-9a-f]{24}$/);
    expect(headers['x-request-id']).toBe(parsed.error.request_id);
    expect(parsed.error.next_action.type).toBe('FIX_REQUEST');
    expect(body).not.toMatch(/FST_|statusCode/);
  }

  it('answers 400 bad_request for a URL whose percent-encoding does not decode', async () => {
    for (const url of ['/v1/documents/%E0%A4%A', '/v1/%zz']) {
      const res = await h.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expectEnvelope(res.statusCode, res.headers, res.body, 'bad_request');
    }
  });

  it('answers 414 uri_too_long for an id over 100 characters', async () => {
    const res = await h.inject({ method: 'GET', url: `/v1/documents/DOC_${'a'.repeat(120)}` });
    expect(res.statusCode).toBe(414);
    expectEnvelope(res.statusCode, res.headers, res.body, 'uri_too_long');
  });

  it('answers 431 headers_too_large for headers over 16 KB, written before Fastify sees the request', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { 'x-padding': 'a'.repeat(17_000) } });
    expect(res.status).toBe(431);
    expectEnvelope(res.status, Object.fromEntries(res.headers), await res.text(), 'headers_too_large');
  });

  it('answers 400 bad_request for a request that is not HTTP at all', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let data = '';
      socket.on('data', (chunk) => (data += String(chunk)));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    const [head, body] = raw.split('\r\n\r\n') as [string, string];
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request/);
    const headers = Object.fromEntries(
      head
        .split('\r\n')
        .slice(1)
        .map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    expectEnvelope(400, headers, body, 'bad_request');
  });
});
