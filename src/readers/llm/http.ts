import { AttemptError } from './errors.js';
import { retryAfterMs } from './retry.js';
import type { LlmProvider } from '../../config/llm.js';
import { ChatResponseSchema, ErrorBodySchema, type ChatRequestBody, type ChatResponse } from './wire.js';

/** One POST to a provider's /chat/completions: bounded in time and in answer size, no redirects,
 * every failure turned into an AttemptError of a known kind. */

export interface AttemptOptions {
  timeoutMs: number;
  maxResponseBytes: number;
  /** The caller's cancellation: aborting it rejects with its reason, not as a provider failure. */
  signal?: AbortSignal;
}

const IDENTIFIER = /^[A-Za-z0-9_.-]{1,64}$/;

/** The provider's error type and code, when they are plain identifiers; its message is never
 * repeated (OpenAI's 401 message quotes part of the key). */
function providerSaid(text: string): { said: string; code: string | null } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { said: '', code: null };
  }
  const parsed = ErrorBodySchema.safeParse(body);
  if (!parsed.success) return { said: '', code: null };
  const parts = [parsed.data.error.type, parsed.data.error.code]
    .filter((v): v is string | number => v !== null && v !== undefined)
    .map(String)
    .filter((v) => IDENTIFIER.test(v));
  const code = parsed.data.error.code === null || parsed.data.error.code === undefined ? null : String(parsed.data.error.code);
  return { said: parts.length ? `provider said ${[...new Set(parts)].join('/')}` : '', code };
}

async function readBounded(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw new AttemptError('bad_response', `answer of ${declared} bytes exceeds the ${maxBytes}-byte limit`, { status: res.status });
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AttemptError('bad_response', `answer exceeds the ${maxBytes}-byte limit`, { status: res.status });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function failureOf(status: number, headers: Headers, text: string): AttemptError {
  const { said, code } = providerSaid(text);
  const detail = (what: string) => (said ? `${what}; ${said}` : what);
  if (status >= 300 && status < 400) return new AttemptError('redirect', 'redirect refused (never followed)', { status });
  if (status === 401 || status === 403) return new AttemptError('auth', detail('key refused'), { status });
  if (status === 408) return new AttemptError('timeout', detail('provider timed out'), { status });
  if (status === 429) {
    // An exhausted account answers 429 too; waiting does not bring money back.
    const final = code === 'insufficient_quota';
    return new AttemptError('rate_limit', detail(final ? 'quota exhausted' : 'rate limited'), { status, retryAfterMs: retryAfterMs(headers), final });
  }
  if (status >= 500) return new AttemptError('server', detail('server error'), { status, retryAfterMs: retryAfterMs(headers) });
  return new AttemptError('request', detail('request refused'), { status });
}

function networkDetail(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' && IDENTIFIER.test(cause.code) ? cause.code : null;
  return code ? `connection failed (${code})` : 'connection failed';
}

export async function postChat(provider: LlmProvider, body: ChatRequestBody, opts: AttemptOptions): Promise<ChatResponse> {
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  const key = provider.apiKey?.reveal();
  if (key) headers.authorization = `Bearer ${key}`;
  let status: number;
  let text: string;
  let resHeaders: Headers;
  try {
    const res = await fetch(`${provider.baseUrl}/chat/completions`, { method: 'POST', headers, body: JSON.stringify(body), redirect: 'manual', signal });
    status = res.status;
    resHeaders = res.headers;
    if (status >= 300 && status < 400) {
      await res.body?.cancel();
      throw failureOf(status, res.headers, '');
    }
    text = await readBounded(res, opts.maxResponseBytes);
  } catch (err) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    if (err instanceof AttemptError) throw err;
    if (timeout.aborted) throw new AttemptError('timeout', `no complete answer within ${opts.timeoutMs} ms`);
    throw new AttemptError('network', networkDetail(err));
  }
  if (status < 200 || status >= 300) throw failureOf(status, resHeaders, text);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AttemptError('bad_response', 'answer is not JSON', { status });
  }
  const parsed = ChatResponseSchema.safeParse(json);
  if (!parsed.success) throw new AttemptError('bad_response', 'answer is not a chat completion', { status });
  return parsed.data;
}
