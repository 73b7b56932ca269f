import { afterEach, describe, expect, it } from 'vitest';
import { pngWithText } from '../fixtures/files.js';
import { sqliteDatabase, type TestDatabase } from '../helpers/databases.js';
import { startHarness, upload, waitFinished, type Harness } from '../helpers/harness.js';
import { startOpenAiServer, type FakeOpenAiServer } from '../helpers/openai-server.js';

/** The optional hosted vision model in the whole service, against a local server that speaks the
 * chat-completions protocol: its reading and cost land in the result; when every provider fails,
 * the reading fails with PROCESSING_PROVIDER_FAILURE and can be rescanned at no charge. */
describe('vision model as a third reader', () => {
  let db: TestDatabase | undefined;
  let h: Harness | undefined;
  let server: FakeOpenAiServer | undefined;
  afterEach(async () => {
    await h?.close();
    await db?.cleanup();
    await server?.close();
  });

  async function start(): Promise<{ h: Harness; key: string; server: FakeOpenAiServer }> {
    server = await startOpenAiServer({ apiKey: 'sk-test-123', models: ['vision-1'] });
    db = sqliteDatabase();
    h = await startHarness(db, {
      env: {
        DOCREAD_LLM_BASE_URL: server.baseUrl,
        DOCREAD_LLM_MODEL: 'vision-1',
        DOCREAD_LLM_API_KEY: 'sk-test-123',
        DOCREAD_LLM_MODE: 'reader',
        DOCREAD_LLM_PRICE_INPUT_PER_MTOK: '2',
        DOCREAD_LLM_PRICE_OUTPUT_PER_MTOK: '8',
        DOCREAD_LLM_MAX_RETRIES: '0',
      },
    });
    return { h, key: await h.key('vision'), server };
  }

  it('adds the model reading and its cost to the result', async () => {
    const { h, key, server } = await start();
    server.reply({
      kind: 'answer',
      content: { pages: [{ page: 1, lines: [{ text: 'QUARTERLY NOTE', box: [0.05, 0.1, 0.6, 0.3] }] }] },
      usage: { prompt_tokens: 1000, completion_tokens: 100 },
    });
    const doc = (await upload(h, key, { filename: 'note.png', bytes: await pngWithText(['QUARTERLY NOTE']) })).json();
    const done = await waitFinished(h, key, doc.id);
    expect(done.result.readers).toContain('llm');
    expect(done.result.engines.map((e: { name: string }) => e.name)).toContain('llm:vision-1');
    expect(done.result.cost_usd).toBeCloseTo((1000 * 2 + 100 * 8) / 1e6, 8);
    expect(server.violations).toEqual([]);
    expect(server.requests[0]!.images.length).toBe(1);
  });

  it('fails the reading with PROCESSING_PROVIDER_FAILURE when every provider fails', async () => {
    const { h, key, server } = await start();
    server.reply({ kind: 'error', status: 500 }, { kind: 'error', status: 500 }, { kind: 'error', status: 500 });
    const doc = (await upload(h, key, { filename: 'down.png', bytes: await pngWithText(['PROVIDER DOWN']) })).json();
    const done = await waitFinished(h, key, doc.id);
    expect(done.status).toBe('failed');
    expect(done.outcome).toMatchObject({ status: 'failed', code: 'PROCESSING_PROVIDER_FAILURE', next_action: { type: 'RETRY' } });
    expect(JSON.stringify(done)).not.toContain('sk-test-123');
  });
});
