import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiServer, type FakeOpenAiServer } from '../../../test/helpers/openai-server.js';
import { LlmUnavailableError } from './errors.js';
import { verdictOf, type JudgeRequest } from './judge.js';
import { createLlmReader } from '../llm.js';
import type { LlmSettings } from '../../config/llm.js';

const servers: FakeOpenAiServer[] = [];
let crop: Buffer;

beforeAll(async () => {
  crop = await sharp({ create: { width: 60, height: 16, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function judgeOn(): Promise<{ server: FakeOpenAiServer; judge: ReturnType<typeof createLlmReader>['judge'] }> {
  const server = await startOpenAiServer({ apiKey: null, models: ['vision-j'] });
  servers.push(server);
  const settings: LlmSettings = {
    mode: 'judge',
    providers: [{ label: 'vision-j@local', baseUrl: server.baseUrl, model: 'vision-j', apiKey: null, price: { inputPerMTok: 1, outputPerMTok: 4 } }],
    timeoutMs: 2000,
    maxTokens: 300,
    maxRetries: 0,
  };
  return { server, judge: createLlmReader(settings).judge };
}

const dispute = (c: Buffer): JudgeRequest => ({
  field: { key: 'document_number', label: 'Document number', kind: 'code' },
  candidates: [
    { reader: 'tesseract', raw: 'L898902C3' },
    { reader: 'paddle', raw: 'L8989O2C3' },
  ],
  crop: c,
});

describe('vision model as judge', () => {
  it('picks one of the readings after seeing the crop, without being told which engine read what', async () => {
    const { server, judge } = await judgeOn();
    server.reply({
      kind: 'answer',
      content: { choice: 0, value: 'L89 8902 C3', reasoning: 'The fifth character is a zero.' },
      usage: { prompt_tokens: 500, completion_tokens: 50 },
    });
    const result = await judge(dispute(crop));

    expect(server.violations).toEqual([]);
    expect(result).toMatchObject({ choice: 0, value: 'L898902C3', verdict: 'picked', reasoning: 'The fifth character is a zero.' });
    expect(result.cost_usd).toBeCloseTo(0.0007, 10);
    const sent = server.requests[0]!;
    expect(sent.images[0]!.equals(crop)).toBe(true);
    expect(sent.text).toContain('"readings":[{"index":0,"text":"L898902C3"},{"index":1,"text":"L8989O2C3"}]');
    expect(sent.text).not.toMatch(/tesseract|paddle/);
  });

  it('refuses an answer that invents a value none of the readers read', async () => {
    const { server, judge } = await judgeOn();
    server.reply({ kind: 'answer', content: { choice: 1, value: 'L898902C8', reasoning: 'Looks like this.' } });
    const result = await judge(dispute(crop));
    expect(result).toMatchObject({ choice: null, value: null, verdict: 'refused' });
    expect(result.reasoning).toMatch(/Answer refused: its value "L898902C8" is not reading 1/);
  });

  it('passes on "cannot tell" and fails over like any call', async () => {
    const { server, judge } = await judgeOn();
    server.reply({ kind: 'answer', content: { choice: null, value: null, reasoning: 'The crop is blurred.' } }, { kind: 'error', status: 503 });
    expect(await judge(dispute(crop))).toMatchObject({ choice: null, value: null, verdict: 'undecided', reasoning: 'The crop is blurred.' });
    await expect(judge(dispute(crop))).rejects.toBeInstanceOf(LlmUnavailableError);
  });

  it('refuses a dispute that is not one', async () => {
    const { judge } = await judgeOn();
    await expect(judge({ ...dispute(crop), candidates: [{ reader: 'tesseract', raw: 'X' }] })).rejects.toThrow(/2 to 10 candidates/);
    await expect(judge({ ...dispute(Buffer.from('GIF89a')) })).rejects.toThrow(/PNG/);
  });
});

describe('judge verdicts', () => {
  const candidates = [
    { reader: 'tesseract', raw: '03/04/2025' },
    { reader: 'paddle', raw: '08/04/2025' },
  ];

  it('accepts a value equal to the chosen reading after canonicalisation', () => {
    expect(verdictOf({ choice: 0, value: '03.04.2025' }, 'date', candidates)).toMatchObject({ choice: 0, value: '03/04/2025', verdict: 'picked' });
    expect(verdictOf({ choice: 1 }, 'date', candidates)).toMatchObject({ choice: 1, value: '08/04/2025', verdict: 'picked' });
  });

  it('refuses a choice out of range, or a value that is another reading than the one chosen', () => {
    expect(verdictOf({ choice: 2, value: '03/04/2025' }, 'date', candidates).verdict).toBe('refused');
    expect(verdictOf({ choice: -1 }, 'date', candidates).verdict).toBe('refused');
    expect(verdictOf({ choice: 1, value: '03/04/2025' }, 'date', candidates).verdict).toBe('refused');
  });
});
