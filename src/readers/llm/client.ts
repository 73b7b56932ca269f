import { jitteredBackoffMs } from '../../domain/backoff.js';
import { callCostUsd, roundUsd, type TokenUsage } from './cost.js';
import { AttemptError, LlmUnavailableError, type ProviderFailure } from './errors.js';
import { postChat } from './http.js';
import { sleep as realSleep } from './retry.js';
import { redact } from '../../config/secret.js';
import type { LlmProvider } from '../../config/llm.js';
import type { ChatMessage, ChatResponse } from './wire.js';

/** A chat-completions client over several providers tried in order: 429 and 5xx are retried on
 * the same provider (honouring Retry-After up to a bound), then the next provider is asked; when
 * all fail the call throws LlmUnavailableError (PROCESSING_PROVIDER_FAILURE) listing each. */

/** The part of a pino logger used here. */
export interface LlmLogger {
  warn(obj: Record<string, unknown>, msg: string): void;
}

export interface LlmClientOptions {
  providers: LlmProvider[];
  timeoutMs: number;
  maxTokens: number;
  maxRetries: number;
  /** Longest wait before a retry; a provider asking for more is left for the next. Default 20 s. */
  maxRetryWaitMs?: number;
  /** First backoff when the provider names no delay. Default 1 s. */
  backoffBaseMs?: number;
  /** Largest answer read. Default 2 MiB. */
  maxResponseBytes?: number;
  logger?: LlmLogger;
  /** Injected by tests to observe waits without spending them. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface ChatResult<T> {
  value: T;
  /** `model@host` of the provider that answered. */
  provider: string;
  /** The configured model name of that provider. */
  model: string;
  /** The exact model the provider reports having run (e.g. a dated snapshot), else `model`. */
  modelVersion: string;
  usage: TokenUsage | null;
  /** Every billed attempt of this call, including unusable answers from earlier providers. */
  costUsd: number;
}

export interface LlmClient {
  readonly providers: readonly LlmProvider[];
  /** Sends the messages and returns the JSON answer checked by `parse` (which throws to refuse it). */
  complete<T>(messages: ChatMessage[], parse: (json: unknown) => T, signal?: AbortSignal): Promise<ChatResult<T>>;
}

/** The JSON object in a message's content; tolerates a Markdown code fence around it. */
function jsonContent(content: string): unknown {
  const fenced = content.trim().match(/^```(?:json)?\s*([\s\S]*?)\s*```$/);
  return JSON.parse(fenced ? fenced[1]! : content);
}

function issueSummary(err: unknown): string {
  const issues = (err as { issues?: Array<{ path: PropertyKey[]; message: string }> } | null)?.issues;
  if (Array.isArray(issues) && issues[0]) {
    const path = issues[0].path.map(String).join('.') || '(root)';
    return `${path}: ${issues[0].message}`.slice(0, 200);
  }
  return (err instanceof Error ? err.message : String(err)).slice(0, 200);
}

/** The answer's content, parsed; every way it can be unusable is a billed bad_response. */
function contentOf<T>(response: ChatResponse, parse: (json: unknown) => T, costUsd: number): T {
  const choice = response.choices[0]!;
  const bad = (detail: string) => new AttemptError('bad_response', detail, { status: 200, costUsd });
  if (choice.finish_reason === 'length') throw bad('answer cut short at max_tokens');
  if (choice.message.refusal) throw bad('the model refused');
  if (!choice.message.content) throw bad('answer has no content');
  let json: unknown;
  try {
    json = jsonContent(choice.message.content);
  } catch {
    throw bad('content is not JSON');
  }
  try {
    return parse(json);
  } catch (err) {
    throw bad(`content is not the JSON asked for (${issueSummary(err)})`);
  }
}

export function createLlmClient(opts: LlmClientOptions): LlmClient {
  if (opts.providers.length === 0) throw new Error('The vision-model client needs at least one provider');
  const maxRetryWaitMs = opts.maxRetryWaitMs ?? 20_000;
  const backoffBase = opts.backoffBaseMs ?? 1000;
  const maxResponseBytes = opts.maxResponseBytes ?? 2 * 1024 * 1024;
  const wait = opts.sleep ?? realSleep;
  const secrets = opts.providers.map((p) => p.apiKey);

  async function tryProvider<T>(
    provider: LlmProvider,
    messages: ChatMessage[],
    parse: (json: unknown) => T,
    spent: { usd: number },
    signal: AbortSignal | undefined,
  ): Promise<ChatResult<T> | ProviderFailure> {
    const body = { model: provider.model, messages, temperature: 0 as const, response_format: { type: 'json_object' as const }, max_tokens: opts.maxTokens };
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await postChat(provider, body, { timeoutMs: opts.timeoutMs, maxResponseBytes, ...(signal ? { signal } : {}) });
        const cost = callCostUsd(response.usage, provider.price);
        spent.usd = roundUsd(spent.usd + cost);
        const value = contentOf(response, parse, cost);
        return {
          value,
          provider: provider.label,
          model: provider.model,
          modelVersion: response.model ?? provider.model,
          usage: response.usage ?? null,
          costUsd: spent.usd,
        };
      } catch (err) {
        if (!(err instanceof AttemptError)) throw err;
        const detail = redact(err.message, secrets);
        opts.logger?.warn({ provider: provider.label, kind: err.kind, status: err.status, attempt: attempt + 1 }, `vision model call failed: ${detail}`);
        const delay = err.retryAfterMs ?? jitteredBackoffMs(attempt, backoffBase, maxRetryWaitMs);
        if (!err.retryable || attempt >= opts.maxRetries || delay > maxRetryWaitMs) {
          const waitTooLong = err.retryable && attempt < opts.maxRetries && delay > maxRetryWaitMs;
          return {
            provider: provider.label,
            kind: err.kind,
            status: err.status,
            attempts: attempt + 1,
            detail: waitTooLong ? `${detail}; asked to wait ${Math.ceil(delay / 1000)} s` : detail,
          };
        }
        await wait(delay, signal);
      }
    }
  }

  return {
    providers: opts.providers,
    async complete(messages, parse, signal) {
      const failures: ProviderFailure[] = [];
      const spent = { usd: 0 };
      for (const provider of opts.providers) {
        const result = await tryProvider(provider, messages, parse, spent, signal);
        if ('value' in result) return result;
        failures.push(result);
      }
      throw new LlmUnavailableError(failures, spent.usd);
    },
  };
}
