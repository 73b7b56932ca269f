import { Writable } from 'node:stream';
import { inspect } from 'node:util';
import pino from 'pino';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startOpenAiServer, type FakeOpenAiServer } from '../../../test/helpers/openai-server.js';
import type { LlmProvider } from '../../config/llm.js';
import { Secret } from '../../config/secret.js';
import { createLlmClient, type LlmClientOptions } from './client.js';
import { LlmUnavailableError } from './errors.js';
import { pngDataUrl, type ChatMessage } from './wire.js';

const KEY_A = 'sk-test-AAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const KEY_B = 'sk-test-BBBBBBBBBBBBBBBBBBBBBBBBBBBB';
const Answer = z.object({ ok: z.boolean() });
const parse = (json: unknown) => Answer.parse(json);

let png: Buffer;
let messages: ChatMessage[];
const servers: FakeOpenAiServer[] = [];

beforeAll(async () => {
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  messages = [
    { role: 'system', content: 'Answer in JSON.' },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'Read this.' },
        { type: 'image_url', image_url: { url: pngDataUrl(png), detail: 'high' } },
      ],
    },
  ];
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function server(key: string | null, models: string[]): Promise<FakeOpenAiServer> {
  const s = await startOpenAiServer({ apiKey: key, models });
  servers.push(s);
  return s;
}

function provider(s: FakeOpenAiServer, model: string, key: string | null, price = { inputPerMTok: 2.5, outputPerMTok: 10 }): LlmProvider {
  return { label: `${model}@${new URL(s.baseUrl).host}`, baseUrl: s.baseUrl, model, apiKey: key ? new Secret(key) : null, price };
}

/** Options with waits recorded instead of spent. */
function options(providers: LlmProvider[], extra: Partial<LlmClientOptions> = {}): LlmClientOptions & { waits: number[] } {
  const waits: number[] = [];
  return { providers, timeoutMs: 2000, maxTokens: 500, maxRetries: 2, backoffBaseMs: 100, sleep: async (ms) => void waits.push(ms), waits, ...extra };
}

