import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiServer, type FakeOpenAiServer, type RecordedRequest, type Reply } from '../../test/helpers/openai-server.js';
import type { LlmProvider, LlmSettings } from '../config/llm.js';
import { Secret } from '../config/secret.js';
import type { PageImage } from './types.js';
import { LlmUnavailableError } from './llm/errors.js';
import { createLlmReader } from './llm.js';
import { UNPLACED_CONFIDENCE, WHOLE_PAGE } from './llm/transcript.js';

const KEY = 'sk-reader-test-key-000000000000';
const servers: FakeOpenAiServer[] = [];
let pages: PageImage[];

async function page(n: number, width: number, height: number): Promise<PageImage> {
  const png = await sharp({ create: { width, height, channels: 3, background: n === 1 ? '#fff' : '#eee' } })
    .png()
    .toBuffer();
  return { page: n, width, height, png };
}

beforeAll(async () => {
  pages = [await page(1, 40, 56), await page(2, 40, 56)];
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function server(key: string | null, models: string[]): Promise<FakeOpenAiServer> {
  const s = await startOpenAiServer({ apiKey: key, models });
  servers.push(s);
  return s;
}

function provider(s: FakeOpenAiServer, model: string, key: string | null): LlmProvider {
  return {
    label: `${model}@${new URL(s.baseUrl).host}`,
    baseUrl: s.baseUrl,
    model,
    apiKey: key ? new Secret(key) : null,
    price: { inputPerMTok: 3, outputPerMTok: 15 },
  };
}

function settings(providers: LlmProvider[]): LlmSettings {
  return { mode: 'reader', providers, timeoutMs: 2000, maxTokens: 4096, maxRetries: 1 };
}

const noWait = { sleep: async () => undefined };

/** Answers each page with lines naming the page the request said it was. */
const transcribe = (req: RecordedRequest): Reply => {
  const n = Number(req.text.match(/Page (\d+)\./)?.[1]);
  return {
    kind: 'answer',
    content: { pages: [{ page: n, lines: [{ text: `PAGE ${n} TITLE`, box: [0.1, 0.05, 0.9, 0.1] }, { text: `total ${n}0.00` }] }] },
    usage: { prompt_tokens: 1000, completion_tokens: 200 },
    model: 'vision-a-2025-06-01',
  };
};

describe('vision model as a reader', () => {
  it('transcribes every page into a ReaderOutput with engine, version and summed cost', async () => {
    const a = await server(KEY, ['vision-a']);
    a.reply(transcribe, transcribe);
    const reader = createLlmReader(settings([provider(a, 'vision-a', KEY)]), { client: noWait });
    expect(reader.supports({ images: pages })).toBe(true);
    expect(reader.supports({ images: [] })).toBe(false);
    const out = await reader.read({ images: pages });

    expect(a.violations).toEqual([]);
    expect(out.reader).toBe('llm');
    expect(out.engine).toEqual({ name: 'llm:vision-a', version: 'vision-a-2025-06-01' });
    expect(out.pages.map((p) => [p.page, p.lines.map((l) => l.text)])).toEqual([
      [1, ['PAGE 1 TITLE', 'total 10.00']],
      [2, ['PAGE 2 TITLE', 'total 20.00']],
    ]);
    expect(out.pages[0]!.lines[0]!.box).toEqual([0.1, 0.05, 0.9, 0.1]);
    expect(out.pages[0]!.lines[1]).toMatchObject({ box: WHOLE_PAGE, confidence: UNPLACED_CONFIDENCE });
    // Two calls of 1000 prompt tokens at 3 $/Mtok and 200 completion tokens at 15 $/Mtok.
    expect(out.cost_usd).toBeCloseTo(2 * (0.003 + 0.003), 10);
    // Each call carried its own page's image.
    const sentFor = (n: number) => a.requests.find((r) => r.text.includes(`Page ${n}.`))!.images[0]!;
    expect(sentFor(1).equals(pages[0]!.png)).toBe(true);
    expect(sentFor(2).equals(pages[1]!.png)).toBe(true);
  });

  it('scales a large page down before sending it', async () => {
    const a = await server(null, ['vision-a']);
    a.reply(transcribe);
    const big = await page(1, 300, 120);
    await createLlmReader(settings([provider(a, 'vision-a', null)]), { maxSide: 100, client: noWait }).read({ images: [big] });
    const sent = await sharp(a.requests[0]!.images[0]!).metadata();
    expect([sent.width, sent.height]).toEqual([100, 40]);
  });

  it('falls back to the second provider when the first fails', async () => {
    const a = await server(KEY, ['vision-a']);
    const b = await server(null, ['vision-b']);
    a.reply({ kind: 'error', status: 500 }, { kind: 'error', status: 500 });
    b.reply((req) => ({ ...(transcribe(req) as Extract<Reply, { kind: 'answer' }>), model: 'vision-b-1' }));
    const out = await createLlmReader(settings([provider(a, 'vision-a', KEY), provider(b, 'vision-b', null)]), { concurrency: 1, client: noWait }).read({
      images: [pages[0]!],
    });
    expect(out.engine).toEqual({ name: 'llm:vision-b', version: 'vision-b-1' });
    expect(out.pages[0]!.lines[0]!.text).toBe('PAGE 1 TITLE');
    expect(a.requests).toHaveLength(2);
  });

  it('throws PROCESSING_PROVIDER_FAILURE listing every provider when all fail, and starts no further page', async () => {
    const a = await server(KEY, ['vision-a']);
    const b = await server(null, ['vision-b']);
    a.reply({ kind: 'error', status: 401, type: 'invalid_request_error', code: 'invalid_api_key' });
    b.reply({ kind: 'answer', content: { pages: [{ lines: 'not a list' }] }, usage: { prompt_tokens: 1_000_000, completion_tokens: 0 } });
    const reader = createLlmReader(settings([provider(a, 'vision-a', KEY), provider(b, 'vision-b', null)]), { concurrency: 1, client: noWait });
    const err = await reader.read({ images: pages }).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(LlmUnavailableError);
    expect(err).toHaveProperty('code', 'PROCESSING_PROVIDER_FAILURE'); // the code the pipeline reports
    const failure = err as LlmUnavailableError;
    expect(failure.failures.map((f) => f.kind)).toEqual(['auth', 'bad_response']);
    expect(failure.message).toMatch(/vision-a@127\.0\.0\.1:\d+: auth \(HTTP 401\)/);
    expect(failure.message).toMatch(/vision-b@127\.0\.0\.1:\d+: bad_response \(HTTP 200\)/);
    expect(failure.costUsd).toBeCloseTo(3, 10);
    // Page 2 was never asked once page 1 had failed everywhere.
    expect(a.requests).toHaveLength(1);
    expect(b.requests).toHaveLength(1);
  });

  it('refuses to exist when the configuration has no model', () => {
    expect(() => createLlmReader({ mode: 'off', providers: [], timeoutMs: 1000, maxTokens: 100, maxRetries: 0 })).toThrow(/not configured/);
  });
});
