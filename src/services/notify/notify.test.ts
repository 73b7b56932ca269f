import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createNotifier } from './index.js';
import { Outbox, readOutbox } from './outbox.js';
import { SmtpMailer } from './smtp.js';
import { WhatsAppCloudSender } from './whatsapp.js';

const dir = mkdtempSync(join(tmpdir(), 'docread-outbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A minimal SMTP server: enough of RFC 5321 for one message per connection. */
async function smtpServer() {
  const received: Array<{ from: string; to: string[]; data: string }> = [];
  const server = createTcpServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let i;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 queued\r\n');
          } else current.data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'MAIL') (current.from = line), socket.write('250 ok\r\n');
        else if (verb === 'RCPT') current.to.push(line), socket.write('250 ok\r\n');
        else if (verb === 'DATA') (inData = true), socket.write('354 go\r\n');
        else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { received, port: (server.address() as { port: number }).port, close: () => server.close() };
}

describe('notify adapters', () => {
  it('sends a one-time code through the WhatsApp Cloud API messages endpoint', async () => {
    const calls: Array<{ url: string; auth: string | undefined; body: any }> = [];
    let status = 200;
    const server = createHttpServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        calls.push({ url: req.url!, auth: req.headers.authorization, body: JSON.parse(body) });
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(
          status === 200
            ? JSON.stringify({ messaging_product: 'whatsapp', contacts: [{ input: '97450000001', wa_id: '97450000001' }], messages: [{ id: 'wamid.X' }] })
            : JSON.stringify({ error: { message: 'bad token' } }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    try {
      const sender = new WhatsAppCloudSender({
        apiUrl: `http://127.0.0.1:${port}/v21.0`,
        phoneNumberId: '123456',
        accessToken: 'token-x',
        template: 'otp_code',
      });
      await sender.sendCode({ to: '+97450000001', code: '482913' });
      expect(calls[0]!.url).toBe('/v21.0/123456/messages');
      expect(calls[0]!.auth).toBe('Bearer token-x');
      expect(calls[0]!.body).toMatchObject({ messaging_product: 'whatsapp', to: '97450000001', type: 'template', template: { name: 'otp_code' } });
      expect(JSON.stringify(calls[0]!.body.template.components)).toContain('482913');
      status = 401;
      await expect(sender.sendCode({ to: '+97450000001', code: '1' })).rejects.toThrow(/401/);
    } finally {
      server.close();
    }
  });

  it('sends email over SMTP', async () => {
    const smtp = await smtpServer();
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`, 'docread <no-reply@docread.test>');
    try {
      await mailer.send({ to: 'someone@example.test', subject: 'Verify', text: 'Open the link' });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to[0]).toContain('someone@example.test');
      expect(smtp.received[0]!.data).toContain('Subject: Verify');
      expect(smtp.received[0]!.data).toContain('Open the link');
    } finally {
      mailer.close();
      smtp.close();
    }
  });

  it('writes to the development outbox when no provider is configured, readable per recipient', async () => {
    const notifier = createNotifier({ MAIL_FROM: 'x', WHATSAPP_API_URL: 'https://graph.facebook.com/v21.0', WHATSAPP_TEMPLATE: 't', outboxDir: dir });
    expect(notifier.mail).toBeInstanceOf(Outbox);
    await notifier.mail.send({ to: 'a@example.test', subject: 'S', text: 'T' });
    await notifier.whatsapp.sendCode({ to: '+97450000002', code: '123456' });
    expect(await readOutbox(dir, 'a@example.test')).toMatchObject([{ channel: 'email', subject: 'S', text: 'T' }]);
    expect(await readOutbox(dir, '+97450000002')).toMatchObject([{ channel: 'whatsapp', code: '123456' }]);
    const configured = createNotifier({
      SMTP_URL: 'smtp://127.0.0.1:1',
      MAIL_FROM: 'x',
      WHATSAPP_API_URL: 'http://127.0.0.1:1',
      WHATSAPP_PHONE_NUMBER_ID: '1',
      WHATSAPP_ACCESS_TOKEN: 't',
      WHATSAPP_TEMPLATE: 't',
      outboxDir: dir,
    });
    expect(configured.mail).toBeInstanceOf(SmtpMailer);
    expect(configured.whatsapp).toBeInstanceOf(WhatsAppCloudSender);
  });
});
