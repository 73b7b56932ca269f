import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../../../test/helpers/webhook-receiver.js';
import { checkWebhookUrl, UnsafeAddressError, type Resolver } from './address-guard.js';
import { createHttpSender } from './http-sender.js';

const PUBLIC = '93.184.216.34';
const v4 = (address: string): LookupAddress => ({ address, family: 4 });
const v6 = (address: string): LookupAddress => ({ address, family: 6 });

/** A resolver under the test's control. rebind.example answers a public address at first and
 * loopback afterwards, as a DNS-rebinding attacker's server would. */
function testResolver(): Resolver & { calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const table: Record<string, LookupAddress[]> = {
    'internal-a.example': [v4('127.0.0.1')],
    'internal-b.example': [v4('10.0.0.5')],
    'mixed.example': [v4(PUBLIC), v4('192.168.1.1')],
    'v6-loopback.example': [v6('::1')],
    'mapped.example': [v6('::ffff:127.0.0.1')],
    'nat64.example': [v6('64:ff9b::a9fe:a9fe')],
    'cgnat.example': [v4('100.100.100.100')],
    'linklocal.example': [v4('169.254.169.254')],
    'zero.example': [v4('0.0.0.0')],
    'empty.example': [],
    'public.example': [v4(PUBLIC)],
  };
  const resolver = (async (host: string) => {
    const n = (calls.get(host) ?? 0) + 1;
    calls.set(host, n);
    if (host === 'rebind.example') return n === 1 ? [v4(PUBLIC)] : [v4('127.0.0.1')];
    if (host === 'rebind-v6.example') return n === 1 ? [v4(PUBLIC)] : [v6('::1'), v4(PUBLIC)];
    const found = table[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found;
  }) as Resolver & { calls: Map<string, number> };
  resolver.calls = calls;
  return resolver;
}

/** Every form an internal destination takes; P is the canary's port, so anything that got through
 * would land on it. */
function corpus(p: number): string[] {
  return [
    `https://127.0.0.1:${p}/`,
    `https://127.1:${p}/`,
    `https://2130706433:${p}/`,
    `https://0x7f000001:${p}/`,
    `https://0177.0.0.1:${p}/`,
    `https://0x7f.0.0.1:${p}/`,
    `https://017700000001:${p}/`,
    `https://127.0.0.2:${p}/`,
    `https://127.255.255.254:${p}/`,
    `https://0:${p}/`,
    `https://0.0.0.0:${p}/`,
    `https://[::]:${p}/`,
    `https://[::1]:${p}/`,
    `https://[0:0:0:0:0:0:0:1]:${p}/`,
    `https://[::ffff:127.0.0.1]:${p}/`,
    `https://[::ffff:7f00:1]:${p}/`,
    `https://[::ffff:10.0.0.1]/`,
    `https://[64:ff9b::7f00:1]:${p}/`,
    `https://[64:ff9b::10.0.0.1]/`,
    `https://[64:ff9b:1::a00:1]/`,
    'https://10.0.0.1/',
    'https://10.255.255.255/',
    'https://172.16.0.1/',
    'https://172.31.255.254/',
    'https://192.168.0.1/',
    'https://192.168.1.254/',
    'https://169.254.169.254/latest/meta-data/',
    'https://169.254.0.1/',
    'https://100.64.0.1/',
    'https://100.127.255.254/',
    'https://[fe80::1]/',
    'https://[fc00::1]/',
    'https://[fd12:3456::1]/',
    'https://[ff02::1]/',
    'https://224.0.0.1/',
    'https://255.255.255.255/',
    'https://192.0.0.1/',
    'https://198.18.0.1/',
    'https://[2002:7f00:1::]/',
    'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
    'https://0xa9.0xfe.0xa9.0xfe/',
    'https://2852039166/',
    'https://0251.0376.0251.0376/',
    'https://[::ffff:a9fe:a9fe]/',
    'http://example.com/',
    'ftp://example.com/',
    'file:///etc/passwd',
    `gopher://127.0.0.1:${p}/`,
    'https://user:pass@example.com/',
    `https://localhost:${p}/`,
    `https://LOCALHOST:${p}/`,
    `https://foo.localhost:${p}/`,
    'https://metadata.google.internal/',
    'https://printer.local/',
    'https://router.lan/',
    `http://127.0.0.1:${p}/`,
    `https://[::ffff:0:7f00:1]:${p}/`,
    `https://[0:0:0:0:0:ffff:7f00:0001]:${p}/`,
    `https://127.000.000.001:${p}/`,
    `https://0x7f.1:${p}/`,
    `https://internal-a.example:${p}/`,
    'https://internal-b.example/',
    'https://mixed.example/',
    `https://v6-loopback.example:${p}/`,
    `https://mapped.example:${p}/`,
    'https://nat64.example/',
    'https://cgnat.example/',
    'https://linklocal.example/',
    `https://zero.example:${p}/`,
    'https://empty.example/',
    'https://nxdomain.example/',
    'not a url',
    `https://127.0.0.1.:${p}/`,
    `https://[::1%25lo]:${p}/`,
    `https://${'a'.repeat(2100)}.example/`,
  ];
}

describe('webhook address guard', () => {
  let canary: Receiver;
  let canary6: Receiver | null = null;
  beforeAll(async () => {
    canary = await startReceiver('127.0.0.1');
    canary6 = await startReceiver('::1').catch(() => null);
  });
  afterAll(async () => {
    await canary?.close();
    await canary6?.close();
  });

  it('refuses every URL of the corpus at registration', async () => {
    const list = corpus(canary.port);
    expect(list.length).toBeGreaterThanOrEqual(60);
    const resolver = testResolver();
    const accepted: string[] = [];
    for (const url of list) {
      try {
        await checkWebhookUrl(url, { allowHttpLoopback: false, resolver });
        accepted.push(url);
      } catch (err) {
        expect(err).toBeInstanceOf(UnsafeAddressError);
      }
    }
    expect(accepted).toEqual([]);
    expect(canary.connections).toBe(0);
  });

  it('accepts public HTTPS destinations, by address or by a name resolving publicly', async () => {
    const resolver = testResolver();
    await expect(checkWebhookUrl(`https://${PUBLIC}/hook`, { allowHttpLoopback: false, resolver })).resolves.toBeInstanceOf(URL);
    await expect(checkWebhookUrl('https://public.example/hook?x=1', { allowHttpLoopback: false, resolver })).resolves.toBeInstanceOf(URL);
    // The development setting opens plain http to loopback only, never to private ranges.
    await expect(checkWebhookUrl(`http://127.0.0.1:${canary.port}/`, { allowHttpLoopback: true, resolver })).resolves.toBeInstanceOf(URL);
    await expect(checkWebhookUrl('http://10.0.0.1/', { allowHttpLoopback: true, resolver })).rejects.toBeInstanceOf(UnsafeAddressError);
    await expect(checkWebhookUrl('http://public.example/', { allowHttpLoopback: true, resolver })).rejects.toBeInstanceOf(UnsafeAddressError);
  });

  it('refuses at connect time: every corpus URL and names that rebind after registration; no byte reaches the canaries', async () => {
    const resolver = testResolver();
    const send = createHttpSender({ allowHttpLoopback: false, resolver, timeoutMs: 2000 });
    // Registration sees the public address…
    await expect(checkWebhookUrl(`https://rebind.example:${canary.port}/`, { allowHttpLoopback: false, resolver })).resolves.toBeInstanceOf(URL);
    await expect(checkWebhookUrl(`https://rebind-v6.example:${canary6?.port ?? canary.port}/`, { allowHttpLoopback: false, resolver })).resolves.toBeInstanceOf(
      URL,
    );
    // …the connection sees loopback and is refused before it is opened.
    const urls = [...corpus(canary.port), `https://rebind.example:${canary.port}/`, `https://rebind-v6.example:${canary6?.port ?? canary.port}/`];
    if (canary6) urls.push(`https://[::1]:${canary6.port}/`, `https://v6-loopback.example:${canary6.port}/`);
    for (const url of urls) {
      const res = await send({ url, headers: {}, body: '{}' });
      expect(res.ok, url).toBe(false);
      expect(res.statusCode, url).toBeNull();
    }
    expect(resolver.calls.get('rebind.example')).toBeGreaterThanOrEqual(2);
    expect(canary.connections).toBe(0);
    expect(canary.received).toHaveLength(0);
    expect(canary6?.connections ?? 0).toBe(0);
  });
});

describe('webhook sender outcomes', () => {
  let receiver: Receiver;
  let target: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
    target = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await target?.close();
  });
  const send = () => createHttpSender({ allowHttpLoopback: true, resolver: testResolver(), timeoutMs: 300 });

  it('counts any 2xx as success and 3xx, 4xx, 5xx, a hang and a refused connection as failures; redirects are not followed', async () => {
    for (const [status, ok] of [
      [200, true],
      [204, true],
      [299, true],
      [301, false],
      [302, false],
      [307, false],
      [400, false],
      [410, false],
      [500, false],
      [503, false],
    ] as const) {
      receiver.answer = () => status;
      const res = await send()({ url: `${receiver.url}/hook`, headers: { 'x-test': '1' }, body: '{"a":1}' });
      expect(res, String(status)).toMatchObject({ statusCode: status, ok, error: null });
    }
    expect(target.connections).toBe(0);
    receiver.answer = () => new Promise((r) => setTimeout(() => r(200), 1500));
    const hung = await send()({ url: `${receiver.url}/slow`, headers: {}, body: '{}' });
    expect(hung).toMatchObject({ ok: false, statusCode: null });
    expect(hung.error).toMatch(/300 ms/);
    const refused = await send()({ url: 'http://127.0.0.1:9/', headers: {}, body: '{}' });
    expect(refused).toMatchObject({ ok: false, statusCode: null });
    expect(refused.error).toMatch(/ECONNREFUSED/);
    const sent = receiver.received[0]!;
    expect(sent.rawBody).toBe('{"a":1}');
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.headers['x-test']).toBe('1');
  });
});