describe('chat-completions client', () => {
  it('sends the request the API expects and prices the answer from its usage', async () => {
    const a = await server(KEY_A, ['vision-a']);
    a.reply({ kind: 'answer', content: { ok: true }, usage: { prompt_tokens: 1200, completion_tokens: 300 }, model: 'vision-a-2025-01-01' });
    const client = createLlmClient(options([provider(a, 'vision-a', KEY_A)]));
    const result = await client.complete(messages, parse);

    expect(a.violations).toEqual([]);
    expect(result.value).toEqual({ ok: true });
    // 1200 × 2.5 / 1e6 + 300 × 10 / 1e6
    expect(result.costUsd).toBeCloseTo(0.006, 10);
    expect(result.modelVersion).toBe('vision-a-2025-01-01');
    const sent = a.requests[0]!;
    expect(sent.headers.authorization).toBe(`Bearer ${KEY_A}`);
    expect(sent.body).toMatchObject({ model: 'vision-a', temperature: 0, response_format: { type: 'json_object' }, max_tokens: 500 });
    expect(sent.images[0]!.equals(png)).toBe(true);
  });

  it('waits as long as Retry-After says on a 429, then succeeds on the same provider', async () => {
    const a = await server(KEY_A, ['vision-a']);
    a.reply({ kind: 'error', status: 429, type: 'requests', code: 'rate_limit_exceeded', retryAfter: '2' }, { kind: 'answer', content: { ok: true } });
    const opts = options([provider(a, 'vision-a', KEY_A)]);
    const result = await createLlmClient(opts).complete(messages, parse);
    expect(result.value.ok).toBe(true);
    expect(opts.waits).toEqual([2000]);
    expect(a.requests).toHaveLength(2);
  });

  it('retries a 5xx with growing backoff, then falls back to the next provider', async () => {
    const a = await server(KEY_A, ['vision-a']);
    const b = await server(KEY_B, ['vision-b']);
    a.reply(...Array.from({ length: 3 }, () => ({ kind: 'error' as const, status: 503 })));
    b.reply({ kind: 'answer', content: { ok: true } });
    const opts = options([provider(a, 'vision-a', KEY_A), provider(b, 'vision-b', KEY_B)]);
    const result = await createLlmClient(opts).complete(messages, parse);
    expect(a.requests).toHaveLength(3);
    expect(result.provider).toBe(`vision-b@${new URL(b.baseUrl).host}`);
    expect(b.requests[0]!.headers.authorization).toBe(`Bearer ${KEY_B}`);
    expect(opts.waits).toHaveLength(2);
    // Jitter keeps each wait within half to all of 100 ms × 2^attempt.
    expect(opts.waits[0]).toBeGreaterThanOrEqual(50);
    expect(opts.waits[0]).toBeLessThanOrEqual(100);
    expect(opts.waits[1]).toBeGreaterThanOrEqual(100);
    expect(opts.waits[1]).toBeLessThanOrEqual(200);
  });

  it('leaves a provider at once when it asks for a longer wait than allowed, or its quota is gone', async () => {
    const a = await server(KEY_A, ['vision-a']);
    const b = await server(KEY_B, ['vision-b']);
    const c = await server(null, ['vision-c']);
    a.reply({ kind: 'error', status: 429, retryAfter: '120' });
    b.reply({ kind: 'error', status: 429, code: 'insufficient_quota', type: 'insufficient_quota' });
    c.reply({ kind: 'answer', content: { ok: true } });
    const opts = options([provider(a, 'vision-a', KEY_A), provider(b, 'vision-b', KEY_B), provider(c, 'vision-c', null)], { maxRetryWaitMs: 20_000 });
    const result = await createLlmClient(opts).complete(messages, parse);
    expect(result.provider).toContain('vision-c');
    expect(opts.waits).toEqual([]);
    expect(a.requests).toHaveLength(1);
    expect(b.requests).toHaveLength(1);
    expect(c.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('reports every provider failure with its kind when all fail (PROCESSING_PROVIDER_FAILURE)', async () => {
    const auth = await server('sk-other-key', ['m1']);
    const hang = await server(null, ['m2']);
    const broken = await server(null, ['m3']);
    const huge = await server(null, ['m4']);
    const wrong = await server(null, ['m5']);
    const busy = await server(null, ['m6']);
    hang.reply({ kind: 'hang' });
    broken.reply({ kind: 'malformed' });
    huge.reply({ kind: 'oversized', bytes: 1024 * 1024 });
    wrong.reply({ kind: 'answer', content: { ok: 'yes' }, usage: { prompt_tokens: 1000, completion_tokens: 1000 } });
    busy.reply({ kind: 'error', status: 500 }, { kind: 'error', status: 502 });
    const providers = [
      provider(auth, 'm1', KEY_A),
      provider(hang, 'm2', null),
      provider(broken, 'm3', null),
      provider(huge, 'm4', null),
      provider(wrong, 'm5', null, { inputPerMTok: 1, outputPerMTok: 1 }),
      provider(busy, 'm6', null),
    ];
    const client = createLlmClient(options(providers, { timeoutMs: 1500, maxRetries: 1, maxResponseBytes: 64 * 1024 }));
    const err = await client.complete(messages, parse).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(LlmUnavailableError);
    const failure = err as LlmUnavailableError;
    expect(failure).toHaveProperty('code', 'PROCESSING_PROVIDER_FAILURE'); // the code the pipeline reports
    expect(failure.failures.map((f) => [f.provider.split('@')[0], f.kind, f.status, f.attempts])).toEqual([
      ['m1', 'auth', 401, 1],
      ['m2', 'timeout', null, 1],
      ['m3', 'bad_response', 200, 1],
      ['m4', 'bad_response', 200, 1],
      ['m5', 'bad_response', 200, 1],
      ['m6', 'server', 502, 2],
    ]);
    for (const f of failure.failures) expect(failure.message).toContain(f.provider);
    expect(failure.message).toContain('content is not the JSON asked for (ok:');
    // The unusable answer was billed: 1000 + 1000 tokens at 1 $/Mtok.
    expect(failure.costUsd).toBeCloseTo(0.002, 10);
  });

  it('never follows a redirect', async () => {
    const a = await server(KEY_A, ['vision-a']);
    const target = await server(null, ['vision-a']);
    a.reply({ kind: 'redirect', location: target.baseUrl + '/chat/completions' });
    const err = await createLlmClient(options([provider(a, 'vision-a', KEY_A)]))
      .complete(messages, parse)
      .catch((e: unknown) => e);
    expect((err as LlmUnavailableError).failures[0]).toMatchObject({ kind: 'redirect', status: 307 });
    expect(target.requests).toHaveLength(0);
  });

  it('reports a refused connection as a network failure', async () => {
    const a = await server(null, ['vision-a']);
    const gone = provider(a, 'vision-a', null);
    await a.close();
    servers.splice(servers.indexOf(a), 1);
    const err = await createLlmClient(options([gone]))
      .complete(messages, parse)
      .catch((e: unknown) => e);
    expect((err as LlmUnavailableError).failures[0]).toMatchObject({ kind: 'network', detail: 'connection failed (ECONNREFUSED)' });
  });

  it('stops when the caller aborts, with the caller’s reason rather than a provider failure', async () => {
    const a = await server(null, ['vision-a']);
    const b = await server(null, ['vision-b']);
    a.reply({ kind: 'hang' });
    const controller = new AbortController();
    const pending = createLlmClient(options([provider(a, 'vision-a', null), provider(b, 'vision-b', null)], { timeoutMs: 10_000 })).complete(
      messages,
      parse,
      controller.signal,
    );
    setTimeout(() => controller.abort(new Error('document deleted')), 50);
    await expect(pending).rejects.toThrow('document deleted');
    expect(b.requests).toHaveLength(0);
  });

  it('keeps API keys out of logs, error messages and dumps', async () => {
    const a = await server('sk-the-right-one', ['vision-a']);
    const b = await server(null, ['vision-b']);
    b.reply({ kind: 'error', status: 500, message: `upstream echoed ${KEY_B}` }, { kind: 'error', status: 500 });
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const logger = pino({ level: 'debug' }, sink);
    const providers = [provider(a, 'vision-a', KEY_A), provider(b, 'vision-b', KEY_B)];
    const err = (await createLlmClient({ ...options(providers, { maxRetries: 1 }), logger })
      .complete(messages, parse)
      .catch((e: unknown) => e)) as LlmUnavailableError;

    expect(lines.length).toBeGreaterThanOrEqual(3);
    // The fake server quoted the wrong key in its 401 body, as the real API does in part.
    const everything = [
      lines.join(''),
      err.message,
      String(err.stack),
      JSON.stringify(err),
      inspect(err, { depth: 9 }),
      JSON.stringify(providers),
      inspect(providers, { depth: 9 }),
    ].join('\n');
    for (const key of [KEY_A, KEY_B]) expect(everything).not.toContain(key);
    expect(everything).toContain('invalid_request_error/invalid_api_key');
  });
});
