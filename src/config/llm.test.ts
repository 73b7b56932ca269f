import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.js';

const KEY = 'sk-primary-0123456789abcdef';
const FALLBACK_KEY = 'sk-fallback-fedcba9876543210';

describe('vision-model settings', () => {
  it('has no model at all by default', () => {
    expect(loadConfig({}).llm).toMatchObject({ mode: 'off', providers: [] });
  });

  it('reads the primary provider, its prices and the fallbacks in order', () => {
    const config = loadConfig({
      DOCREAD_LLM_BASE_URL: 'https://api.example.com/v1/',
      DOCREAD_LLM_API_KEY: KEY,
      DOCREAD_LLM_MODEL: 'vision-large',
      DOCREAD_LLM_PRICE_INPUT_PER_MTOK: '2.5',
      DOCREAD_LLM_PRICE_OUTPUT_PER_MTOK: '10',
      DOCREAD_LLM_FALLBACKS: 'https://backup.example.org/openai/v1|vision-small|BACKUP_KEY|0.15|0.6; http://127.0.0.1:8000/v1|local-vl',
      BACKUP_KEY: FALLBACK_KEY,
      DOCREAD_LLM_TIMEOUT_MS: '30000',
    });
    const { llm } = config;
    expect(llm.mode).toBe('reader');
    expect(llm.timeoutMs).toBe(30_000);
    expect(llm.providers.map((p) => [p.label, p.baseUrl, p.model, p.price.inputPerMTok, p.price.outputPerMTok])).toEqual([
      ['vision-large@api.example.com', 'https://api.example.com/v1', 'vision-large', 2.5, 10],
      ['vision-small@backup.example.org', 'https://backup.example.org/openai/v1', 'vision-small', 0.15, 0.6],
      ['local-vl@127.0.0.1:8000', 'http://127.0.0.1:8000/v1', 'local-vl', 0, 0],
    ]);
    expect(llm.providers.map((p) => p.apiKey?.reveal() ?? null)).toEqual([KEY, FALLBACK_KEY, null]);
    const dump = JSON.stringify(config) + inspect(config, { depth: 9 });
    expect(dump).not.toContain(KEY);
    expect(dump).not.toContain(FALLBACK_KEY);
  });

  it('takes judge mode when asked', () => {
    expect(loadConfig({ DOCREAD_LLM_BASE_URL: 'https://a.example/v1', DOCREAD_LLM_MODEL: 'm', DOCREAD_LLM_MODE: 'judge' }).llm.mode).toBe('judge');
  });

  it.each([
    [{ DOCREAD_LLM_MODE: 'reader' }, /DOCREAD_LLM_BASE_URL: required/],
    [{ DOCREAD_LLM_BASE_URL: 'https://a.example/v1' }, /DOCREAD_LLM_MODEL: required/],
    [{ DOCREAD_LLM_BASE_URL: 'https://user:pw@a.example/v1', DOCREAD_LLM_MODEL: 'm' }, /must not carry credentials/],
    [{ DOCREAD_LLM_BASE_URL: 'ftp://a.example/v1', DOCREAD_LLM_MODEL: 'm' }, /http\(s\)/],
    [{ DOCREAD_LLM_BASE_URL: 'https://a.example/v1', DOCREAD_LLM_MODEL: 'm', DOCREAD_LLM_FALLBACKS: 'https://b.example/v1' }, /entry 1 must be/],
    [
      { DOCREAD_LLM_BASE_URL: 'https://a.example/v1', DOCREAD_LLM_MODEL: 'm', DOCREAD_LLM_FALLBACKS: 'https://b.example/v1|m2|NOT_SET_ANYWHERE' },
      /NOT_SET_ANYWHERE named for an API key is not set/,
    ],
    [{ DOCREAD_LLM_BASE_URL: 'https://a.example/v1', DOCREAD_LLM_MODEL: 'm', DOCREAD_LLM_FALLBACKS: 'https://b.example/v1|m2||cheap' }, /price "cheap"/],
  ])('refuses a bad setting with a message naming it (%o)', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
