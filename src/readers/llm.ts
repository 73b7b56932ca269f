import type { PageImage, PageText, Reader, ReaderOutput, ReadRequest } from './types.js';
import { createLlmClient, type ChatResult, type LlmClient, type LlmClientOptions, type LlmLogger } from './llm/client.js';
import { roundUsd } from './llm/cost.js';
import { LlmUnavailableError } from './llm/errors.js';
import { fitPng } from './llm/images.js';
import { judgeDispute, type JudgeRequest, type JudgeResult } from './llm/judge.js';
import { transcribeMessages } from './llm/prompts.js';
import type { LlmMode, LlmSettings } from '../config/llm.js';
import { pageTextOf, parseTranscript, type Transcript } from './llm/transcript.js';

/** The hosted vision model as a reader (one call per page, transcribing every line) and as the
 * judge of disputes. Nothing runs on the event loop but JSON and base64 work; images are scaled
 * by sharp in libuv's pool. */

export interface LlmReaderOptions {
  logger?: LlmLogger;
  /** Longer side a page is scaled down to before sending. Default 2048. */
  maxSide?: number;
  /** Pages asked at once. Default 2. */
  concurrency?: number;
  /** Client tuning (tests shorten and observe the waits). */
  client?: Partial<Pick<LlmClientOptions, 'maxRetryWaitMs' | 'backoffBaseMs' | 'maxResponseBytes' | 'sleep'>>;
}

export interface LlmReader extends Reader {
  readonly mode: LlmMode;
  /** Asks the model to pick one of a disputed field's readings; throws LlmUnavailableError when
   * every provider fails. */
  judge(req: JudgeRequest, signal?: AbortSignal): Promise<JudgeResult>;
}

interface PageAnswer {
  text: PageText;
  result: ChatResult<Transcript>;
}

const unique = (values: string[]) => [...new Set(values)];

export function createLlmReader(settings: LlmSettings, opts: LlmReaderOptions = {}): LlmReader {
  if (settings.mode === 'off' || settings.providers.length === 0) throw new Error('The vision model is not configured (DOCREAD_LLM_MODE is off)');
  const client: LlmClient = createLlmClient({
    providers: settings.providers,
    timeoutMs: settings.timeoutMs,
    maxTokens: settings.maxTokens,
    maxRetries: settings.maxRetries,
    ...(opts.logger ? { logger: opts.logger } : {}),
    ...opts.client,
  });
  const maxSide = opts.maxSide ?? 2048;
  const concurrency = Math.max(1, opts.concurrency ?? 2);

  async function readPage(image: PageImage, signal: AbortSignal | undefined): Promise<PageAnswer> {
    const png = await fitPng(image.png, maxSide);
    const result = await client.complete(transcribeMessages(image.page, png), parseTranscript, signal);
    return { text: pageTextOf(image.page, result.value), result };
  }

  /** Every page, `concurrency` at a time; after a page fails no new page is started. */
  async function readPages(images: PageImage[], signal: AbortSignal | undefined): Promise<PageAnswer[]> {
    const answers: PageAnswer[] = [];
    const errors: unknown[] = [];
    let next = 0;
    const lane = async () => {
      while (next < images.length && errors.length === 0) {
        const image = images[next++]!;
        try {
          answers.push(await readPage(image, signal));
        } catch (err) {
          errors.push(err);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, images.length) }, lane));
    if (errors.length > 0) {
      const spent = roundUsd(
        answers.reduce((s, a) => s + a.result.costUsd, 0) + errors.reduce<number>((s, e) => s + (e instanceof LlmUnavailableError ? e.costUsd : 0), 0),
      );
      const unavailable = errors.find((e): e is LlmUnavailableError => e instanceof LlmUnavailableError);
      if (unavailable) throw new LlmUnavailableError(unavailable.failures, spent);
      throw errors[0];
    }
    return answers.sort((a, b) => a.text.page - b.text.page);
  }

  return {
    name: 'llm',
    mode: settings.mode,
    supports: (request: ReadRequest) => request.images.length > 0,
    async read(request: ReadRequest): Promise<ReaderOutput> {
      const started = performance.now();
      const answers = await readPages(request.images, request.signal);
      return {
        reader: 'llm',
        engine: {
          name: `llm:${unique(answers.length ? answers.map((a) => a.result.model) : [settings.providers[0]!.model]).join('+')}`,
          version: unique(answers.map((a) => a.result.modelVersion)).join('+') || 'unknown',
        },
        pages: answers.map((a) => a.text),
        ms: Math.round(performance.now() - started),
        cost_usd: roundUsd(answers.reduce((s, a) => s + a.result.costUsd, 0)),
      };
    },
    judge: (req, signal) => judgeDispute(client, req, signal),
  };
}
