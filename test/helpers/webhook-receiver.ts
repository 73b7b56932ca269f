import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface Received {
  rawBody: string;
  headers: IncomingHttpHeaders;
  at: number;
}

/** A webhook receiver on 127.0.0.1 that keeps every request's raw body and headers. `answer`
 * picks the status per request (200 unless changed). */
export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Connections accepted, requests or not (a canary counts these). */
  connections: number;
  answer: (r: Received) => number | Promise<number>;
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(host = '127.0.0.1'): Promise<Receiver> {
  const received: Received[] = [];
  const receiver: Receiver = {
    url: '',
    port: 0,
    received,
    connections: 0,
    answer: () => 200,
    async waitFor(n, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} of ${n} requests within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const r: Received = { rawBody: Buffer.concat(chunks).toString('utf8'), headers: req.headers, at: Date.now() };
      received.push(r);
      const status = await receiver.answer(r);
      res.writeHead(status, status >= 300 && status < 400 ? { location: 'http://127.0.0.1:9/' } : {}).end();
    });
  });
  server.on('connection', () => receiver.connections++);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://${host.includes(':') ? `[${host}]` : host}:${receiver.port}`;
  return receiver;
}

/** The independent verifier: Stripe's own webhook check, tolerance 300 s. Throws when it fails. */
export function verifyWithStripe(r: Pick<Received, 'rawBody'>, header: string, secret: string): void {
  Stripe.webhooks.constructEvent(r.rawBody, header, secret, 300);
}
