/** How a call to a provider failed, and the error raised when every provider did. */

export const FAILURE_KINDS = [
  /** 401/403: the key is wrong or lacks access. */
  'auth',
  /** 429 after the allowed retries, or a Retry-After longer than we wait. */
  'rate_limit',
  /** 5xx after the allowed retries. */
  'server',
  /** No complete answer within the time limit. */
  'timeout',
  /** Connection refused, reset, DNS failure. */
  'network',
  /** A 3xx: redirects are never followed (the key would travel to another address). */
  'redirect',
  /** Another 4xx: the request was refused (unknown model, image too large…). */
  'request',
  /** A 2xx whose body is not the chat-completions shape, too large, cut short, or not the JSON asked for. */
  'bad_response',
] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** One failed HTTP attempt. `detail` is written by this module only (never a provider's message,
 * which may quote part of the key). */
export class AttemptError extends Error {
  readonly kind: FailureKind;
  readonly status: number | null;
  /** Milliseconds the provider asked us to wait (Retry-After), when it said. */
  readonly retryAfterMs: number | null;
  /** What the attempt cost when the provider billed it (a 200 with an unusable answer). */
  readonly costUsd: number;
  /** True when waiting cannot help even though the kind is usually transient. */
  readonly final: boolean;

  constructor(kind: FailureKind, detail: string, opts: { status?: number; retryAfterMs?: number | null; costUsd?: number; final?: boolean } = {}) {
    super(detail);
    this.name = 'AttemptError';
    this.kind = kind;
    this.status = opts.status ?? null;
    this.retryAfterMs = opts.retryAfterMs ?? null;
    this.costUsd = opts.costUsd ?? 0;
    this.final = opts.final ?? false;
  }

  get retryable(): boolean {
    return !this.final && (this.kind === 'rate_limit' || this.kind === 'server');
  }
}

export interface ProviderFailure {
  /** `model@host`. */
  provider: string;
  kind: FailureKind;
  status: number | null;
  attempts: number;
  detail: string;
}

export function describeFailure(f: ProviderFailure): string {
  const status = f.status === null ? '' : ` (HTTP ${f.status})`;
  const attempts = `${f.attempts} attempt${f.attempts === 1 ? '' : 's'}`;
  return `${f.provider}: ${f.kind}${status} after ${attempts}: ${f.detail}`;
}

/** Every provider failed. `code` is the outcome code the pipeline ends the document with. */
export class LlmUnavailableError extends Error {
  readonly code = 'PROCESSING_PROVIDER_FAILURE';
  readonly failures: ProviderFailure[];
  /** Spent on billed attempts before giving up. */
  readonly costUsd: number;

  constructor(failures: ProviderFailure[], costUsd: number) {
    super(`Every vision-model provider failed: ${failures.map(describeFailure).join('; ')}`);
    this.name = 'LlmUnavailableError';
    this.failures = failures;
    this.costUsd = costUsd;
  }
}
