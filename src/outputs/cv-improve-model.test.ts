import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAiServer, type FakeOpenAiServer } from '../../test/helpers/openai-server.js';
import type { Cv } from '../doctypes/cv/model.js';
import { createLlmClient } from '../readers/llm/client.js';
import { Secret } from '../config/secret.js';
import { modelImprover } from './cv-improve-model.js';

const KEY = 'sk-test-CVCVCVCVCVCVCVCVCVCVCVCVCVCV';
const w = { region: null, evidence: ['text_layer' as const] };
const cv: Cv = {
  contact: { name: { value: 'Ana Silva', ...w }, email: null, phone: null, location: null, links: [] },
  summary: { value: 'Engineer who is very good at data.', ...w },
  experience: [
    {
      title: 'Data Engineer',
      employer: 'Acme GmbH',
      place: null,
      start: '2019-01',
      end: '2022-03',
      dates_raw: null,
      bullets: ['Responsible for pipelines that process 2 TB per day', 'Worked on cost reduction of 30% at Acme'],
      ...w,
    },
  ],
  education: [],
  skills: [],
  languages: [],
  certifications: [],
  projects: [],
  sections: [],
  source: { reader: 'text_layer', columns: 1 },
};

let server: FakeOpenAiServer | null = null;
afterEach(async () => server?.close());

describe('improvement by the hosted model', () => {
  it("passes the model's wording through the fact lock: a changed number is refused, the rest kept", async () => {
    server = await startOpenAiServer({ apiKey: KEY, models: ['writer'], textOnly: true });
    server.reply({
      kind: 'answer',
      content: {
        items: [
          { id: 'summary', text: 'Engineer skilled in data.' },
          { id: 'experience[0].bullets[0]', text: 'Built pipelines processing 2 TB per day' },
          { id: 'experience[0].bullets[1]', text: 'Cut costs by 35% at Acme' },
        ],
      },
      model: 'writer-2025',
    });
    const client = createLlmClient({
      providers: [{ label: 'writer', baseUrl: server.baseUrl, model: 'writer', apiKey: new Secret(KEY), price: { inputPerMTok: 0, outputPerMTok: 0 } }],
      timeoutMs: 5000,
      maxTokens: 500,
      maxRetries: 0,
    });
    const improve = modelImprover(client, () => {});
    const out = await improve(cv);
    expect(server.violations, server.violations.join('; ')).toEqual([]);
    expect(server.requests[0]!.text).toContain('Responsible for pipelines');
    expect(out.engine).toBe('writer-2025');
    expect(out.cv.experience[0]!.bullets).toEqual(['Built pipelines processing 2 TB per day', 'Worked on cost reduction of 30% at Acme']);
    expect(out.refused.map((r) => r.where)).toEqual(['experience[0].bullets[1]']);
    expect(out.cv.summary!.value).toBe('Engineer skilled in data.');
    expect(out.fact_diff).toMatchObject({ lost: [], added: [] });
  });

  it('falls back to the local rules when the model fails', async () => {
    server = await startOpenAiServer({ apiKey: KEY, models: ['writer'], textOnly: true });
    server.reply({ kind: 'error', status: 500 });
    const client = createLlmClient({
      providers: [{ label: 'writer', baseUrl: server.baseUrl, model: 'writer', apiKey: new Secret(KEY), price: { inputPerMTok: 0, outputPerMTok: 0 } }],
      timeoutMs: 5000,
      maxTokens: 500,
      maxRetries: 0,
    });
    const errors: unknown[] = [];
    const out = await modelImprover(client, (e) => errors.push(e))(cv);
    expect(errors).toHaveLength(1);
    expect(out.engine).toBe('local_rules');
    expect(out.fact_diff).toMatchObject({ lost: [], added: [] });
  });
});
